import { z } from 'zod';

/** Path parameters shared by every project route (ids are checked again by the repos). */
export const ZProjectParams = z.object({ id: z.string().max(64) });
export const ZPageParams = ZProjectParams.extend({ pageId: z.string().max(64) });
export const ZCityParams = ZProjectParams.extend({ cityId: z.string().max(64) });

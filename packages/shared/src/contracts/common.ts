import { z } from 'zod';

export function ZPaged<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type TPaged<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
});

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

/** Path parameters shared by every project route (ids are checked again by the server's repos). */
export const ZProjectParams = z.object({ id: z.string().max(64) });
export const ZPageParams = ZProjectParams.extend({ pageId: z.string().max(64) });
export const ZCityParams = ZProjectParams.extend({ cityId: z.string().max(64) });
export const ZCountyParams = ZProjectParams.extend({ countyId: z.string().max(64) });

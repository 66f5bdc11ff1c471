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

/**
 * An id, as the database makes them (a UUID of any version): anything else is refused with a
 * 400 naming what it should be, before a query sees it. `what` names the thing ("project").
 */
export const ZId = (what: string) => z.guid({ error: badIdMessage(what) });
export function badIdMessage(what: string): string {
  return `Not a valid ${what} id`;
}
/** Whether a field's message is ZId's refusal (an address whose id can name nothing). */
export function isBadIdMessage(message: string): boolean {
  return message.startsWith('Not a valid ') && message.endsWith(' id');
}

/** Path parameters shared by every project route. */
export const ZProjectParams = z.object({ id: ZId('project') });
export const ZPageParams = ZProjectParams.extend({ pageId: ZId('page') });
export const ZCityParams = ZProjectParams.extend({ cityId: ZId('city') });
export const ZCountyParams = ZProjectParams.extend({ countyId: ZId('county') });

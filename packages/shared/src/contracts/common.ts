import { z } from 'zod';

export const ZApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

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

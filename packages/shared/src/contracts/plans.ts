import { z } from 'zod';

const ZPlanLimits = z.object({
  projects: z.number().int().nullable(),
  cityPagesPerMonth: z.number().int().nullable(),
});

export const ZPlan = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  interval: z.enum(['month', 'year']),
  description: z.string(),
  isPopular: z.boolean(),
  stripePriceId: z.string().nullable(),
  features: z.array(z.string()),
  limits: ZPlanLimits,
  purchasable: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZInvoice = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  status: z.string(),
  link: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZUrlResponse = z.object({ url: z.string() });
export type TUrlResponse = z.infer<typeof ZUrlResponse>;

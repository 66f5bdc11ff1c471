import { takeExcluded } from '../../db/excluded.ts';
import type { Db } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';

type Seed = typeof plans.$inferInsert;

/** The four plans of the spec. Prices and limits are product decisions (docs/decisions.md). */
export const PLAN_SEED: Seed[] = [
  {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    description: 'Try CityForge on one small site.',
    features: [
      '1 project',
      '25 city pages a month',
      'Offline draft model',
      'ZIP download of the site',
    ],
    limitProjects: 1,
    limitCityPagesPerMonth: 25,
    sortOrder: 0,
  },
  {
    id: 'basic',
    name: 'Basic',
    priceCents: 2900,
    description: 'For a single business with a few service areas.',
    features: [
      '3 projects',
      '250 city pages a month',
      'All AI models with your keys',
      'Netlify publishing and custom domains',
    ],
    limitProjects: 3,
    limitCityPagesPerMonth: 250,
    sortOrder: 1,
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 7900,
    description: 'For agencies shipping sites for several clients.',
    isPopular: true,
    features: [
      '15 projects',
      '2,500 city pages a month',
      'Visual and HTML editors',
      'Image generation',
    ],
    limitProjects: 15,
    limitCityPagesPerMonth: 2500,
    sortOrder: 2,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceCents: 24900,
    description: 'For large agencies running hundreds of client sites.',
    features: [
      'Unlimited projects',
      '25,000 city pages a month',
      'Priority generation queue',
      'Priority support',
    ],
    limitProjects: null,
    limitCityPagesPerMonth: 25000,
    sortOrder: 3,
  },
];

/** Idempotent: refreshes names, prices and limits; keeps a stripePriceId set by an operator. */
export async function seedPlans(db: Db): Promise<void> {
  await db
    .insert(plans)
    .values(PLAN_SEED)
    .onConflictDoUpdate({
      target: plans.id,
      set: takeExcluded(plans, [
        'name',
        'priceCents',
        'description',
        'isPopular',
        'features',
        'limitProjects',
        'limitCityPagesPerMonth',
        'sortOrder',
      ]),
    });
}

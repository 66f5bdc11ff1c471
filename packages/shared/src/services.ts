import type { TServicePagesSetting } from './contracts/projects.ts';

/** URL-safe, lower-case, ASCII: "Heating & Cooling" → "heating-and-cooling". */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
}

/** A service of the project: one of its service pages. */
export type ProjectService = { id: string; name: string; slug: string };

/** What separates the services a sheet's Services cell names. */
export const SERVICE_SEPARATORS = /[,;]+/;

/** The headers a sheet's Services column goes by (as the locations reader matches headers). */
export const SERVICES_HEADERS = [
  'services',
  'services offered',
  'service list',
  'offered services',
];

/** "Roof Repairs", "roof-repair" and "Roof repair" are one service: words, singular. */
function loose(text: string): string {
  return slugify(text)
    .split('-')
    .filter(Boolean)
    .map((word) => {
      if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
      if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
      return word;
    })
    .join('-');
}

/**
 * Finds the project's service a sheet names, by its name or its slug, forgiving case,
 * punctuation, "&" for "and" and a plural: null when none fits.
 */
export function serviceMatcher(services: ProjectService[]) {
  const byKey = new Map<string, ProjectService>();
  for (const service of services)
    for (const key of [
      service.slug,
      slugify(service.name),
      loose(service.name),
      loose(service.slug),
    ])
      if (key && !byKey.has(key)) byKey.set(key, service);
  const match = (name: string): ProjectService | null =>
    byKey.get(slugify(name)) ?? byKey.get(loose(name)) ?? null;
  /** How many services there are to match. */
  return Object.assign(match, { size: services.length });
}
export type ServiceMatcher = ReturnType<typeof serviceMatcher>;

/** The names of `given` that are none of the project's services. */
export function unknownServices(given: string[], match: ServiceMatcher) {
  return given.filter((name) => !match(name));
}

/**
 * The services a place offers pages for: none while the setting is off; else the chosen
 * services the place's Services cell names, or, for a place without one, all or none of
 * them as the setting says.
 */
export function offeredServices(
  setting: TServicePagesSetting,
  services: ProjectService[],
  given: string[] | null,
  match: ServiceMatcher,
): ProjectService[] {
  if (!setting.enabled) return [];
  const chosen = setting.services;
  const allowed = chosen === 'all' ? services : services.filter((s) => chosen.includes(s.slug));
  if (!given?.length) return setting.unlisted === 'all' ? allowed : [];
  const named = new Set(given.map((name) => match(name)?.id).filter(Boolean));
  return allowed.filter((s) => named.has(s.id));
}

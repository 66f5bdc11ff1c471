import { compactName, kindOf, stateKey, withoutKind } from './geo-names.ts';
import type { GeoIndex } from './geography-index.ts';
import type { Place } from './places.ts';

/**
 * The places a city name can mean: as written, without its kind of municipality ("Shelby
 * Township" → Shelby), and the other way round ("West Bloomfield" → West Bloomfield
 * Township); and, when none, how to say where the name is known.
 */

// Enough candidates to recognise the right one in a message; the full list rides in
// `candidates`.
const LISTED_IN_REASON = 8;

export function describe(place: Place): string {
  return `${place.city}, ${place.stateId} (${place.county})`;
}

export function listForReason(places: Place[]): string {
  const shown = places.slice(0, LISTED_IN_REASON).map(describe).join('; ');
  const more = places.length - LISTED_IN_REASON;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

export function placeOrder(a: Place, b: Place): number {
  return (
    a.stateId.localeCompare(b.stateId) ||
    (b.population ?? 0) - (a.population ?? 0) ||
    a.county.localeCompare(b.county)
  );
}

/** The places of a lookup form in every state: as their name, else as their name without kind. */
function named(index: GeoIndex, cityId: string): Place[] {
  const states = index.statesByCity.get(cityId) ?? [];
  const exact = states.flatMap((id) => index.byCityState.get(`${id}|${cityId}`) ?? []);
  if (exact.length) return exact;
  return states.flatMap((id) => index.byKindless.get(`${id}|${cityId}`) ?? []);
}

const NONE: readonly Place[] = [];

/** The places of one lookup form: by their name, and by their name without its kind. */
function lookupForm(index: GeoIndex, form: string, stateId: string | undefined) {
  if (stateId) {
    // Most rows give a state: one key, one lookup per table, no lists built.
    const key = `${stateId}|${form}`;
    return [index.byCityState.get(key) ?? NONE, index.byKindless.get(key) ?? NONE] as const;
  }
  const states = index.statesByCity.get(form) ?? [];
  return [
    states.flatMap((id) => index.byCityState.get(`${id}|${form}`) ?? []),
    states.flatMap((id) => index.byKindless.get(`${id}|${form}`) ?? []),
  ] as const;
}

export type NameLookup =
  | { ok: true; cityId: string; places: Place[]; all: Place[] }
  | { ok: false; reason: string; candidates?: string[] };

/**
 * Every place the city name can mean, narrowed by the state when one is given: the name as
 * written first, then without the kind of municipality ("Shelby Township" → Shelby), each as
 * a place's name and as its name without its kind ("West Bloomfield" → West Bloomfield
 * Township). `places` are the first form that names any; `all` every form's (a place may
 * be there twice: "Washington Township" is named by both forms).
 */
export function placesNamed(
  index: GeoIndex,
  city: string,
  stateId: string | undefined,
): NameLookup {
  const forms = [compactName(city)];
  const kindless = withoutKind(city);
  if (kindless && kindless !== forms[0]) forms.push(kindless);
  const kind = forms.length > 1 ? kindOf(city) : null;
  let first: readonly Place[] | undefined;
  const all: Place[] = [];
  for (let i = 0; i < forms.length; i++) {
    const [exact, kindful] = lookupForm(index, forms[i]!, stateId);
    if (exact.length) all.push(...exact);
    if (kindful.length) all.push(...kindful);
    if (first) continue;
    // "Charter Township of Clinton" is Clinton Township before it is the village of Clinton.
    const sameKind = i > 0 && kind ? kindful.filter((p) => kindOf(p.city) === kind) : NONE;
    if (sameKind.length) first = sameKind;
    else if (exact.length) first = exact;
    else if (kindful.length) first = kindful;
  }
  if (first) return { ok: true, cityId: forms[0]!, places: [...first].sort(placeOrder), all };
  const where = stateId ? index.states.get(stateKey(stateId))?.name : 'the place data';
  if (!stateId) return { ok: false, reason: `City "${city}" was not found in ${where}` };
  const everywhere = forms.flatMap((form) => named(index, form)).sort(placeOrder);
  if (!everywhere.length)
    return { ok: false, reason: `City "${city}" was not found in ${where ?? stateId}` };
  return {
    ok: false,
    reason: `${city} was not found in ${where ?? stateId}; it is in: ${listForReason(everywhere)}`,
    candidates: everywhere.map(describe),
  };
}

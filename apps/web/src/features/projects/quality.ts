import type { TLeanCity, TProjectGate, TQualityVerdict } from '@cityforge/shared';

/** The quality gate's verdict on a city page, in the owner's words. */
export const VERDICT_LABEL: Record<TQualityVerdict, string> = {
  pending: 'Being scored',
  passes: 'Indexable',
  held: 'Held back',
  approved: 'Approved by you',
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "a Jobs completed or Customer quote": the project's own fact names, as its sheet heads them. */
function factChoice(names: readonly string[]): string {
  if (!names.length) return 'a first-hand fact (jobs done, a customer quote, the local price)';
  if (names.length === 1) return `a ${names[0]}`;
  return `a ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Why a page falls below the gate, one line per reason, with the project's own thresholds. */
export function heldReasons(
  city: Pick<
    TLeanCity,
    'name' | 'quality' | 'similarity' | 'similarToName' | 'factCount' | 'factsChanged'
  >,
  gate: TProjectGate,
  { withSimilar = true }: { withSimilar?: boolean } = {},
): string[] {
  const reasons = city.quality.reasons.filter((r) => withSimilar || r !== 'similar');
  return reasons.map((reason) => {
    switch (reason) {
      case 'similar':
        return `${percent(city.similarity ?? 0)} like ${city.similarToName ?? 'another city page'} (the limit is ${percent(gate.maxSimilarity)})`;
      case 'local':
        return `${percent(city.quality.localShare ?? 0)} local substance, first-hand facts counting most (needs ${percent(gate.minLocalShare)}): add facts for ${city.name} or regenerate`;
      case 'short':
        return `${(city.quality.wordCount ?? 0).toLocaleString('en-US')} words (needs ${gate.minWords.toLocaleString('en-US')})`;
      case 'stuffing': {
        const n = city.quality.stuffing ?? 1;
        const lists = n === 1 ? 'a sentence that only lists' : `${n} sentences that only list`;
        return `${lists} places or ZIP codes, which search engines read as keyword stuffing: say something about them instead, or regenerate`;
      }
      case 'proof':
        if (city.factCount === 0)
          return `no local proof: add ${factChoice(gate.factNames)} for ${city.name}`;
        // Facts that came after the page: the project's rewrite of its changed pages is the way.
        return city.factsChanged
          ? `no local proof on the page yet: rewrite the changed pages to state ${city.name}'s facts`
          : `no local proof on the page yet: regenerate it to state ${city.name}'s facts`;
    }
  });
}

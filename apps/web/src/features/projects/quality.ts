import type { TLeanCity, TQualityGate, TQualityVerdict } from '@cityforge/shared';

/** The quality gate's verdict on a city page, in the owner's words. */
export const VERDICT_LABEL: Record<TQualityVerdict, string> = {
  pending: 'Being scored',
  passes: 'Indexable',
  held: 'Held back',
  approved: 'Approved by you',
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Why a page falls below the gate, one line per reason, with the project's own thresholds. */
export function heldReasons(
  city: Pick<TLeanCity, 'quality' | 'similarity' | 'similarToName'>,
  gate: TQualityGate,
  { withSimilar = true }: { withSimilar?: boolean } = {},
): string[] {
  const reasons = city.quality.reasons.filter((r) => withSimilar || r !== 'similar');
  return reasons.map((reason) => {
    switch (reason) {
      case 'similar':
        return `${percent(city.similarity ?? 0)} like ${city.similarToName ?? 'another city page'} (the limit is ${percent(gate.maxSimilarity)})`;
      case 'local':
        return `${percent(city.quality.localShare ?? 0)} of its sentences say something only true of this place (needs ${percent(gate.minLocalShare)})`;
      case 'short':
        return `${(city.quality.wordCount ?? 0).toLocaleString('en-US')} words (needs ${gate.minWords.toLocaleString('en-US')})`;
    }
  });
}

/** The Deploy confirmation's words when the gate holds pages back. */
export function heldBackNotice(count: number): string {
  const pages = count === 1 ? '1 city page is' : `${count.toLocaleString('en-US')} city pages are`;
  return `${pages} held back by the quality gate: published with noindex, left out of the sitemap and of the featured links until you regenerate or approve them.`;
}

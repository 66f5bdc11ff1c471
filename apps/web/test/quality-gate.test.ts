import { describe, expect, it } from 'vitest';
import { QUALITY_GATE_DEFAULTS, type TLeanCity } from '@cityforge/shared';
import { heldBackNotice } from '../src/features/deploys/deploy-status';
import { heldReasons } from '../src/features/projects/quality';

const gate = { enabled: true, ...QUALITY_GATE_DEFAULTS, factNames: [] };
const city = (
  quality: Omit<TLeanCity['quality'], 'stuffing'> & { stuffing?: number },
  factCount = 0,
  factsChanged = false,
) => ({
  name: 'Kyle',
  similarity: 0.734,
  similarToName: 'Round Rock',
  factCount,
  factsChanged,
  quality: { stuffing: 0, ...quality },
});

describe('the quality gate in words', () => {
  it('says each reason with the page’s figure and the project’s threshold', () => {
    expect(
      heldReasons(
        city({
          verdict: 'held',
          reasons: ['similar', 'local', 'short'],
          localShare: 0.04,
          wordCount: 1234,
        }),
        { ...gate, minWords: 1500 },
      ),
    ).toEqual([
      '73% like Round Rock (the limit is 50%)',
      '4% local substance, first-hand facts counting most (needs 3%): add facts for Kyle or regenerate',
      '1,234 words (needs 1,500)',
    ]);
    expect(
      heldReasons(city({ verdict: 'passes', reasons: [], localShare: 0.3, wordCount: 700 }), gate),
    ).toEqual([]);
  });

  it('names the project’s own facts and the city when a page has no local proof', () => {
    const held = {
      verdict: 'held' as const,
      reasons: ['proof' as const],
      localShare: 0.2,
      wordCount: 700,
    };
    const factNames = ['Jobs completed', 'Customer quote'];
    expect(heldReasons(city(held), { ...gate, factNames })).toEqual([
      'no local proof: add a Jobs completed or Customer quote for Kyle',
    ]);
    expect(
      heldReasons(city(held), {
        ...gate,
        factNames: ['Crew lead', 'Local price', 'Permit office'],
      }),
    ).toEqual(['no local proof: add a Crew lead, Local price or Permit office for Kyle']);
    // The place has facts, but its page was written without them.
    expect(heldReasons(city(held, 2), { ...gate, factNames })).toEqual([
      "no local proof on the page yet: regenerate it to state Kyle's facts",
    ]);
    // Its facts came after the page: the rewrite of the changed pages brings them in.
    expect(heldReasons(city(held, 2, true), { ...gate, factNames })).toEqual([
      "no local proof on the page yet: rewrite the changed pages to state Kyle's facts",
    ]);
  });

  it('says how many sentences only list places', () => {
    const stuffed = {
      verdict: 'held' as const,
      reasons: ['stuffing' as const],
      localShare: 0.2,
      wordCount: 700,
    };
    expect(heldReasons(city({ ...stuffed, stuffing: 3 }), gate)).toEqual([
      '3 sentences that only list places or ZIP codes, which search engines read as keyword stuffing: say something about them instead, or regenerate',
    ]);
    expect(heldReasons(city({ ...stuffed, stuffing: 1 }), gate)[0]).toMatch(
      /^a sentence that only lists places/,
    );
  });

  it('counts the pages held back before a deploy', () => {
    expect(heldBackNotice(1)).toMatch(/^1 city page is held back/);
    expect(heldBackNotice(1200)).toMatch(/^1,200 city pages are held back/);
  });
});

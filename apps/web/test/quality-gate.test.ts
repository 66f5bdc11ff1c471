import { describe, expect, it } from 'vitest';
import { QUALITY_GATE_DEFAULTS, type TLeanCity } from '@cityforge/shared';
import { heldBackNotice, heldReasons } from '../src/features/projects/quality';

const gate = { enabled: true, ...QUALITY_GATE_DEFAULTS };
const city = (quality: TLeanCity['quality']) => ({
  similarity: 0.734,
  similarToName: 'Round Rock',
  quality,
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
      '4% of its sentences say something only true of this place (needs 10%)',
      '1,234 words (needs 1,500)',
    ]);
    expect(
      heldReasons(city({ verdict: 'passes', reasons: [], localShare: 0.3, wordCount: 700 }), gate),
    ).toEqual([]);
  });

  it('counts the pages held back before a deploy', () => {
    expect(heldBackNotice(1)).toMatch(/^1 city page is held back/);
    expect(heldBackNotice(1200)).toMatch(/^1,200 city pages are held back/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { qualityVerdict, type TLeanProjectDetail } from '@cityforge/shared';
import { textBlocks } from '@cityforge/shared/html';
import { cities } from '../src/db/schema/index.ts';
import {
  instructionNames,
  localSubstance,
  nearbyIndex,
  sentencesOf,
  writtenPage,
  type PlaceFacts,
} from '../src/modules/locations/page-substance.ts';
import { cityLocalSections } from '../src/modules/site/render-locations.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, createProject, signedInUser } from './helpers/factories.ts';
import { http } from './helpers/http.ts';

const AUSTIN: PlaceFacts = {
  county: 'Travis County',
  otherCounties: ['Williamson County'],
  zips: ['78701', '78702'],
  neighbours: ['Round Rock'],
  instructions: 'Mention that we are based near Lake Travis. Focus on HVAC work.',
  own: ['Austin', 'Texas', 'TX'],
};

describe('the written text of a page', () => {
  it('reads blocks, leaves out the site’s own data blocks and hidden text, keeps nearby names', () => {
    const html =
      '<section class="hero"><h1>Plumbing in Austin</h1><p class="lead">Fast &amp; tidy.</p></section>' +
      '<section class="section" id="services"><ul class="cards"><li class="card"><h3>Drains</h3>' +
      '<p>Cleared <b>fast</b>.</p><span class="more" aria-hidden="true">Learn more</span></li></ul></section>' +
      cityLocalSections({
        city: 'Austin',
        county: { name: 'Travis County', href: '/states/texas/travis-county' },
        zips: ['78701'],
        nearby: [{ name: 'Round Rock', stateId: 'TX', miles: 17, href: '/x' }],
      }).join('') +
      '<section class="band" id="contact"><div class="wrap"><h2>Call Lone Star</h2></div></section>' +
      '<script>var notText = 1;</script>';
    const page = writtenPage(html);
    expect(page.blocks).toEqual(['Plumbing in Austin', 'Fast & tidy.', 'Drains', 'Cleared fast.']);
    expect(page.nearby).toEqual(['Round Rock']);
  });

  it('labels inline regions apart and survives broken markup', () => {
    const blocks = textBlocks('<p>one <span data-x>two</span> three<div>four', (_tag, attrs) =>
      attrs.has('data-x') ? 'x' : null,
    );
    expect(blocks.map((b) => [b.text, b.label, b.tag])).toEqual([
      ['one', null, 'p'],
      ['two', 'x', 'p'],
      ['three', null, 'p'],
      ['four', null, 'div'],
    ]);
  });

  it('reads hostile markup in one pass: deep nesting, endless tags, one huge sentence', () => {
    const deep = '<div>'.repeat(200_000) + 'Travis County is here.' + '</div>'.repeat(200_000);
    expect(writtenPage(deep).blocks).toEqual(['Travis County is here.']);
    const lt = '<a'.repeat(300_000);
    expect(writtenPage(lt).blocks).toEqual([]);
    const words = 'word '.repeat(400_000);
    const substance = localSubstance([words], AUSTIN);
    expect(substance).toMatchObject({ words: 400_000, sentences: 1, local: 0 });
    const dots = '. '.repeat(300_000);
    expect(sentencesOf(dots).length).toBe(300_000);
  });
});

describe('local substance', () => {
  it('counts each kind of geography once, never the place’s own name', () => {
    const blocks = [
      'Plumbing in Austin', // a heading: not a statement
      'We fix leaks and clear drains for homes in Austin, Texas.', // the name only
      'Our vans cover all of Travis County every day.', // county
      'Crews reach Williamson too, on request from customers.', // another county, no suffix
      'Same-day visits for ZIP code 78701 before noon.', // a ZIP
      'Round Rock customers get the same prices as here.', // a neighbour
      'We are about 17 miles from the airport by road.', // a distance
      'Our office sits right beside Lake Travis for quick trips.', // the instructions' place
      'We know HVAC systems as well as we know plumbing.', // the trade, said everywhere
    ];
    const s = localSubstance(blocks, AUSTIN);
    expect(s.sentences).toBe(8);
    // County (twice, once counted), ZIP, neighbour, distance, the instructions' place.
    expect(s.local).toBe(5);
    expect(s.localShare).toBeCloseTo(5 / 8);
    expect(s).toMatchObject({ factsStated: 0, stuffing: 0 });
    // Saying the county again and again adds nothing.
    const again = localSubstance([...blocks, ...blocks.slice(2, 4)], AUSTIN);
    expect(again.local).toBe(5);
    expect(s.words).toBe(
      blocks
        .join(' ')
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean).length,
    );
  });

  it('takes proper names from the instructions, not their first words or the trade', () => {
    expect(
      instructionNames('Mention Lake Travis and Zilker Park. Stress HVAC. We love Austin.'),
    ).toEqual(['Lake Travis', 'Zilker Park', 'Austin']);
  });

  it('matches county cities from a shared index but never the page’s own name', () => {
    const county = nearbyIndex(['Austin', 'Pflugerville', 'West Lake Hills']);
    const s = localSubstance(
      [
        'We drive out to West Lake Hills twice a week.',
        'Austin homes have older pipes than most here.',
      ],
      { ...AUSTIN, county: 'Nowhere', otherCounties: [], neighbours: [], instructions: '' },
      { countyCities: county },
    );
    expect(s.local).toBe(1);
  });
});

describe('the gate’s SQL and its shared rule agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts held pages per county exactly as the verdicts say, for any thresholds', async () => {
    const { get, post } = http(() => t);
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const grid: Array<[number | null, number | null, number | null, boolean]> = [];
    for (const sim of [0.2, 0.5, 0.51, null])
      for (const local of [0, 0.1, 0.3])
        for (const words of [299, 300, 800]) grid.push([sim, local, words, false]);
    grid.push([0.9, 0, 10, true], [0.1, 0.5, 900, true], [0.9, null, 10, false]);
    let n = 0;
    for (const [similarity, localShare, wordCount, approved] of grid) {
      const { city } = await addCity(t, p.id, {
        name: `Town ${++n}`,
        county: n % 2 ? 'Odd' : 'Even',
        state: 'TX',
        stateName: 'Texas',
      });
      await t.ctx.db
        .update(cities)
        .set({ similarity, localShare, wordCount, approvedAt: approved ? new Date() : null })
        .where(eq(cities.id, city.id));
    }
    for (const [gate, holdsAny] of [
      [{}, true],
      [{ maxSimilarity: 0.3, minLocalShare: 0.2, minWords: 500 }, true],
      [{ maxSimilarity: 1, minLocalShare: 0, minWords: 0 }, false],
      [{ enabled: false }, false],
    ] as const) {
      const res = await post(`/api/projects/${p.id}/settings/`, u.headers, {
        qualityGate: {
          enabled: true,
          maxSimilarity: null,
          minLocalShare: null,
          minWords: null,
          ...gate,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const detail = (await get(`/api/projects/${p.id}/detail/lean/`, u.headers)).json()
        .data as TLeanProjectDetail;
      let held = 0;
      for (const county of detail.states[0]!.counties) {
        const verdicts = county.cities!.map((c) => c.quality.verdict);
        const shared = county.cities!.filter((c) => {
          const row = grid[Number(c.name.slice(5)) - 1]!;
          return (
            qualityVerdict(
              { similarity: row[0], localShare: row[1], wordCount: row[2], approved: row[3] },
              detail.qualityGate,
            ).verdict === 'held'
          );
        }).length;
        expect(county.heldCount, JSON.stringify(gate)).toBe(
          verdicts.filter((v) => v === 'held').length,
        );
        expect(county.heldCount).toBe(shared);
        held += county.heldCount;
      }
      expect(detail.heldBackCities).toBe(held);
      expect(held > 0).toBe(holdsAny);
    }
  });
});

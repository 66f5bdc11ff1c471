import { describe, expect, it } from 'vitest';
import { csvRecords, offeredPairs, servicesCells } from '../src/lib/sheet-rows';

const SERVICES = [
  { id: 's1', name: 'Roof Repair', slug: 'roof-repair' },
  { id: 's2', name: 'Gutter Cleaning', slug: 'gutter-cleaning' },
  { id: 's3', name: 'Skylight Installation', slug: 'skylight-installation' },
];
const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });
const SHEET = [
  'City,State,ZIP,Services Offered',
  'Austin,TX,78701,"roof repairs, GUTTER-CLEANING"',
  'Kyle,TX,78640,Skylight installation; Chimney sweep',
  'Round Rock,TX,78664,',
  '',
].join('\r\n');

describe('the service-city pages an upload makes, counted before it', () => {
  it('reads the Services cells of a CSV, quoted or not, under any of its headers', async () => {
    expect(csvRecords('a,"b ""c"", d"\n\n1,2\r\n')).toEqual([
      ['a', 'b "c", d'],
      ['1', '2'],
    ]);
    expect(await servicesCells([csv('areas.csv', `\uFEFF${SHEET}`)])).toEqual([
      'roof repairs, GUTTER-CLEANING',
      'Skylight installation; Chimney sweep',
      '',
    ]);
    expect(await servicesCells([csv('areas.csv', 'City,State\nAustin,TX\n')])).toBeNull();
    expect(await servicesCells([csv('areas.xlsx', SHEET)])).toBeNull();
  });

  it('counts a page per offered service, as the setting says, forgiving spellings', () => {
    const cells = ['roof repairs, GUTTER-CLEANING', 'Skylight installation; Chimney sweep', ''];
    const on = { enabled: true, services: 'all', unlisted: 'none' } as const;
    expect(offeredPairs(cells, on, SERVICES)).toBe(3);
    expect(offeredPairs(cells, { ...on, unlisted: 'all' }, SERVICES)).toBe(6);
    expect(offeredPairs(cells, { ...on, services: ['roof-repair'] }, SERVICES)).toBe(1);
    expect(offeredPairs(cells, { ...on, enabled: false }, SERVICES)).toBe(0);
  });
});

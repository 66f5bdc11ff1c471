import { readFileSync } from 'node:fs';
import { resolveLocations } from './src/modules/locations/geography.ts';
const lines = readFileSync('/tmp/scratch/suburbs.txt', 'utf8').trim().split('\n').map((l) => l.split('|'));
const r = resolveLocations(lines.map(([city, state], i) => ({ line: i + 1, city, state, zips: [] })));
let ok = 0;
const byLine = new Map(r.cities.flatMap((c) => c.lines.map((l) => [l, c])));
lines.forEach(([city, state, county], i) => {
  const c = byLine.get(i + 1);
  const issues = r.issues.filter((x) => x.line === i + 1).map((x) => x.reason.slice(0, 140));
  if (!c) return console.log('MISS', city, state, issues.join(' | '));
  const good = c.county.toLowerCase().startsWith(county!.toLowerCase());
  if (good && c.zips.length) ok++;
  else console.log(good ? 'NOZIP' : 'COUNTY', city, state, '→', c.city, c.county, 'want', county, c.zips.length, issues.join(' | '));
});
console.log(ok, 'of', lines.length);
const j = resolveLocations([{ line: 1, city: 'Jacksonville', state: 'FL', zips: ['32234', '32218', '32081'] }]);
console.log(j.cities.map((c) => [c.city, c.zips]), j.issues);

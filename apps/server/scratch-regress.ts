import { loadGeoNamesRows } from './src/modules/locations/geo-sources.ts';
import { resolveLocations } from './src/modules/locations/geography.ts';
const { rows } = loadGeoNamesRows();
let t = performance.now();
const zipOnly = resolveLocations(rows.map((r, i) => ({ line: i, zips: [r.zip] })));
console.log('zip-only rows', rows.length, 'cities', zipOnly.cities.length, 'issues', zipOnly.issues.length, (performance.now() - t).toFixed(0), 'ms');
const seen = new Set<string>();
const named = rows.filter((r) => !seen.has(`${r.stateId}|${r.city}`) && seen.add(`${r.stateId}|${r.city}`));
t = performance.now();
const res = resolveLocations(named.map((r, i) => ({ line: i, city: r.city, state: r.stateId, zips: [] })));
console.log('po names', named.length, 'resolved', res.cities.reduce((n, c) => n + c.lines.length, 0), (performance.now() - t).toFixed(0), 'ms');
const errs = res.issues.filter((i) => !res.cities.some((c) => c.lines.includes(i.line)));
const kinds = new Map<string, number>();
for (const e of errs) { const k = e.reason.replace(/^.*?(is in several counties|was not found|several states).*$/, '$1'); kinds.set(k, (kinds.get(k) ?? 0) + 1); }
console.log(kinds);
console.log(errs.slice(0, 15).map((e) => e.reason.slice(0, 150)).join('\n'));
const zipErr = zipOnly.issues.slice(0, 5).map((e) => e.reason);
console.log(zipErr);

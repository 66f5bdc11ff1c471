// import-x/no-cycle skips `import type`, so a cycle made of type imports alone passes it.
// This walks every import of the server's source, types included, and fails on any cycle
// between files; then it folds the files into modules (scripts/import-graph.ts) and reports
// the cycles between modules, failing on any but the ones still listed below.
import path from 'node:path';
import { cyclesOf, importsBetween, moduleGraph, serverFileGraph } from './import-graph.ts';

/**
 * Module cycles the code still has, each with why it is not gone yet. A cycle not listed
 * fails; a listed one that is gone is reported, so the list only shrinks.
 */
const KNOWN_MODULE_CYCLES: string[] = [];

const files = serverFileGraph();
const fileCycles = cyclesOf(files);
if (fileCycles.length) {
  for (const cycle of fileCycles)
    console.error(`import cycle:\n  ${cycle.map((f) => path.relative('.', f)).join('\n  ')}`);
  process.exit(1);
}
console.log(`no import cycles in ${files.size} files (type imports included)`);

const modules = moduleGraph(files);
const moduleCycles = cyclesOf(modules);
const names = moduleCycles.map((cycle) => cycle.join(' ↔ '));
for (const [i, cycle] of moduleCycles.entries()) {
  const known = KNOWN_MODULE_CYCLES.includes(names[i]!);
  const say = known ? console.log : console.error;
  say(`${known ? 'known' : 'new'} module cycle: ${names[i]}`);
  for (const from of cycle)
    for (const to of cycle)
      if (from !== to) for (const line of importsBetween(files, from, to)) say(`  ${line}`);
}
for (const gone of KNOWN_MODULE_CYCLES.filter((name) => !names.includes(name)))
  console.log(`module cycle gone: ${gone} (remove it from scripts/check-cycles.ts)`);
if (names.some((name) => !KNOWN_MODULE_CYCLES.includes(name))) process.exit(1);

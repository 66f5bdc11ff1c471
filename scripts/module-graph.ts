// Draws the server's module graph from its imports, as Mermaid, between the markers in
// docs/architecture.md, so the diagram a newcomer reads is the code's and not a memory of it.
//   node scripts/module-graph.ts           rewrites the diagram
//   node scripts/module-graph.ts --check   fails when the diagram is not the code's (npm run lint)
import fs from 'node:fs';
import { cyclesOf, moduleGraph, serverFileGraph, type Graph } from './import-graph.ts';

const DOC = 'docs/architecture.md';
const BEGIN = '<!-- module-graph:begin (drawn by scripts/module-graph.ts; do not edit) -->';
const END = '<!-- module-graph:end -->';
/** Folders of the server's source below every module, and the entries above them all. */
const INFRASTRUCTURE = new Set(['config', 'db', 'lib', 'jobs', 'backup']);
const ENTRIES = new Set(['root', 'cli']);

const isModule = (name: string) => !INFRASTRUCTURE.has(name) && !ENTRIES.has(name);

/** One flowchart: the nodes kept, and the edges from `drawFrom` nodes between them; cycles red. */
function flowchart(
  graph: Graph,
  keep: (name: string) => boolean,
  drawFrom: (name: string) => boolean,
  cycles: string[][],
): string[] {
  const inCycle = (a: string, b: string) => cycles.some((c) => c.includes(a) && c.includes(b));
  const nodes = [...graph.keys()].filter(keep).sort();
  const lines = ['```mermaid', 'flowchart BT'];
  for (const node of nodes) lines.push(`  ${node}`);
  const red: number[] = [];
  for (const from of nodes.filter(drawFrom))
    for (const to of graph.get(from)!.filter(keep)) {
      if (inCycle(from, to)) red.push(lines.length - 2 - nodes.length);
      lines.push(`  ${from} --> ${to}`);
    }
  if (red.length) lines.push(`  linkStyle ${red.join(',')} stroke:#c00,stroke-width:2px`);
  lines.push('```');
  return lines;
}

function diagram(graph: Graph): string {
  const cycles = cyclesOf(graph);
  const lowest = [...INFRASTRUCTURE].filter((name) => graph.has(name));
  // An entry a module imports (it should not) is drawn with the modules, so the arrow shows.
  const upward = new Set([...graph].flatMap(([name, out]) => (isModule(name) ? out : [])));
  const withModules = (name: string) => isModule(name) || (ENTRIES.has(name) && upward.has(name));
  return [
    BEGIN,
    '',
    'Modules (an arrow points from a module to one it imports; red arrows make a cycle). Every',
    `module may also import the infrastructure below it (${lowest.map((n) => `\`${n}\``).join(', ')}).`,
    '',
    ...flowchart(graph, withModules, isModule, cycles),
    '',
    'Infrastructure and entries: `root` is the composition root and the entry files at the top of',
    '`src/`, which build and start every module; `cli` holds the operator commands.',
    '',
    ...flowchart(
      graph,
      (name) => !isModule(name),
      () => true,
      cycles,
    ),
    '',
    cycles.length
      ? `Module cycles: ${cycles.map((c) => c.map((n) => `\`${n}\``).join(' ↔ ')).join('; ')}.`
      : 'No module cycles.',
    '',
    END,
  ].join('\n');
}

const doc = fs.readFileSync(DOC, 'utf8');
const start = doc.indexOf(BEGIN);
const end = doc.indexOf(END);
if (start < 0 || end < start) {
  console.error(`${DOC} has no module graph markers (${BEGIN} … ${END})`);
  process.exit(1);
}
const drawn = diagram(moduleGraph(serverFileGraph()));
const next = doc.slice(0, start) + drawn + doc.slice(end + END.length);
if (process.argv.includes('--check')) {
  if (next !== doc) {
    console.error(
      `${DOC}: the module graph is not the code's; run \`node scripts/module-graph.ts\``,
    );
    process.exit(1);
  }
  console.log(`${DOC}: the module graph is the code's`);
} else {
  fs.writeFileSync(DOC, next);
  console.log(`${DOC}: module graph drawn`);
}

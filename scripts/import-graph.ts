// The server's imports as a graph, read from the source (type imports included, since
// `import-x/no-cycle` skips them), and the same graph folded into modules: each folder of
// `modules/` is one, each other folder of the server's source (config, db, lib, jobs, cli) is
// one, and the files at the source's root (the composition root and the entry) are `root`.
// Shared by scripts/check-cycles.ts and scripts/module-graph.ts.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SERVER_SRC = path.resolve('apps/server/src');

export type Graph = Map<string, string[]>;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every source file of the server and the source files each one imports. */
export function serverFileGraph(): Graph {
  const files = filesUnder(SERVER_SRC);
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const local = importedFiles
      .map((ref) => ref.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.resolve(path.dirname(file), name))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(local)]);
  }
  return graph;
}

/** The module a server source file belongs to: `auth`, `lib`, `root`… */
export function moduleOf(file: string): string {
  const parts = path.relative(SERVER_SRC, file).split(path.sep);
  if (parts.length === 1) return 'root';
  return parts[0] === 'modules' ? parts[1]! : parts[0]!;
}

/** The file graph folded into modules: an edge where any file of one imports a file of another. */
export function moduleGraph(files: Graph): Graph {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = moduleOf(file);
    const out = edges.get(from) ?? new Set<string>();
    edges.set(from, out);
    for (const target of targets) if (moduleOf(target) !== from) out.add(moduleOf(target));
  }
  return new Map([...edges].map(([name, out]) => [name, [...out].sort()]));
}

/** Tarjan's strongly connected components: each component of two or more nodes is a cycle. */
export function cyclesOf(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  function visit(node: string) {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) cycles.push(component.sort());
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The imports that make one module depend on another, as "from-file → to-file" lines. */
export function importsBetween(files: Graph, from: string, to: string): string[] {
  const rel = (file: string) => path.relative(SERVER_SRC, file);
  return [...files].flatMap(([file, targets]) =>
    moduleOf(file) !== from
      ? []
      : targets.filter((t) => moduleOf(t) === to).map((t) => `${rel(file)} → ${rel(t)}`),
  );
}

// import-x/no-cycle skips `import type`, so a cycle made of type imports alone passes it.
// This walks every import of the server's source, types included, and fails on any cycle.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['apps/server/src'];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = ROOTS.flatMap((root) => filesUnder(path.resolve(root)));
const known = new Set(files);
const graph = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const local = importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
    .filter((target) => known.has(target));
  graph.set(file, [...new Set(local)]);
}

// Tarjan's strongly connected components: any component of two or more files is a cycle.
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
  if (component.length > 1 || graph.get(node)!.includes(node)) cycles.push(component);
}
for (const file of files) if (!index.has(file)) visit(file);

if (cycles.length) {
  for (const cycle of cycles)
    console.error(`import cycle:\n  ${cycle.map((f) => path.relative('.', f)).join('\n  ')}`);
  process.exit(1);
}
console.log(`no import cycles in ${files.length} files (type imports included)`);

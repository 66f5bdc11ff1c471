// Front doors for the server's modules.
//
// Every import of apps/server/src (static, `import type`, `export … from`, `import('…').T` type
// queries) whose target is an inner file of ANOTHER module (apps/server/src/modules/<m>/…) is
// rewritten to that module's door, and the door is (re)generated to export exactly the names
// the rest of the server (and tests, bench and scripts, when they use a door) takes from it:
// `export { a, b } from './file.ts'` / `export type { T } from './file.ts'`, sorted by file then
// name. Within a module, files import each other directly: an import of the importer's own door
// is turned back into imports of the files.
//
// Two doors per module:
//   index.ts  the front door, for everyone;
//   lean.ts   the narrow door for code that runs in a worker thread or a child process: the
//             files a path-loaded entry (`new URL('./x.ts', import.meta.url)`) reaches at run
//             time. Going through index.ts would load the whole module (routes, repos, jobs,
//             their packages) into every thread and child; lean.ts re-exports only what those
//             files use, so they load what they loaded before.
//
// Run from the repository root:   npx tsx scripts/front-doors.ts [--check] [--quiet]
//   --check   change nothing; exit 1 when a file would change.
// Idempotent: a second run changes nothing. Exit 2 when something was left for a person.
//
// Files moved between modules (MOVES below) are followed: a specifier that no longer resolves is
// resolved from the file's old place and through the moves, so a branch written before a move
// is fixed by re-running this after the merge.
//
// Not rewritten: apps/server/test, bench, scripts, e2e (they may test a module's inner files;
// their uses of a door are read, so the door keeps what they take from it). Dynamic `import()`
// of another module's file, default/namespace imports and side-effect imports across modules
// are reported, not rewritten. Path-based worker/child files point at files, not imports: they
// are left alone.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';

const ROOT = process.cwd();

const SRC = path.join(ROOT, 'apps/server/src');
const MODULES = path.join(SRC, 'modules');
/** Folders whose uses of a door are read (never rewritten). */
const READERS = ['apps/server/test', 'bench', 'scripts', 'e2e'].map((d) => path.join(ROOT, d));
const DOORS = {
  index: [
    '// The front door: what other modules may use of this one. Generated from their imports by',
    '// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.',
  ],
  lean: [
    '// The narrow door, for code that runs in a worker thread or a child process: only what it',
    '// uses of this module, so a thread does not load the whole module. Generated from its',
    '// imports by scripts/front-doors.ts (docs/architecture.md); do not edit by hand.',
  ],
};
type Door = keyof typeof DOORS;

/** Files moved between modules, old path → new path, relative to apps/server/src/modules. */
const MOVES: Record<string, string> = {
  'generation/ai-client.ts': 'ai/ai-client.ts',
  'generation/call-slots.ts': 'ai/call-slots.ts',
  'generation/model-capabilities.ts': 'ai/model-capabilities.ts',
  'generation/structured-output.ts': 'ai/structured-output.ts',
  'generation/usage.repo.ts': 'ai/usage.repo.ts',
  'generation/spend.repo.ts': 'ai/spend.repo.ts',
  'generation/spending-caps.ts': 'ai/spending-caps.ts',
  'generation/spending-gate.ts': 'ai/spending-gate.ts',
  'generation/cap-lock.ts': 'ai/cap-lock.ts',
  'generation/cap-mail.ts': 'ai/cap-mail.ts',
  'generation/cap-resume.ts': 'ai/cap-resume.ts',
  'generation/prices.job.ts': 'ai/prices.job.ts',
  'generation/spending.routes.ts': 'ai/spending.routes.ts',
  'generation/spending.service.ts': 'ai/spending.service.ts',
};

const args = new Set(process.argv.slice(2));
const CHECK = args.has('--check');
const QUIET = args.has('--quiet');

const problems: string[] = [];
let rewritten = 0;
const rel = (file: string) => path.relative(ROOT, file);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The module a source file of the server belongs to, or null outside modules/. */
function moduleOf(file: string): string | null {
  const parts = path.relative(MODULES, file).split(path.sep);
  return parts.length >= 2 && parts[0] !== '..' ? parts[0]! : null;
}
/** What imports: a module's name, else the folder (`root` for src's top files), else "outside". */
function ownerOf(file: string): string {
  const m = moduleOf(file);
  if (m) return m;
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === '..') return 'outside';
  return parts.length === 1 ? 'root' : `infra:${parts[0]}`;
}
const doorOf = (module: string, door: Door) => path.join(MODULES, module, `${door}.ts`);
const isDoor = (file: string) => {
  const m = moduleOf(file);
  return !!m && (Object.keys(DOORS) as Door[]).some((d) => file === doorOf(m, d));
};

const movedTo = new Map(
  Object.entries(MOVES).map(([from, to]) => [path.join(MODULES, from), path.join(MODULES, to)]),
);
const movedFrom = new Map([...movedTo].map(([from, to]) => [to, from]));

/** The file a relative specifier names, following moves; null for packages. */
function resolve(importer: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  let target = path.resolve(path.dirname(importer), spec);
  if (!fs.existsSync(target) && movedFrom.has(importer))
    target = path.resolve(path.dirname(movedFrom.get(importer)!), spec);
  return movedTo.get(target) ?? target;
}

function specifier(from: string, to: string): string {
  const s = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return s.startsWith('.') ? s : `./${s}`;
}

const parse = (file: string, text = fs.readFileSync(file, 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
const stringSpec = (node: ts.ImportDeclaration | ts.ExportDeclaration) =>
  node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
    ? node.moduleSpecifier.text
    : null;

// ---------------------------------------------------------------------------------------------
// Existing doors: public name → the file and name it comes from.

type Source = { file: string; name: string };
type Entry = Source & { type: boolean };

function readDoor(file: string): Map<string, Source> {
  const map = new Map<string, Source>();
  if (!fs.existsSync(file)) return map;
  for (const st of parse(file).statements) {
    if (!ts.isExportDeclaration(st) || !stringSpec(st)) continue;
    const target = resolve(file, stringSpec(st)!)!;
    if (!st.exportClause || !ts.isNamedExports(st.exportClause)) {
      problems.push(`${rel(file)}: \`export *\` is not read; write the names`);
      continue;
    }
    for (const el of st.exportClause.elements)
      map.set(el.name.text, {
        file: movedTo.get(target) ?? target,
        name: (el.propertyName ?? el.name).text,
      });
  }
  return map;
}

const modules = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const doorFiles = modules.flatMap((m) => (Object.keys(DOORS) as Door[]).map((d) => doorOf(m, d)));
const oldDoors = new Map(doorFiles.map((f) => [f, readDoor(f)]));
/** Every name each door must export, keyed by public name. */
const needs = new Map<string, Map<string, Entry>>(doorFiles.map((f) => [f, new Map()]));

/** The names each file of a module exports, for names asked of a door that lacks them. */
const exportsOf = new Map<string, Map<string, string[]>>();
function exporters(module: string): Map<string, string[]> {
  const known = exportsOf.get(module);
  if (known) return known;
  const names = new Map<string, string[]>();
  const add = (name: string, file: string) => names.set(name, [...(names.get(name) ?? []), file]);
  for (const file of filesUnder(path.join(MODULES, module)).filter((f) => !isDoor(f)))
    for (const st of parse(file).statements) {
      const exported = ts.canHaveModifiers(st)
        ? ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : false;
      if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause))
        st.exportClause.elements.forEach((el) => add(el.name.text, file));
      else if (exported && ts.isVariableStatement(st))
        st.declarationList.declarations.forEach(
          (d) => ts.isIdentifier(d.name) && add(d.name.text, file),
        );
      else if (exported && 'name' in st && st.name && ts.isIdentifier(st.name as ts.Node))
        add((st.name as ts.Identifier).text, file);
    }
  exportsOf.set(module, names);
  return names;
}

/** Where a name taken from `target` truly comes from (through a door), or null if unknown. */
function sourceOf(importer: string, target: string, name: string): Source | null {
  if (!isDoor(target)) return { file: target, name };
  const found = oldDoors.get(target)?.get(name);
  if (found) return found;
  // A name the door does not export yet: the one file of its module that exports it.
  const files = exporters(moduleOf(target)!).get(name) ?? [];
  if (files.length === 1) return { file: files[0]!, name };
  problems.push(
    `${rel(importer)}: ${rel(target)} has no \`${name}\`` +
      (files.length ? ` (exported by ${files.map(rel).join(', ')}: import one)` : ''),
  );
  return null;
}

/** The public name a source gets in a door (an alias on a clash), recorded as needed. */
function publicName(door: string, source: Source, type: boolean): string {
  const entries = needs.get(door)!;
  const same = (e: Source | undefined) => e && e.file === source.file && e.name === source.name;
  // Keep the name an existing door gave it, so re-runs are stable.
  const named = (d: string) => [...oldDoors.get(d)!].find(([, e]) => same(e))?.[0];
  let name = named(door) ?? named(doorOf(moduleOf(door)!, 'index')) ?? source.name;
  if (!same(entries.get(name)) && entries.has(name)) {
    const stem = path
      .basename(source.file, '.ts')
      .replace(/[^a-zA-Z0-9]+(.)/g, (_, c: string) => c.toUpperCase());
    name = `${source.name}From${stem[0]!.toUpperCase()}${stem.slice(1)}`;
    problems.push(
      `note: ${rel(door)} has two \`${source.name}\`; ${rel(source.file)}'s is \`${name}\``,
    );
  }
  const prev = entries.get(name);
  entries.set(name, { ...source, type: (prev ? prev.type : true) && type });
  return name;
}

// ---------------------------------------------------------------------------------------------
// Files that run in worker threads and child processes: every file a path-loaded entry reaches
// at run time (value imports, followed through doors to the files they come from).

function runtimeDeps(file: string): string[] {
  const out: string[] = [];
  for (const st of parse(file).statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !stringSpec(st)) continue;
    const target = resolve(file, stringSpec(st)!);
    if (!target || !fs.existsSync(target)) continue;
    const typeOnly = ts.isImportDeclaration(st) ? !!st.importClause?.isTypeOnly : st.isTypeOnly;
    if (typeOnly) continue;
    const clause = ts.isImportDeclaration(st) ? st.importClause : undefined;
    const named = ts.isImportDeclaration(st)
      ? clause?.namedBindings && ts.isNamedImports(clause.namedBindings) && !clause.name
        ? clause.namedBindings.elements
        : null
      : st.exportClause && ts.isNamedExports(st.exportClause)
        ? st.exportClause.elements
        : null;
    if (!named || !isDoor(target)) {
      out.push(target);
      continue;
    }
    for (const el of named) {
      if (el.isTypeOnly) continue;
      const source = oldDoors.get(target)?.get((el.propertyName ?? el.name).text);
      if (source) out.push(source.file);
    }
  }
  return out;
}

function threadFiles(files: string[]): Set<string> {
  const entries = files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/new URL\(\s*'(\.[^']+\.ts)',\s*import\.meta\.url/g)]
      .map((m) => resolve(file, m[1]!)!)
      .filter((f) => fs.existsSync(f)),
  );
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !file.startsWith(SRC)) return;
    seen.add(file);
    runtimeDeps(file).forEach(walk);
  };
  entries.forEach(walk);
  return seen;
}

// ---------------------------------------------------------------------------------------------
// One file's imports.

type Binding = { imported: string; local: string; type: boolean };
type Want = { spec: string; imported: string };

let lean = new Set<string>();

/** Where a name taken by `importer` from `target` should be taken from. */
function want(importer: string, target: string, name: string, type: boolean, write: boolean): Want {
  const asIs = { spec: specifier(importer, target), imported: name };
  const source = sourceOf(importer, target, name);
  if (!source) return asIs;
  const sourceModule = moduleOf(source.file);
  if (!write) {
    // A test, bench or script keeps its import; a door it uses keeps what it takes.
    if (isDoor(target)) {
      if (sourceModule !== moduleOf(target))
        problems.push(`${rel(importer)}: \`${name}\` moved to ${sourceModule}; fix by hand`);
      else publicName(target, source, type);
    }
    return asIs;
  }
  if (!sourceModule || sourceModule === ownerOf(importer))
    return { spec: specifier(importer, source.file), imported: source.name };
  const door = doorOf(sourceModule, lean.has(importer) ? 'lean' : 'index');
  return { spec: specifier(importer, door), imported: publicName(door, source, type) };
}

type Edit = { start: number; end: number; text: string };

function bindingText(b: Binding, imported: string, typeOnlyDecl: boolean): string {
  const t = b.type && !typeOnlyDecl ? 'type ' : '';
  return imported === b.local ? `${t}${b.local}` : `${t}${imported} as ${b.local}`;
}

/** The named bindings of an import or export declaration, or null (default, namespace, `*`). */
function bindingsOf(node: ts.ImportDeclaration | ts.ExportDeclaration): Binding[] | null {
  const typeOnlyDecl = ts.isImportDeclaration(node)
    ? !!node.importClause?.isTypeOnly
    : node.isTypeOnly;
  let elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[];
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause || clause.name) return null;
    if (clause.namedBindings && !ts.isNamedImports(clause.namedBindings)) return null;
    elements = clause.namedBindings?.elements ?? [];
  } else {
    if (!node.exportClause || !ts.isNamedExports(node.exportClause)) return null;
    elements = node.exportClause.elements;
  }
  return elements.map((el) => ({
    imported: (el.propertyName ?? el.name).text,
    local: el.name.text,
    type: typeOnlyDecl || el.isTypeOnly,
  }));
}

/** Rewrites one `import {…} from` / `export {…} from`; returns its edit when it changes. */
function rewriteNamed(
  sf: ts.SourceFile,
  node: ts.ImportDeclaration | ts.ExportDeclaration,
  write: boolean,
): Edit | null {
  const file = sf.fileName;
  const spec = stringSpec(node)!;
  const target = resolve(file, spec);
  if (!target) return null;
  const isImport = ts.isImportDeclaration(node);
  const typeOnlyDecl = isImport ? !!node.importClause?.isTypeOnly : node.isTypeOnly;
  const bindings = bindingsOf(node);
  if (!bindings) {
    if (write && moduleOf(target) && moduleOf(target) !== ownerOf(file))
      problems.push(
        `${rel(file)}: default, namespace, \`*\` or bare import of ${rel(target)} left`,
      );
    return null;
  }
  const groups = new Map<string, string[]>();
  for (const b of bindings) {
    const w = want(file, target, b.imported, b.type, write);
    groups.set(w.spec, [...(groups.get(w.spec) ?? []), bindingText(b, w.imported, typeOnlyDecl)]);
  }
  if (!write || (bindings.length === 0 && !isImport)) return null;
  if (groups.size === 1 && groups.has(spec)) {
    const before = bindings.map((b) => bindingText(b, b.imported, typeOnlyDecl));
    if (before.join() === groups.get(spec)!.join()) return null;
  }
  rewritten++;
  const keyword = isImport ? 'import' : 'export';
  const type = typeOnlyDecl ? 'type ' : '';
  const text = [...groups]
    .map(([s, names]) => `${keyword} ${type}{ ${names.join(', ')} } from '${s}';`)
    .join('\n');
  return { start: node.getStart(sf), end: node.getEnd(), text };
}

/** `import('../m/x.ts').Name` in a type: to the door, like a named type import. */
function rewriteImportType(
  sf: ts.SourceFile,
  node: ts.ImportTypeNode,
  write: boolean,
): Edit | null {
  const arg = node.argument;
  if (!ts.isLiteralTypeNode(arg) || !ts.isStringLiteral(arg.literal)) return null;
  const target = resolve(sf.fileName, arg.literal.text);
  if (!target || !moduleOf(target)) return null;
  let first: ts.EntityName | undefined = node.qualifier;
  while (first && ts.isQualifiedName(first)) first = first.left;
  if (node.isTypeOf || !first) {
    if (write) problems.push(`${rel(sf.fileName)}: \`${node.getText(sf)}\` left as it is`);
    return null;
  }
  const w = want(sf.fileName, target, first.text, true, write);
  if (!write || (w.spec === arg.literal.text && w.imported === first.text)) return null;
  rewritten++;
  return {
    start: node.getStart(sf),
    end: first.getEnd(),
    text: `import('${w.spec}').${w.imported}`,
  };
}

const applyEdits = (text: string, edits: Edit[]) =>
  edits
    .sort((a, b) => b.start - a.start)
    .reduce((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), text);

/** Imports of one door from one file merged into one declaration (type-only ones apart). */
function mergeDoors(file: string, text: string): string {
  const sf = parse(file, text);
  const groups = new Map<string, ts.ImportDeclaration[]>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !stringSpec(st) || !bindingsOf(st)) continue;
    const target = resolve(file, stringSpec(st)!);
    if (!target || !isDoor(target)) continue;
    const key = `${st.importClause!.isTypeOnly ? 'type ' : ''}${stringSpec(st)}`;
    groups.set(key, [...(groups.get(key) ?? []), st]);
  }
  const edits: Edit[] = [];
  for (const [key, decls] of groups) {
    if (decls.length < 2) continue;
    const names = decls.flatMap((d) =>
      (d.importClause!.namedBindings as ts.NamedImports).elements.map((e) => e.getText(sf)),
    );
    const type = key.startsWith('type ') ? 'type ' : '';
    const spec = key.slice(type.length);
    const merged = `import ${type}{ ${[...new Set(names)].join(', ')} } from '${spec}';`;
    edits.push({ start: decls[0]!.getStart(sf), end: decls[0]!.getEnd(), text: merged });
    for (const d of decls.slice(1)) {
      const end = text[d.getEnd()] === '\n' ? d.getEnd() + 1 : d.getEnd();
      edits.push({ start: d.getStart(sf), end, text: '' });
    }
  }
  return applyEdits(text, edits);
}

function scan(file: string, write: boolean): string | null {
  const source = fs.readFileSync(file, 'utf8');
  const sf = parse(file, source);
  const edits: Edit[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && stringSpec(node)) {
      const edit = rewriteNamed(sf, node, write);
      if (edit) edits.push(edit);
      return;
    }
    if (ts.isImportTypeNode(node)) {
      const edit = rewriteImportType(sf, node, write);
      if (edit) edits.push(edit);
    }
    if (
      write &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolve(file, node.arguments[0].text);
      if (target && moduleOf(target) && moduleOf(target) !== ownerOf(file) && !isDoor(target))
        problems.push(`${rel(file)}: dynamic import of ${rel(target)} left as it is`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!write) return null;
  const out = mergeDoors(file, applyEdits(source, edits));
  return out === source ? null : out;
}

// ---------------------------------------------------------------------------------------------
// Doors.

function doorText(door: string, header: string[]): string | null {
  const entries = needs.get(door)!;
  if (!entries.size) return null;
  const byFile = new Map<string, { values: string[]; types: string[] }>();
  for (const [name, e] of entries) {
    const group = byFile.get(e.file) ?? { values: [], types: [] };
    byFile.set(e.file, group);
    (e.type ? group.types : group.values).push(name === e.name ? name : `${e.name} as ${name}`);
  }
  const lines = [...header, ''];
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  for (const file of [...byFile.keys()].sort()) {
    const { values, types } = byFile.get(file)!;
    const spec = specifier(door, file);
    if (values.length) lines.push(`export { ${values.sort(byName).join(', ')} } from '${spec}';`);
    if (types.length)
      lines.push(`export type { ${types.sort(byName).join(', ')} } from '${spec}';`);
  }
  return lines.join('\n') + '\n';
}

async function format(file: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

async function main() {
  const serverFiles = filesUnder(SRC).filter((f) => !isDoor(f));
  lean = threadFiles(serverFiles);
  const changed = new Map<string, string | null>();
  for (const file of serverFiles) {
    const out = scan(file, true);
    if (out !== null) changed.set(file, out);
  }
  for (const dir of READERS) for (const file of filesUnder(dir)) scan(file, false);
  // The front door holds all a module offers; the narrow door a part of it, under the same names.
  for (const module of modules)
    for (const [name, e] of needs.get(doorOf(module, 'lean'))!)
      if (publicName(doorOf(module, 'index'), e, e.type) !== name)
        problems.push(`${module}: \`${name}\` is named apart in its two doors`);
  for (const module of modules)
    for (const door of Object.keys(DOORS) as Door[]) {
      const file = doorOf(module, door);
      const text = doorText(file, DOORS[door]);
      if (text !== null || fs.existsSync(file)) changed.set(file, text);
    }

  let written = 0;
  for (const [file, raw] of changed) {
    const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    const text = raw === null ? null : await format(file, raw);
    if (text === old) continue;
    written++;
    if (!CHECK) {
      if (text === null) fs.rmSync(file);
      else fs.writeFileSync(file, text);
    }
    if (!QUIET)
      console.log(`${CHECK ? 'would ' : ''}${text === null ? 'remove' : 'write'} ${rel(file)}`);
  }

  const sizes = [...needs]
    .filter(([, n]) => n.size)
    .map(([door, n]) => `${path.relative(MODULES, door).replace(/\.ts$/, '')} ${n.size}`)
    .join(', ');
  for (const p of problems) console.error(p);
  console.log(
    `${written} files ${CHECK ? 'to change' : 'changed'}, ${rewritten} imports rewritten`,
  );
  console.log(`worker-thread/child-process files (lean doors): ${lean.size}`);
  console.log(`door names: ${sizes}`);
  if (CHECK && written) process.exit(1);
  if (problems.some((p) => !p.startsWith('note:'))) process.exit(2);
}

void main();

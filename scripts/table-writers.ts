// Which module writes which table, read from the server's source: drizzle's
// `.insert(t)`, `.update(t)` and `.delete(t)` on a table of db/schema, and raw statements
// (`insert into`, `update`, `delete from` a table by its SQL name or `${t}`). Writes through a
// variable that holds one of several tables (`.update(table)`) are not seen: each such helper
// sits in the module that owns every table it may be given.
//   node scripts/table-writers.ts           rewrites the table in docs/architecture.md
//   node scripts/table-writers.ts --check   fails when a table has a second writer not listed
//                                           below, or when the doc's table is not the code's
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { moduleOf, SERVER_SRC } from './import-graph.ts';

/**
 * Tables more than one module still writes, each with why. A table not listed that gets a
 * second writer fails; a listed one down to one writer is reported, so the list only shrinks.
 */
const KNOWN_SHARED: Record<string, string> = {
  location_counties:
    'a city removed by hand (projects) or by a sync (locations) takes its emptied county with it',
  location_states: 'as location_counties, the emptied state',
  pages: 'pages writes them; projects deletes one by hand (its route sits in projects)',
  projects:
    'settings (projects); status once nothing is left to write (pages); the next release (publishing); the spend standing (ai)',
  api_tokens: 'made and revoked by workspaces; the last-used stamp when one is presented (auth)',
  project_clients: 'sharing a project (projects); leaving a workspace ends its shares (workspaces)',
  workspace_members:
    'a new account joins its own workspace (users); members and roles (workspaces); a member’s e-mail choices (notifications)',
  workspaces:
    'made with its account (users); its name (workspaces); its brand (notifications, beside the mails that carry it)',
  users:
    'profile (users); deletion (admin); the Stripe customer (billing); the spend standing (ai)',
};

const DOC = 'docs/architecture.md';
const BEGIN = '<!-- table-writers:begin (drawn by scripts/table-writers.ts; do not edit) -->';
const END = '<!-- table-writers:end -->';
const SCHEMA = path.join(SERVER_SRC, 'db/schema');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}
const parse = (file: string) =>
  ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Each schema table's identifier and its SQL name. */
function tablesOfSchema(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of filesUnder(SCHEMA))
    for (const st of parse(file).statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (!ts.isIdentifier(d.name) || !init || !ts.isCallExpression(init)) continue;
        const [name] = init.arguments;
        if (init.expression.getText() === 'pgTable' && name && ts.isStringLiteral(name))
          tables.set(d.name.text, name.text);
      }
    }
  return tables;
}

const RAW = /\b(?:insert\s+into|update|delete\s+from)\s+("?)([a-z_]+)\1(?=[\s(]|$)/gi;

/** The tables one file writes. */
function writesOf(file: string, tables: Map<string, string>): Set<string> {
  const sf = parse(file);
  // The schema's tables as this file names them (imports may rename).
  const local = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const target = path.resolve(path.dirname(file), st.moduleSpecifier.text);
    if (!target.startsWith(SCHEMA)) continue;
    const bindings = st.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements) {
        const sqlName = tables.get((el.propertyName ?? el.name).text);
        if (sqlName) local.set(el.name.text, sqlName);
      }
  }
  const sqlNames = new Set(tables.values());
  const out = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!) &&
      local.has(node.arguments[0].text)
    )
      out.add(local.get(node.arguments[0].text)!);
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
      // The statement's text with each `${t}` of a table written as its SQL name.
      const tpl = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(tpl)
        ? [tpl.text]
        : [
            tpl.head.text,
            ...tpl.templateSpans.flatMap((span) => [
              ts.isIdentifier(span.expression) && local.has(span.expression.text)
                ? local.get(span.expression.text)!
                : '?',
              span.literal.text,
            ]),
          ];
      for (const m of parts.join('').matchAll(RAW)) if (sqlNames.has(m[2]!)) out.add(m[2]!);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const tables = tablesOfSchema();
const writers = new Map<string, Set<string>>([...tables.values()].map((t) => [t, new Set()]));
for (const file of filesUnder(SERVER_SRC)) {
  if (file.startsWith(path.join(SERVER_SRC, 'db'))) continue;
  for (const table of writesOf(file, tables)) writers.get(table)!.add(moduleOf(file));
}

const rows = [...writers].sort(([a], [b]) => a.localeCompare(b));
const drawn = [
  BEGIN,
  '',
  '| Table | Written by |',
  '| ----- | ---------- |',
  ...rows.map(
    ([table, by]) =>
      `| \`${table}\` | ${
        by.size
          ? [...by]
              .sort()
              .map((m) => `\`${m}\``)
              .join(', ')
          : '(none: read only, or seeded by a migration)'
      } |`,
  ),
  '',
  END,
].join('\n');

let failed = false;
for (const [table, by] of rows) {
  if (by.size > 1 && !(table in KNOWN_SHARED)) {
    console.error(`${table} has more than one writer: ${[...by].sort().join(', ')}`);
    failed = true;
  }
  if (by.size <= 1 && table in KNOWN_SHARED)
    console.log(`${table} has one writer now (remove it from scripts/table-writers.ts)`);
}

const doc = fs.readFileSync(DOC, 'utf8');
const start = doc.indexOf(BEGIN);
const end = doc.indexOf(END);
if (start < 0 || end < start) {
  console.error(`${DOC} has no table-writers markers (${BEGIN} … ${END})`);
  process.exit(1);
}
const next = doc.slice(0, start) + drawn + doc.slice(end + END.length);
if (process.argv.includes('--check')) {
  if (next !== doc) {
    console.error(
      `${DOC}: the table of writers is not the code's; run \`node scripts/table-writers.ts\``,
    );
    failed = true;
  } else console.log(`${DOC}: the table of writers is the code's`);
} else if (next !== doc) {
  fs.writeFileSync(DOC, next);
  console.log(`${DOC}: table of writers drawn`);
}
if (failed) process.exit(1);

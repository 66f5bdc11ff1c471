import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  PAGE_STATUS,
  QUALITY_GATE_DEFAULTS,
  type TProjectGate,
  type TQualityGate,
} from '@cityforge/shared';
import type { Executor } from '../../db/client.ts';
import type { serviceCityPages } from '../../db/schema/index.ts';
import { cities, cityFacts, projects, type ProjectRow } from '../../db/schema/index.ts';

/** A project's quality gate, its own thresholds or the shipped defaults. */
export function gateOf(
  project: Pick<
    ProjectRow,
    'qualityGate' | 'gateMaxSimilarity' | 'gateMinLocalShare' | 'gateMinWords'
  >,
): TQualityGate {
  return {
    enabled: project.qualityGate,
    maxSimilarity: project.gateMaxSimilarity ?? QUALITY_GATE_DEFAULTS.maxSimilarity,
    minLocalShare: project.gateMinLocalShare ?? QUALITY_GATE_DEFAULTS.minLocalShare,
    minWords: project.gateMinWords ?? QUALITY_GATE_DEFAULTS.minWords,
  };
}

/**
 * Which of these projects have places with facts (the gate's `proof` applies to them), one
 * probe of the facts' project index each. Asked apart, with the project as a constant: as a
 * subquery correlated with each city, PostgreSQL may plan a scan of every project's facts per
 * city (a table of one big project's facts reads as "every row matches").
 */
export async function factProjectsOf(tx: Executor, projectIds: readonly string[]) {
  const found = await Promise.all(
    projectIds.map(async (id) => {
      const [row] = await tx
        .select({ id: cityFacts.projectId })
        .from(cityFacts)
        .where(eq(cityFacts.projectId, id))
        .limit(1);
      return row ? id : null;
    }),
  );
  return found.filter((id): id is string => id !== null);
}

/** A table of pages the gate judges: city pages, or service-city pages. */
export type HeldTable = typeof cities | typeof serviceCityPages;

/** One project's gate (gateOf, and its fact names), or the projects of a query with facts. */
export type HeldBy = { gate: TProjectGate } | { factProjects: readonly string[] };

/**
 * True for a city page the gate holds back: written, scored, below one of its project's
 * thresholds, listing places, or without first-hand proof in a project that has facts, and not
 * approved by hand. The SQL form of `qualityVerdict` (shared), for counts and builds. With one
 * project's gate, everything is a parameter; with `factProjects` (factProjectsOf), the query
 * must join `projects` on the city's project for its thresholds. Tested against the shared rule.
 */
export function heldSql(by: HeldBy, table: HeldTable = cities): SQL<boolean> {
  // Service-city pages carry the same score columns under the same names as city pages.
  const t = table as typeof cities;
  const d = QUALITY_GATE_DEFAULTS;
  // As `real`, the columns' type: a float4 compares with another float4 as both read in
  // TypeScript (0.3 stored is 0.3 read), not as their float8 widenings (0.30000001…).
  const limits =
    'gate' in by
      ? {
          enabled: sql`${by.gate.enabled}::boolean`,
          maxSimilarity: sql`${by.gate.maxSimilarity}::real`,
          minLocalShare: sql`${by.gate.minLocalShare}::real`,
          minWords: sql`${by.gate.minWords}::int`,
          hasFacts: sql`${by.gate.factNames.length > 0}::boolean`,
        }
      : {
          enabled: sql`${projects.qualityGate}`,
          maxSimilarity: sql`coalesce(${projects.gateMaxSimilarity}, ${sql.raw(String(d.maxSimilarity))})`,
          minLocalShare: sql`coalesce(${projects.gateMinLocalShare}, ${sql.raw(String(d.minLocalShare))})`,
          minWords: sql`coalesce(${projects.gateMinWords}, ${sql.raw(String(d.minWords))})`,
          hasFacts: by.factProjects.length
            ? inArray(t.projectId, [...by.factProjects])
            : sql`false`,
        };
  // A page scored before the later measures reads them as 0, as the shared rule does.
  return sql<boolean>`(${limits.enabled}
    and ${t.status} = ${PAGE_STATUS.completed}
    and ${t.approvedAt} is null
    and ${t.similarity} is not null and ${t.localShare} is not null and ${t.wordCount} is not null
    and (${t.similarity} > ${limits.maxSimilarity}
      or ${t.localShare} < ${limits.minLocalShare}
      or ${t.wordCount} < ${limits.minWords}
      or coalesce(${t.stuffing}, 0) > 0
      or (coalesce(${t.factsStated}, 0) = 0 and ${limits.hasFacts})))`;
}

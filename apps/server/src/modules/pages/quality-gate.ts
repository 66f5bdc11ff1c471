import { sql, type SQL } from 'drizzle-orm';
import {
  PAGE_STATUS,
  QUALITY_GATE_DEFAULTS,
  type TProjectGate,
  type TQualityGate,
} from '@cityforge/shared';
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
 * True for a city page the gate holds back: written, scored, below one of its project's
 * thresholds, listing places, or without first-hand proof in a project that has facts, and not
 * approved by hand. The SQL form of `qualityVerdict` (shared), for counts and builds. Without
 * `gate`, a query using it must join `projects` on the city's project (whether the project has
 * facts is then asked per page, of the facts' project index); with one project's gate
 * (gateOf, and its fact names), everything is a parameter and no join is needed. Tested
 * against the shared rule.
 */
export function heldSql(gate?: TProjectGate): SQL<boolean> {
  const d = QUALITY_GATE_DEFAULTS;
  // As `real`, the columns' type: a float4 compares with another float4 as both read in
  // TypeScript (0.3 stored is 0.3 read), not as their float8 widenings (0.30000001…).
  const limits = gate
    ? {
        enabled: sql`${gate.enabled}::boolean`,
        maxSimilarity: sql`${gate.maxSimilarity}::real`,
        minLocalShare: sql`${gate.minLocalShare}::real`,
        minWords: sql`${gate.minWords}::int`,
        hasFacts: sql`${gate.factNames.length > 0}::boolean`,
      }
    : {
        enabled: sql`${projects.qualityGate}`,
        maxSimilarity: sql`coalesce(${projects.gateMaxSimilarity}, ${sql.raw(String(d.maxSimilarity))})`,
        minLocalShare: sql`coalesce(${projects.gateMinLocalShare}, ${sql.raw(String(d.minLocalShare))})`,
        minWords: sql`coalesce(${projects.gateMinWords}, ${sql.raw(String(d.minWords))})`,
        hasFacts: sql`exists (select 1 from ${cityFacts} where ${cityFacts.projectId} = ${cities.projectId})`,
      };
  // A page scored before the later measures reads them as 0, as the shared rule does.
  return sql<boolean>`(${limits.enabled}
    and ${cities.status} = ${PAGE_STATUS.completed}
    and ${cities.approvedAt} is null
    and ${cities.similarity} is not null and ${cities.localShare} is not null and ${cities.wordCount} is not null
    and (${cities.similarity} > ${limits.maxSimilarity}
      or ${cities.localShare} < ${limits.minLocalShare}
      or ${cities.wordCount} < ${limits.minWords}
      or coalesce(${cities.stuffing}, 0) > 0
      or (coalesce(${cities.factsStated}, 0) = 0 and ${limits.hasFacts})))`;
}

import { sql, type SQL } from 'drizzle-orm';
import { PAGE_STATUS, QUALITY_GATE_DEFAULTS, type TQualityGate } from '@cityforge/shared';
import { cities, projects, type ProjectRow } from '../../db/schema/index.ts';

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
 * thresholds and not approved by hand. The SQL form of `qualityVerdict` (shared), for counts
 * and builds; a query using it must join `projects` on the city's project. Tested against it.
 */
export function heldSql(): SQL<boolean> {
  const d = QUALITY_GATE_DEFAULTS;
  return sql<boolean>`(${projects.qualityGate}
    and ${cities.status} = ${PAGE_STATUS.completed}
    and ${cities.approvedAt} is null
    and ${cities.similarity} is not null and ${cities.localShare} is not null and ${cities.wordCount} is not null
    and (${cities.similarity} > coalesce(${projects.gateMaxSimilarity}, ${sql.raw(String(d.maxSimilarity))})
      or ${cities.localShare} < coalesce(${projects.gateMinLocalShare}, ${sql.raw(String(d.minLocalShare))})
      or ${cities.wordCount} < coalesce(${projects.gateMinWords}, ${sql.raw(String(d.minWords))})))`;
}

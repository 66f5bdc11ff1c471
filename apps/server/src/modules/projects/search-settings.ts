import type { TUpdateProjectSettings } from '@cityforge/shared';
import type { ProjectPatch } from './projects.repo.ts';

/**
 * The search settings (quality gate, IndexNow, staged releases) as a row patch. A null
 * threshold is stored as null: the project follows the shipped default.
 */
export function searchSettingsPatch(input: TUpdateProjectSettings): ProjectPatch {
  const patch: ProjectPatch = {};
  const gate = input.qualityGate;
  if (gate?.enabled !== undefined) patch.qualityGate = gate.enabled;
  if (gate?.maxSimilarity !== undefined) patch.gateMaxSimilarity = gate.maxSimilarity;
  if (gate?.minLocalShare !== undefined) patch.gateMinLocalShare = gate.minLocalShare;
  if (gate?.minWords !== undefined) patch.gateMinWords = gate.minWords;
  if (input.indexNow !== undefined) patch.indexNow = input.indexNow;
  if (input.requireClientApproval !== undefined)
    patch.requireClientApproval = input.requireClientApproval;
  const release = input.release;
  if (release?.perDay !== undefined) patch.releasePerDay = release.perDay;
  if (release?.time !== undefined) patch.releaseTime = release.time;
  if (release?.timeZone !== undefined) patch.releaseTimeZone = release.timeZone;
  if (release?.paused !== undefined) patch.releasePaused = release.paused;
  return patch;
}

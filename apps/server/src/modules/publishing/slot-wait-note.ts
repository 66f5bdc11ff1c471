import { MSG } from '@cityforge/shared';
import type { NetlifyLimits } from './netlify.ts';

const span = (ms: number) => {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 120 ? `${s} s` : `${Math.round(s / 60)} min`;
};

/** What the deploy line says while the deploy waits for a slot of its token's deploy limit. */
export function slotWaitNote(limits: NetlifyLimits, until: Date, now = Date.now()): string {
  const window = limits.windowMs === 60_000 ? 'minute' : span(limits.windowMs);
  return MSG.netlifyDeployWaiting
    .replace('{limit}', String(limits.deploys))
    .replace('{window}', window)
    .replace('{wait}', span(until.getTime() - now));
}

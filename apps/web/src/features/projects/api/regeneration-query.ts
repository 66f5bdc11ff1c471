import type { TRegenerationQuery } from '@cityforge/shared';

/** "Replace my edits too": pages edited by hand get their regenerated page as a proposal. */
export type RegenerationOptions = { replaceEdits?: boolean };

/** The query of a call that writes pages again; nothing when the owner's edits are kept. */
export function regenerationQuery(opts: RegenerationOptions): TRegenerationQuery {
  return opts.replaceEdits ? { replaceEdits: true } : {};
}

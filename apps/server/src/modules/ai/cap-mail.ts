import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { roundCents } from '../../lib/usd.ts';
import type { MailQueue } from '../mail/index.ts';
import { spendingCapMail } from '../mail/index.ts';
import type { CapScope } from './spending-gate.ts';
import type { SpendRepo } from './spend.repo.ts';

/**
 * The owner hears once per cap and month (UTC) that it stopped generation: the first page
 * held marks the month on the project (or the account), atomically, and only that one mails.
 */
export function createCapMail(deps: {
  spend: Pick<SpendRepo, 'claimCapMail'>;
  mailQueue: MailQueue;
  appUrl: string;
}) {
  return async function capReached(
    held: { held: CapScope; month: string },
    project: ProjectRow,
    owner: UserRow,
  ): Promise<void> {
    const ofProject = held.held === 'project';
    if (!(await deps.spend.claimCapMail(held.held, ofProject ? project.id : owner.id, held.month)))
      return;
    const usd = roundCents((ofProject ? project.spendingCapUsd : owner.spendingCapUsd) ?? 0);
    const url = ofProject
      ? `${deps.appUrl}/projects/${encodeURIComponent(project.id)}/settings`
      : `${deps.appUrl}/profile`;
    await deps.mailQueue.enqueue(
      spendingCapMail(
        owner.email,
        { usd, month: held.month, ...(ofProject ? { projectName: project.name } : {}) },
        url,
      ),
    );
  };
}
export type CapMail = ReturnType<typeof createCapMail>;

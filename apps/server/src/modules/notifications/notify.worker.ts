import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import type { Mail } from '../../lib/mail.ts';
import type { MailQueue } from '../mail/index.ts';
import {
  awaitingReviewMail,
  clientReviewMail,
  deployFailedMail,
  runFinishedMail,
  syncWaitingMail,
} from '../mail/index.ts';
import type { NotificationsRepo } from './notifications.repo.ts';
import { ZNotifyEvent, type NotifyEvent } from '../../jobs/notify.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

type Deps = { repo: NotificationsRepo; mailQueue: MailQueue; appUrl: string };

/**
 * The mails one event makes: staff who keep that e-mail on hear of runs, failed deploys,
 * waiting syncs and their clients' reviews; clients, in their workspace's brand, of new
 * versions awaiting their review (once per finished run or deploy, however many pages).
 */
async function mailsOf(deps: Deps, event: NotifyEvent): Promise<Mail[]> {
  const found = await deps.repo.project(event.projectId);
  if (!found) return [];
  const { project, workspace } = found;
  const projectUrl = `${deps.appUrl}/projects/${encodeURIComponent(project.id)}`;
  const staff = async (pref: Parameters<NotificationsRepo['staffWanting']>[1]) =>
    deps.repo.staffWanting(workspace.id, pref);
  switch (event.event) {
    case 'runFinished': {
      const failed = await deps.repo.failedCount(project.id);
      const run = { projectName: project.name, failed, url: projectUrl };
      const mails = (await staff('runFinished')).map((r) => runFinishedMail(r.email, run));
      return [...mails, ...(await awaitingMails(deps, found))];
    }
    case 'deployed':
      return awaitingMails(deps, found);
    case 'deployFailed': {
      const deploy = { projectName: project.name, error: event.error, url: projectUrl };
      return (await staff('deployFailed')).map((r) => deployFailedMail(r.email, deploy));
    }
    case 'syncWaiting': {
      const sync = { projectName: project.name, removing: event.removing, url: projectUrl };
      return (await staff('syncWaiting')).map((r) => syncWaitingMail(r.email, sync));
    }
    case 'clientReview': {
      const found = await deps.repo.review(event.reviewId);
      if (!found) return [];
      const { review } = found;
      const body = {
        projectName: project.name,
        pageName: await deps.repo.pageName(review.pageKind, review.pageId),
        by: found.byName || 'Your client',
        approved: review.decision === 'approved',
        comment: review.comment,
        url: projectUrl,
      };
      return (await staff('clientReview')).map((r) => clientReviewMail(r.email, body));
    }
  }
}

/** One branded mail to each client of a project that requires approval, when pages await it. */
async function awaitingMails(
  deps: Deps,
  { project, workspace }: NonNullable<Awaited<ReturnType<NotificationsRepo['project']>>>,
): Promise<Mail[]> {
  if (!project.requireClientApproval) return [];
  const awaiting = await deps.repo.awaitingCount(project.id);
  if (!awaiting) return [];
  const url = `${deps.appUrl}/review/${encodeURIComponent(project.id)}`;
  const clients = await deps.repo.clientsWanting(project.id, workspace.id);
  if (!clients.length) return [];
  // "Powered by" comes back when the account no longer pays for hiding it.
  const paid = await deps.repo.paysFor(workspace.accountId);
  const brand = { ...workspace, showPoweredBy: workspace.showPoweredBy || !paid };
  return clients.map((c) =>
    awaitingReviewMail(brand, c.email, { projectName: project.name, awaiting, url }),
  );
}

/** The worker of notification events: it works out the mails, then queues them together. */
export async function registerNotifyWorker(boss: PgBoss, deps: Deps) {
  await workUntilEmpty(boss, QUEUES.notify, { localConcurrency: 1 }, async (jobs) => {
    for (const job of jobs) {
      const mails = await mailsOf(deps, ZNotifyEvent.parse(job.data));
      for (const mail of mails) await deps.mailQueue.enqueue(mail);
    }
  });
}

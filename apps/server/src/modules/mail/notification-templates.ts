import { BRAND } from '@cityforge/shared';
import type { Mail } from '../../lib/mail.ts';

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A note to a workspace's staff: what happened, a link to it, and how to turn it off. */
function note(to: string, subject: string, intro: string, url: string, cta: string): Mail {
  const outro = `You can turn these e-mails off in your notification settings.`;
  return {
    to,
    subject,
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<p>${escape(intro)}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(cta)}</a></p>
<p style="font-size:13px;color:#475569">${escape(outro)}<br>${escape(url)}</p>
<p style="font-size:12px;color:#94a3b8">${BRAND}</p></body></html>`,
  };
}

export function runFinishedMail(
  to: string,
  run: { projectName: string; failed: number; url: string },
) {
  const failed =
    run.failed === 0
      ? 'every page was written'
      : `${run.failed} page${run.failed === 1 ? '' : 's'} failed`;
  return note(
    to,
    `${run.projectName}: generation finished${run.failed ? ` (${run.failed} failed)` : ''}`,
    `Generation of ${run.projectName} finished: ${failed}.`,
    run.url,
    'Open the project',
  );
}

export function deployFailedMail(
  to: string,
  deploy: { projectName: string; error: string; url: string },
) {
  return note(
    to,
    `${deploy.projectName}: the deploy failed`,
    `The deploy of ${deploy.projectName} failed: ${deploy.error}`,
    deploy.url,
    'See the deploy',
  );
}

export function syncWaitingMail(
  to: string,
  sync: { projectName: string; removing: number; url: string },
) {
  return note(
    to,
    `${sync.projectName}: a sheet sync waits for your confirmation`,
    `A sync of the sheet linked to ${sync.projectName} stopped before removing ${sync.removing} place${sync.removing === 1 ? '' : 's'}. Nothing changed; confirm the run to apply it.`,
    sync.url,
    'Review the sync',
  );
}

export function clientReviewMail(
  to: string,
  review: {
    projectName: string;
    pageName: string;
    by: string;
    approved: boolean;
    comment: string;
    url: string;
  },
) {
  const what = review.approved ? 'approved' : 'asked for changes to';
  const comment = review.comment ? ` Their comment: “${review.comment}”` : '';
  return note(
    to,
    `${review.projectName}: ${review.by} ${what} ${review.pageName}`,
    `${review.by} ${what} the page ${review.pageName} of ${review.projectName}.${comment}`,
    review.url,
    'Open the project',
  );
}

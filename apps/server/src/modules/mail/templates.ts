import { BRAND } from '@cityforge/shared';
import type { Mail } from '../../lib/mail.ts';

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(
  title: string,
  intro: string,
  cta: string,
  url: string,
  outro: string,
): Mail['html'] {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escape(title)}</h1><p>${escape(intro)}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(cta)}</a></p>
<p style="font-size:13px;color:#475569">${escape(outro)}<br>${escape(url)}</p>
<p style="font-size:12px;color:#94a3b8">${BRAND}</p></body></html>`;
}

export function verificationMail(to: string, url: string, hours: number): Mail {
  const intro = `Welcome to ${BRAND}! Confirm your email address to finish creating your account.`;
  const outro = `The link works once and expires in ${hours} hours. If you did not sign up, ignore this message.`;
  return {
    to,
    subject: `Verify your ${BRAND} email address`,
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: layout('Verify your email', intro, 'Verify email', url, outro),
  };
}

export function passwordResetMail(to: string, url: string, minutes: number): Mail {
  const intro = `Someone asked to reset the password of your ${BRAND} account.`;
  const outro = `The link works once and expires in ${minutes} minutes. If it was not you, ignore this message; your password stays as it is.`;
  return {
    to,
    subject: `Reset your ${BRAND} password`,
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: layout('Reset your password', intro, 'Reset password', url, outro),
  };
}

/** Signup answers the same for a taken address; its owner hears about it here instead. */
export function accountExistsMail(to: string, signInUrl: string): Mail {
  const intro = `Someone tried to create a ${BRAND} account with this address, which already has one.`;
  const outro = `If it was you, sign in instead (or reset your password from the sign-in page). If not, ignore this message; nothing changed.`;
  return {
    to,
    subject: `Your ${BRAND} account already exists`,
    text: `${intro}\n\n${signInUrl}\n\n${outro}\n`,
    html: layout('You already have an account', intro, 'Sign in', signInUrl, outro),
  };
}

/** Sent when repeated failed sign-ins pause an account, so its owner knows someone is trying. */
export function signInLockedMail(to: string, minutes: number, resetUrl: string): Mail {
  const intro = `We paused sign-in to your ${BRAND} account from new browsers and networks for ${minutes} minutes after several wrong passwords. Where you signed in before, you can still sign in.`;
  const outro = `If it was not you, someone may be guessing your password: choose a new one here. Resetting it also ends the pause.`;
  return {
    to,
    subject: `Sign-in to your ${BRAND} account was paused`,
    text: `${intro}\n\n${resetUrl}\n\n${outro}\n`,
    html: layout('Sign-in paused', intro, 'Choose a new password', resetUrl, outro),
  };
}

/**
 * A monthly spending cap stopped generation (once per cap and month). `projectName`
 * names the project whose cap it is; absent, the cap is the account's.
 */
export function spendingCapMail(
  to: string,
  cap: { usd: number; month: string; projectName?: string },
  settingsUrl: string,
): Mail {
  const whose = cap.projectName ? `the project ${cap.projectName}` : 'your account';
  const dollars = `$${cap.usd.toFixed(2)}`;
  const intro = `Generation stopped: the next page would pass the monthly spending cap of ${dollars} set for ${whose} (${cap.month}, UTC). Pages already written stay as they are; the others wait in the queue.`;
  const outro = `They go on by themselves when you raise or clear the cap, or when the month turns (UTC). This is the only message about this cap this month.`;
  const subject = cap.projectName
    ? `Monthly spending cap reached: ${cap.projectName}`
    : 'Monthly spending cap reached for your account';
  return {
    to,
    subject,
    text: `${intro}\n\n${settingsUrl}\n\n${outro}\n`,
    html: layout('Monthly spending cap reached', intro, 'Change the cap', settingsUrl, outro),
  };
}

/** An invitation to join a workspace with a role; the link works once, until it expires. */
export function invitationMail(
  to: string,
  invite: { workspaceName: string; inviterName: string; role: string; days: number },
  url: string,
): Mail {
  const intro = `${invite.inviterName} invited you to join the workspace ${invite.workspaceName} on ${BRAND} as ${invite.role}.`;
  const outro = `Sign in or create an account with this address (${to}) to join. The link works once and expires in ${invite.days} days. If you did not expect it, ignore this message.`;
  return {
    to,
    subject: `Join ${invite.workspaceName} on ${BRAND}`,
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: layout(`Join ${invite.workspaceName}`, intro, 'Accept the invitation', url, outro),
  };
}

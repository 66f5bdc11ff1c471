import { BRAND } from '@cityforge/shared';
import type { Mail } from '../../lib/mail.ts';

/** How a workspace shows itself to its clients: every mail to them carries it. */
export type MailBrand = {
  name: string;
  logoUrl: string | null;
  accentColor: string | null;
  showPoweredBy: boolean;
};

const DEFAULT_ACCENT = '#334155';

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A mail to a workspace's client in the workspace's name: its name as the sender and the
 * heading, its logo, its colour on the button. Our name appears only in the small
 * "Powered by" line, and not at all when the workspace turned it off.
 */
function branded(
  brand: MailBrand,
  to: string,
  parts: { subject: string; title: string; intro: string; cta: string; url: string; outro: string },
): Mail {
  const accent = brand.accentColor ?? DEFAULT_ACCENT;
  const logo = brand.logoUrl
    ? `<img src="${escape(brand.logoUrl)}" alt="${escape(brand.name)}" style="max-height:48px;max-width:200px">`
    : `<strong style="font-size:18px;color:${accent}">${escape(brand.name)}</strong>`;
  const powered = brand.showPoweredBy
    ? `<p style="font-size:11px;color:#94a3b8">Powered by ${BRAND}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<div style="border-bottom:3px solid ${accent};padding-bottom:12px;margin-bottom:16px">${logo}</div>
<h1 style="font-size:20px">${escape(parts.title)}</h1><p>${escape(parts.intro)}</p>
<p><a href="${escape(parts.url)}" style="display:inline-block;background:${accent};color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(parts.cta)}</a></p>
<p style="font-size:13px;color:#475569">${escape(parts.outro)}<br>${escape(parts.url)}</p>
<p style="font-size:12px;color:#94a3b8">${escape(brand.name)}</p>${powered}</body></html>`;
  const footer = brand.showPoweredBy
    ? `\n\n${brand.name} · Powered by ${BRAND}\n`
    : `\n\n${brand.name}\n`;
  return {
    to,
    fromName: brand.name,
    subject: parts.subject,
    text: `${parts.intro}\n\n${parts.url}\n\n${parts.outro}${footer}`,
    html,
  };
}

/** A run or a deploy left pages whose new version awaits the client's review: one mail. */
export function awaitingReviewMail(
  brand: MailBrand,
  to: string,
  review: { projectName: string; awaiting: number; url: string },
): Mail {
  const pages = review.awaiting === 1 ? '1 page' : `${review.awaiting} pages`;
  return branded(brand, to, {
    subject: `${pages} of ${review.projectName} await your review`,
    title: 'New pages to review',
    intro: `${brand.name} has ${pages} of ${review.projectName} ready for your review. Approve each page, or ask for changes with a comment; nothing you have not approved goes live.`,
    cta: 'Review the pages',
    url: review.url,
    outro: 'You get this message when new versions of your pages are ready.',
  });
}

/**
 * An invitation to a workspace as its client: in the workspace's name and brand, like every
 * mail a client gets (our name only in "Powered by").
 */
export function clientInvitationMail(
  brand: MailBrand,
  to: string,
  invite: { inviterName: string; days: number },
  url: string,
): Mail {
  return branded(brand, to, {
    subject: `${brand.name} invited you to review your website`,
    title: `Join ${brand.name}`,
    intro: `${invite.inviterName} of ${brand.name} invited you to review your website's pages and approve them before they go live.`,
    cta: 'Accept the invitation',
    url,
    outro: `Sign in or create an account with this address (${to}) to join. The link works once and expires in ${invite.days} days. If you did not expect it, ignore this message.`,
  });
}

const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text from a model or a user is untrusted: it must never become markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => TEXT_ESCAPES[ch] ?? ch);
}

/**
 * Same set as escapeHtml; a separate name so call sites say which context they write into,
 * and so attribute escaping can tighten later without touching text.
 */
export function escapeAttr(value: string): string {
  return escapeHtml(value);
}

/** A tel: href keeps only what dialers understand, so "(512) 555-0100" still dials. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return `tel:${digits}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** Header links are user-editable; script-bearing schemes are neutralised, the rest kept. */
export function safeHref(href: string): string {
  const trimmed = href.trim();
  // Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:").
  const scheme = trimmed.replace(/[\s\p{Cc}]/gu, '');
  return /^(javascript|data|vbscript):/i.test(scheme) ? '#' : trimmed;
}

const LOCALE = 'en-US';

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateInput = string | number | Date | null | undefined;

function formatWith(fields: Intl.DateTimeFormatOptions) {
  return (value: DateInput, options: { timeZone?: string } = {}, fallback = '—'): string => {
    const date = toDate(value);
    return date
      ? new Intl.DateTimeFormat(LOCALE, { ...fields, timeZone: options.timeZone }).format(date)
      : fallback;
  };
}

/** "Jan 5, 2026" — US English dates everywhere. */
export const formatDate = formatWith({ year: 'numeric', month: 'short', day: 'numeric' });

/** "Jan 5, 2026, 3:04 PM". */
export const formatDateTime = formatWith({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * File sizes in Bytes, KB, MB or GB (1024 steps), rounded to two decimals without trailing
 * zeros: 0 → "0 Bytes", 1536 → "1.5 KB", 1048576 → "1 MB". Anything past GB stays in GB.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}

/** "$29" / "$29.50" in US dollars; amounts are whole currency units, not cents. */
export function formatMoney(amount: number, currency = 'USD'): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** "1,234" */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(LOCALE).format(value);
}

/** "3:04:05 PM": a time of day to the second (e.g. when a poll last ran). */
export const formatTime = formatWith({ hour: 'numeric', minute: '2-digit', second: '2-digit' });

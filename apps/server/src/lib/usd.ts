/**
 * Caps are stored as `real` (float4), so 12.34 reads back as 12.340000152…: answers show the
 * cents the owner typed.
 */
export const roundCents = (usd: number): number => Math.round(usd * 100) / 100;

/** A cap as answered: its cents, or null for none. */
export const capOf = (usd: number | null): number | null => (usd === null ? null : roundCents(usd));

import { describe, expect, it } from 'vitest';
import { addressOf } from '../src/lib/mail.ts';

describe('the sender address under a workspace display name', () => {
  it('takes the address out of "Name <address>" and keeps a bare address', () => {
    expect(addressOf('CityForge <mail@cityforge.test>')).toBe('mail@cityforge.test');
    expect(addressOf('  mail@cityforge.test ')).toBe('mail@cityforge.test');
    expect(addressOf('"A <b>" <mail@cityforge.test>')).toBe('mail@cityforge.test');
  });

  it('reads 100 KB of "<a" with no ">" in one pass and keeps it as it is', () => {
    const hostile = '<a'.repeat(50_000);
    expect(addressOf(hostile)).toBe(hostile);
  });
});

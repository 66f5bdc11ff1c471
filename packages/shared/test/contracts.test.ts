import { describe, expect, it } from 'vitest';
import {
  MSG,
  ZLoginForm,
  ZRegistrationForm,
  ZResetPasswordRequest,
  ZSignupForm,
  isInProgress,
  isMasked,
  maskSecret,
  normaliseStatus,
} from '../src/index.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth form contracts use the spec messages', () => {
  it('login: required, address shape and minimum length', () => {
    expect(messagesOf(ZLoginForm.safeParse({ email: '', password: '' }))).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
    expect(messagesOf(ZLoginForm.safeParse({ email: 'nope', password: '12345' }))).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordMin,
    });
    expect(ZLoginForm.safeParse({ email: ' A@B.co ', password: '123456' }).data?.email).toBe(
      'A@B.co',
    );
  });

  it('signup and reset: confirmation required and equal', () => {
    expect(
      messagesOf(
        ZSignupForm.safeParse({ email: 'a@b.co', password: '123456', confirmPassword: '' }),
      ),
    ).toEqual({
      confirmPassword: MSG.confirmRequired,
    });
    expect(
      messagesOf(
        ZSignupForm.safeParse({ email: 'a@b.co', password: '123456', confirmPassword: '1234567' }),
      ),
    ).toEqual({
      confirmPassword: MSG.passwordsMismatch,
    });
    expect(
      ZResetPasswordRequest.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }).success,
    ).toBe(true);
    expect(
      messagesOf(
        ZResetPasswordRequest.safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' }),
      ),
    ).toEqual({
      confirmPassword: MSG.passwordsMismatch,
    });
  });

  it('registration (admin create user) has its own wording', () => {
    const r = ZRegistrationForm.safeParse({
      firstName: '',
      lastName: '',
      email: 'x',
      password: '123456',
      confirmPassword: '654321',
    });
    expect(messagesOf(r)).toMatchObject({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailInvalidRegistration,
    });
    const ok = ZRegistrationForm.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: '123456',
      confirmPassword: '123456',
    });
    expect(ok.data?.isActive).toBe(true);
    const mismatch = ZRegistrationForm.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: '123456',
      confirmPassword: '1234567',
    });
    expect(messagesOf(mismatch)).toEqual({ confirmPassword: MSG.passwordsMismatchRegistration });
  });
});

describe('secrets and statuses', () => {
  it('masks keys so they can be recognised but not used', () => {
    const masked = maskSecret('sk-proj-abcdefghijklmnop1234')!;
    expect(masked.startsWith('sk-')).toBe(true);
    expect(masked.endsWith('1234')).toBe(true);
    expect(masked).not.toContain('abcdefghijklmnop');
    expect(isMasked(masked)).toBe(true);
    expect(isMasked('sk-plain')).toBe(false);
    expect(maskSecret('short')).toBe('••••••••');
    expect(maskSecret(null)).toBeNull();
  });

  it('treats both spellings of In progress as one status', () => {
    expect(normaliseStatus('In Progress')).toBe('In progress');
    expect(normaliseStatus('in progress')).toBe('In progress');
    expect(normaliseStatus('Published')).toBe('Published');
    expect(isInProgress('In Progress')).toBe(true);
    expect(isInProgress('Created')).toBe(false);
    expect(isInProgress(undefined)).toBe(false);
  });
});

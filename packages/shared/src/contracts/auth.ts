import { z } from 'zod';
import { MSG } from '../messages.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../limits.ts';
import { ZUser } from './users.ts';

export const ZEmail = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired, abort: true })
  .max(254, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }));

export const ZPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .min(MIN_PASSWORD_LENGTH, { error: MSG.passwordMin })
  .max(MAX_PASSWORD_LENGTH, {
    error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  });

const ZConfirm = z
  .string({ error: MSG.confirmRequired })
  .min(1, { error: MSG.confirmRequired, abort: true });

export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }),
  rememberMe: z.boolean().optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The login form also enforces the minimum length, as the spec's form rules say. */
export const ZLoginForm = z.object({
  email: ZEmail,
  password: ZPassword,
  rememberMe: z.boolean().optional(),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZSignupRequest = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  confirmPassword: z.string().optional(),
  firstName: z.string().trim().max(150).optional(),
  lastName: z.string().trim().max(150).optional(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

function withConfirmation<
  T extends z.ZodObject<{ password: typeof ZPassword; confirmPassword: typeof ZConfirm }>,
>(schema: T, mismatch: string) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    error: mismatch,
    path: ['confirmPassword'],
  });
}

export const ZSignupForm = withConfirmation(
  z.object({ email: ZEmail, password: ZPassword, confirmPassword: ZConfirm }),
  MSG.passwordsMismatch,
);
export type TSignupForm = z.infer<typeof ZSignupForm>;

export const ZResetPasswordRequest = withConfirmation(
  z.strictObject({ password: ZPassword, confirmPassword: ZConfirm }),
  MSG.passwordsMismatch,
);
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZRequestPasswordReset = z.strictObject({ email: ZEmail });
export type TRequestPasswordReset = z.infer<typeof ZRequestPasswordReset>;

export const ZResendVerification = z.strictObject({ email: ZEmail });

export const ZRefreshRequest = z.strictObject({
  refresh: z.string({ error: MSG.noRefreshToken }).min(1, { error: MSG.noRefreshToken }),
});
export const ZRefreshResponse = z.object({ access: z.string(), refresh: z.string() });

/**
 * Logout takes either credential: the bearer's session, this refresh token, or both; a client
 * may send no body at all.
 */
export const ZLogoutRequest = z.object({ refresh: z.string().max(200).optional() }).nullish();

export const ZLoginResponse = z.object({ user: ZUser, access: z.string(), refresh: z.string() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZVerifyResetResponse = z.object({
  valid: z.boolean(),
  message: z.string().optional(),
});
export type TVerifyResetResponse = z.infer<typeof ZVerifyResetResponse>;

/** The admin's "create user" form and the registration form: one schema, one set of rules. */
export const ZRegistrationForm = withConfirmation(
  z.object({
    firstName: z.string().trim().min(1, { error: MSG.firstNameRequired }).max(150),
    lastName: z.string().trim().min(1, { error: MSG.lastNameRequired }).max(150),
    email: z
      .string({ error: MSG.emailRequired })
      .trim()
      .min(1, { error: MSG.emailRequired, abort: true })
      .pipe(z.email({ error: MSG.emailInvalidRegistration })),
    password: ZPassword,
    confirmPassword: ZConfirm,
    isActive: z.boolean().default(true),
  }),
  MSG.passwordsMismatchRegistration,
);

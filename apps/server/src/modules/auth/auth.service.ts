import { createHmac, randomUUID } from 'node:crypto';
import {
  MSG,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_HOURS,
  type TLoginResponse,
  type TSignupRequest,
} from '@cityforge/shared';
import { AppError, badRequest, unauthenticated } from '../../lib/errors.ts';
import {
  dummyPasswordHash,
  hashPassword,
  passwordHashCost,
  randomToken,
  sha256,
  verifyPassword,
} from '../../lib/crypto.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { MailQueue } from '../mail/index.ts';
import {
  accountExistsMail,
  passwordResetMail,
  signInLockedMail,
  verificationMail,
} from '../mail/index.ts';
import type { UsersRepo, UsersService } from '../users/index.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { Jwt } from './jwt.ts';
import type { SignInClient, SignInThrottle } from './sign-in-throttle.ts';
import { superuserOps } from './superuser.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';

type Deps = {
  db: Db;
  appUrl: string;
  authRepo: AuthRepo;
  usersRepo: UsersRepo;
  usersService: UsersService;
  jwt: Jwt;
  mailQueue: MailQueue;
  /** Keys the derivation of refresh-token successors (APP_SECRET). */
  tokenSecret: string;
  throttle: SignInThrottle;
  /** log2 of scrypt's N for new hashes (PASSWORD_HASH_COST). */
  passwordCost: number;
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
// Sign-in attempts and resend requests mail a new link at most this often.
const RESEND_INTERVAL_MS = 60_000;
const REUSE_GRACE_MS = 10_000;

export function createAuthService(deps: Deps) {
  const { db, authRepo, usersRepo, jwt, mailQueue, throttle, passwordCost } = deps;
  const now = deps.now ?? (() => new Date());
  const hash = (password: string) => hashPassword(password, passwordCost);
  const DUMMY_HASH = dummyPasswordHash(passwordCost);

  async function issueOneTime(
    user: UserRow,
    purpose: 'verify_email' | 'reset_password',
    ttlMs: number,
  ) {
    const token = randomToken();
    const at = now();
    await db.transaction(async (tx) => {
      // A new reset link voids older ones; verification links stay valid until they expire,
      // so the mail a user already opened keeps working.
      if (purpose === 'reset_password') await authRepo.expireOneTimeFor(user.id, purpose, at, tx);
      await authRepo.insertOneTime(
        {
          userId: user.id,
          purpose,
          tokenHash: sha256(token),
          expiresAt: new Date(at.getTime() + ttlMs),
        },
        tx,
      );
    });
    return token;
  }

  async function sendVerification(user: UserRow, opts: { throttle: boolean }) {
    if (opts.throttle) {
      const last = await authRepo.latestOneTimeAt(user.id, 'verify_email');
      if (last && now().getTime() - last.getTime() < RESEND_INTERVAL_MS) return;
    }
    const token = await issueOneTime(user, 'verify_email', VERIFY_TOKEN_TTL_HOURS * 3600_000);
    const url = `${deps.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await mailQueue.enqueue(verificationMail(user.email, url, VERIFY_TOKEN_TTL_HOURS));
  }

  // A refresh token's successor is derived from it (keyed by the app secret), so every
  // presentation of one token inside the grace window is answered the same successor.
  const successorOf = (token: string) =>
    createHmac('sha256', deps.tokenSecret).update(`refresh-successor:${token}`).digest('base64url');

  async function startSession(
    user: UserRow,
    familyId: string = randomUUID(),
    refresh: string = randomToken(48),
  ) {
    await authRepo.insertRefresh({
      userId: user.id,
      familyId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    });
    return { access: await jwt.sign({ sub: user.id, fam: familyId }), refresh };
  }

  return {
    async signup(input: TSignupRequest): Promise<{ message: string }> {
      const email = input.email.toLowerCase();
      refuseCommonPassword(input.password);
      // Hashed before the look-up so a taken address answers no faster than a new one.
      const passwordHash = await hash(input.password);
      const existing = await usersRepo.findByEmail(email);
      if (existing) {
        // Same answer as a new account, so signup cannot tell who has one; the owner is told.
        if (existing.isActive)
          await mailQueue.enqueue(accountExistsMail(existing.email, `${deps.appUrl}/login`));
        return { message: MSG.signupSuccess };
      }
      const user = await usersRepo.create({
        email,
        passwordHash,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
      });
      await sendVerification(user, { throttle: false });
      return { message: MSG.signupSuccess };
    },

    async verifyEmail(token: string): Promise<{ message: string }> {
      const row = await authRepo.findUsableOneTime(sha256(token), 'verify_email', now());
      if (!row || !(await authRepo.consumeOneTime(row.id, now()))) {
        throw badRequest(MSG.invalidVerificationToken);
      }
      await usersRepo.update(row.userId, { emailVerifiedAt: now() });
      return { message: MSG.emailVerified };
    },

    async resendVerification(email: string): Promise<{ message: string }> {
      const user = await usersRepo.findByEmail(email);
      if (user && !user.emailVerifiedAt && user.isActive)
        await sendVerification(user, { throttle: true });
      return { message: 'If that account is waiting for verification, a new link is on its way.' };
    },

    /**
     * Every attempt runs the same steps whether the address has an account or not: counted,
     * its password checked (against a dummy hash of today's cost when there is no account),
     * then answered. A paused address or network answers 429 after that check, whatever the
     * password, unless the client proved itself on the account before (see sign-in-throttle).
     */
    async login(
      email: string,
      password: string,
      client: SignInClient,
    ): Promise<TLoginResponse & { device: string }> {
      const user = await usersRepo.findByEmail(email);
      const claim = await throttle.claim(email, user?.id ?? null, client, now());
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (claim.kind === 'held') throw new AppError('rate_limited', MSG.tooManyRequests);
      const good = Boolean(user && ok && user.isActive);
      const pause = await throttle.settle(claim, good, now());
      if (pause && user?.isActive)
        await mailQueue.enqueue(
          signInLockedMail(
            user.email,
            pause.pausedMinutes,
            `${deps.appUrl}/request-password-reset`,
          ),
        );
      if (!user || !good) throw unauthenticated(MSG.invalidCredentials);
      // A hash made at a lower cost than today's is made again while the password is at hand.
      if ((passwordHashCost(user.passwordHash) ?? 0) < passwordCost)
        await usersRepo.update(user.id, { passwordHash: await hash(password) });
      if (!user.emailVerifiedAt) {
        await sendVerification(user, { throttle: true });
        throw new AppError('email_not_verified', MSG.emailNotVerified);
      }
      const device = await throttle.prove(user.id, client, now());
      const tokens = await startSession(user);
      await usersRepo.touchActivity(user.id, now());
      return { user: await deps.usersService.present(user), ...tokens, device };
    },

    async refresh(token: string): Promise<{ access: string; refresh: string }> {
      const row = await authRepo.findRefresh(sha256(token));
      if (!row || row.revokedAt || row.expiresAt <= now())
        throw unauthenticated(MSG.invalidRefreshToken);
      const user = await usersRepo.findById(row.userId);
      if (!user || !user.isActive) throw unauthenticated(MSG.invalidRefreshToken);
      const successor = successorOf(token);
      if (await authRepo.markRotated(row.id, now()))
        return startSession(user, row.familyId, successor);
      // Presented again: within a few seconds of its rotation it is a retried request or two
      // tabs refreshing at once, and gets the successor the first call got (one session, not
      // two). Later, the token leaked: the whole session family ends.
      const rotatedAt = row.rotatedAt ?? now();
      if (now().getTime() - rotatedAt.getTime() > REUSE_GRACE_MS) {
        await authRepo.revokeFamily(row.familyId, now());
        throw unauthenticated(MSG.invalidRefreshToken);
      }
      const next = await authRepo.findRefresh(sha256(successor));
      if (next?.revokedAt) throw unauthenticated(MSG.invalidRefreshToken);
      return { access: await jwt.sign({ sub: user.id, fam: row.familyId }), refresh: successor };
    },

    async logout(opts: { refresh?: string; familyId?: string }): Promise<{ message: string }> {
      const families = new Set<string>();
      if (opts.familyId) families.add(opts.familyId);
      if (opts.refresh) {
        const row = await authRepo.findRefresh(sha256(opts.refresh));
        if (row) families.add(row.familyId);
      }
      for (const family of families) await authRepo.revokeFamily(family, now());
      return { message: MSG.loggedOut };
    },

    async requestPasswordReset(email: string): Promise<{ message: string }> {
      const user = await usersRepo.findByEmail(email);
      if (user && user.isActive) {
        const token = await issueOneTime(user, 'reset_password', RESET_TOKEN_TTL_MINUTES * 60_000);
        const url = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailQueue.enqueue(passwordResetMail(user.email, url, RESET_TOKEN_TTL_MINUTES));
      }
      return { message: MSG.resetRequestNeutral };
    },

    async verifyPasswordReset(token: string): Promise<{ valid: boolean }> {
      return {
        valid: Boolean(await authRepo.findUsableOneTime(sha256(token), 'reset_password', now())),
      };
    },

    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const row = await authRepo.findUsableOneTime(sha256(token), 'reset_password', now());
      if (!row) throw badRequest(MSG.invalidResetToken);
      refuseCommonPassword(password);
      const passwordHash = await hash(password);
      await db.transaction(async (tx) => {
        if (!(await authRepo.consumeOneTime(row.id, now(), tx)))
          throw badRequest(MSG.invalidResetToken);
        const user = await usersRepo.findById(row.userId, tx);
        // Following the mailed link proves the inbox, so it verifies the address too.
        await usersRepo.update(
          row.userId,
          { passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? now() },
          tx,
        );
        await authRepo.revokeAllForUser(row.userId, now(), tx);
      });
      // The mailed link proves the owner: a pause from someone else's guessing ends here.
      const owner = await usersRepo.findById(row.userId);
      if (owner) await throttle.forgive(owner.email);
      return { message: MSG.resetSuccess };
    },

    ...superuserOps({ usersRepo, authRepo, now, hash }),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

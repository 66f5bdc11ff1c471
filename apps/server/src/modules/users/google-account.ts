import type { TGoogleOutcome, TGoogleStatus } from '@cityforge/shared';
import type { UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  GOOGLE_SHEETS_SCOPE,
  GoogleOAuthRefused,
  type GoogleOAuth,
  type GoogleTokens,
} from './google-oauth.ts';
import { openGoogleState, sealGoogleState } from './google-state.ts';
import type { UsersRepo } from './users.repo.ts';

const FIELD = 'googleRefreshTokenEnc';
/** An access token this close to its expiry is refreshed rather than used. */
const EXPIRY_MARGIN_MS = 60_000;

const NOT_AVAILABLE = 'Google is not available on this server.';
const NOT_CONNECTED = 'Google is not connected.';
export const GOOGLE_REVOKED =
  'Google no longer accepts the connection: connect Google again on your profile.';
const UNREACHABLE = 'Google could not be reached; try again later.';

type CallbackQuery = { code?: string; state?: string; error?: string };

/**
 * An account's Google connection: the consent screen's address, the callback that stores the
 * refresh token (sealed to the row and column, never answered), disconnecting (revoked at
 * Google, then forgotten), and access tokens for reading sheets, refreshed when expired.
 * Access tokens live in this process's memory only, keyed by the sealed refresh token they
 * came from, so a reconnect or a disconnect (in any process) leaves none behind.
 */
export function createGoogleAccount(deps: {
  oauth: GoogleOAuth | null;
  cipher: Cipher;
  usersRepo: Pick<UsersRepo, 'findById' | 'update' | 'forgetGoogle'>;
  appUrl: string;
  logger: Logger;
}) {
  const { oauth, cipher, usersRepo, logger } = deps;
  const redirectUri = `${deps.appUrl}/api/google/callback/`;
  const access = new Map<string, { sealed: string; token: string; expiresAt: number }>();
  const place = (userId: string) => ({ userId, field: FIELD });

  const remember = (userId: string, sealed: string, tokens: GoogleTokens) =>
    access.set(userId, { sealed, token: tokens.accessToken, expiresAt: tokens.expiresAt });

  /** Exchanges the code and stores the refresh token; the outcome the profile shows. */
  async function connect(userId: string, code: string): Promise<TGoogleOutcome> {
    const tokens = await oauth!.exchange(code, redirectUri);
    if (!tokens.refreshToken) return 'failed';
    // The consent screen lets a person untick the sheets: then there is nothing to read with.
    if (tokens.scopes.length && !tokens.scopes.includes(GOOGLE_SHEETS_SCOPE)) return 'denied';
    const user = await usersRepo.findById(userId);
    if (!user) return 'expired';
    const sealed = cipher.encrypt(tokens.refreshToken, place(userId));
    await usersRepo.update(userId, { [FIELD]: sealed, googleConnectedAt: new Date() });
    remember(userId, sealed, tokens);
    return 'connected';
  }

  return {
    available: oauth !== null,

    status(user: UserRow): TGoogleStatus {
      return {
        available: oauth !== null,
        connected: Boolean(user[FIELD]),
        connectedAt: user[FIELD] ? (user.googleConnectedAt?.toISOString() ?? null) : null,
      };
    },

    /** The consent screen for this account; `back` is the app origin the browser came from. */
    connectUrl(user: UserRow, back: string): { url: string } {
      if (!oauth) throw new AppError('not_configured', NOT_AVAILABLE);
      const state = sealGoogleState(cipher, { userId: user.id, back });
      return { url: oauth.authorizeUrl(redirectUri, state) };
    },

    /** Google sent the browser back: where it goes next (the profile, with the outcome). */
    async callback(query: CallbackQuery): Promise<string> {
      const state = openGoogleState(cipher, query.state);
      const to = (outcome: TGoogleOutcome) =>
        `${state?.back ?? deps.appUrl}/profile?google=${outcome}`;
      if (!oauth || !state) return to('expired');
      if (query.error) return to(query.error === 'access_denied' ? 'denied' : 'failed');
      if (!query.code) return to('failed');
      const outcome = await connect(state.userId, query.code).catch((error: unknown) => {
        const reason = error instanceof GoogleOAuthRefused ? error.error : 'unreachable';
        logger.warn({ userId: state.userId, reason }, 'google connection not confirmed');
        return 'failed' as const;
      });
      logger.info({ userId: state.userId, outcome }, 'google connection');
      return to(outcome);
    },

    /**
     * Revokes the grant at Google, then forgets it; nothing changes when Google cannot say.
     * Disconnecting an account that is not connected changes nothing and says so.
     */
    async disconnect(user: UserRow): Promise<{ message: string }> {
      const sealed = user[FIELD];
      if (!sealed) return { message: NOT_CONNECTED };
      let token: string | null = null;
      try {
        token = cipher.decrypt(sealed, place(user.id));
      } catch {
        logger.warn({ userId: user.id }, 'a stored google token could not be opened to revoke');
      }
      if (token && oauth) {
        const revoked = await oauth.revoke(token).catch(() => false);
        if (!revoked)
          throw new AppError(
            'bad_gateway',
            'Google could not be reached to revoke the access; nothing was changed. Try again.',
          );
      }
      await usersRepo.forgetGoogle(user.id, sealed);
      access.delete(user.id);
      return { message: 'Google is disconnected; its access is revoked.' };
    },

    /**
     * The person's account is being deleted: the grant is revoked at Google so it does not
     * outlive them there. Best effort: deletion goes on when Google cannot be reached (the
     * sealed token goes with the row, so nothing here can use the grant again).
     */
    async revokeForDeletion(user: UserRow): Promise<void> {
      const sealed = user[FIELD];
      if (!sealed || !oauth) return;
      const token = (() => {
        try {
          return cipher.decrypt(sealed, place(user.id));
        } catch {
          return null;
        }
      })();
      const revoked = token ? await oauth.revoke(token).catch(() => false) : false;
      if (!revoked)
        logger.warn({ userId: user.id }, 'google access of a deleted account not revoked');
    },

    /**
     * An access token for reading the owner's sheets: null when not connected (or Google is
     * not offered). The cached one while it has a minute left, else a refreshed one; `renew`
     * when Google refused the cached one.
     */
    async accessToken(owner: UserRow, opts: { renew?: boolean } = {}): Promise<string | null> {
      const sealed = owner[FIELD];
      if (!oauth || !sealed) return null;
      const cached = access.get(owner.id);
      const fresh = cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now();
      if (cached?.sealed === sealed && fresh && !opts.renew) return cached.token;
      // A token that no longer opens (APP_SECRET changed) is one Google cannot take either.
      const refresh = (() => {
        try {
          return cipher.decrypt(sealed, place(owner.id));
        } catch {
          throw new AppError('unprocessable', GOOGLE_REVOKED);
        }
      })();
      const tokens = await oauth.refresh(refresh).catch((error: unknown) => {
        if (error instanceof GoogleOAuthRefused)
          throw new AppError('unprocessable', GOOGLE_REVOKED);
        throw new AppError('bad_gateway', UNREACHABLE);
      });
      remember(owner.id, sealed, tokens);
      return tokens.accessToken;
    },
  };
}
export type GoogleAccount = ReturnType<typeof createGoogleAccount>;

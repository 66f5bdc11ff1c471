import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { createHash } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@cityforge/shared';

export type AccessClaims = { sub: string; fam: string };

/** Short-lived HS256 access tokens; the key is derived from APP_SECRET. */
export function createJwt(appSecret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const key = createHash('sha256').update(`cityforge:jwt:${appSecret}`).digest();
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ fam: claims.fam })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Returns the claims, 'expired' or null (invalid). */
    async verify(token: string): Promise<AccessClaims | 'expired' | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string') return null;
        return { sub: payload.sub, fam: payload.fam };
      } catch (err) {
        return err instanceof joseErrors.JWTExpired ? 'expired' : null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;

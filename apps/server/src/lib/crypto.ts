import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt as scryptCb,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { PASSWORD_HASH_COST } from '../config/env.ts';

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const R = 8;
const P = 1;
const KEYLEN = 32;
// scrypt needs 128·N·r bytes (and a little more); a stored N is ours, but bounded all the same.
const maxmemFor = (n: number, r: number) => 256 * n * r;
const MAX_COST = 20;

export async function hashPassword(password: string, cost = PASSWORD_HASH_COST): Promise<string> {
  const n = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N: n, r: R, p: P, maxmem: maxmemFor(n, R) });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  const cost = passwordHashCost(stored);
  if (scheme !== 'scrypt' || !saltB64 || !keyB64 || cost === null || cost > MAX_COST) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(Number(n), Number(r)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** log2 of the N a stored hash was made with; null for a hash of no known form. */
export function passwordHashCost(stored: string): number | null {
  const n = Number(stored.split('$')[1]);
  const cost = Math.log2(n);
  return Number.isInteger(cost) && cost > 0 ? cost : null;
}

/** A hash to compare against when the account does not exist, so timing does not tell. */
export const dummyPasswordHash = (cost = PASSWORD_HASH_COST) =>
  `scrypt$${2 ** cost}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Where a sealed secret lives: the user's row and the column (its AES-GCM associated data). */
export type SecretPlace = { userId: string; field: string };

const placeData = (place: SecretPlace) =>
  Buffer.from(`cityforge:users.${place.field}:${place.userId}`, 'utf8');

/**
 * AES-256-GCM for secrets at rest; the key is derived from APP_SECRET. A "v2" value is bound
 * to its user and column through the associated data, so a value copied into another row (or
 * another column) fails authentication instead of handing that user someone else's key. "v1"
 * values, sealed before the binding, still open; resealLegacySecrets turns them into v2.
 */
export function createCipher(appSecret: string) {
  const key = createHash('sha256').update(`cityforge:secrets:${appSecret}`).digest();
  return {
    encrypt(plain: string, place: SecretPlace): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(placeData(place));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v2.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
    },
    decrypt(sealed: string, place: SecretPlace): string {
      const [version, iv, tag, data] = sealed.split('.');
      if ((version !== 'v1' && version !== 'v2') || !iv || !tag || !data)
        throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      if (version === 'v2') decipher.setAAD(placeData(place));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    isLegacy(sealed: string): boolean {
      return sealed.startsWith('v1.');
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;

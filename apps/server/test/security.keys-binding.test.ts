import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { resealLegacySecrets } from '../src/modules/users/reseal-secrets.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/auth/me/', headers });
const rowOf = async (id: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A value as the release before the binding sealed it (v1: AES-256-GCM, no associated data). */
function sealLikeBefore(plain: string): string {
  const key = createHash('sha256').update(`cityforge:secrets:${t.config.APP_SECRET}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const b64 = (b: Buffer) => b.toString('base64url');
  return `v1.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(data)}`;
}

describe('stored keys are bound to their user and field', () => {
  it('does not open a key copied into another user or another column', async () => {
    const owner = await signedInUser(t);
    const thief = await signedInUser(t);
    const key = 'sk-proj-owner-0123456789abcdefOWNR';
    await t.app.inject({
      method: 'PATCH',
      url: '/auth/me/',
      headers: owner.headers,
      payload: { userOpenAiApiKey: key },
    });
    const sealed = (await rowOf(owner.user.id)).openAiKeyEnc!;
    // Someone with write access to the table copies the sealed value across rows and columns.
    await t.ctx.db
      .update(users)
      .set({ openAiKeyEnc: sealed, netlifyTokenEnc: sealed })
      .where(eq(users.id, thief.user.id));
    await t.ctx.db
      .update(users)
      .set({ netlifyTokenEnc: sealed })
      .where(eq(users.id, owner.user.id));

    const thiefView = (await me(thief.headers)).json();
    expect(thiefView.userOpenAiApiKey).toBeNull();
    expect(thiefView.userNetlifyAccessToken).toBeNull();
    const thiefRow = await rowOf(thief.user.id);
    expect(() => t.ctx.services.usersService.secretsOf(thiefRow)).toThrow();
    const ownerView = (await me(owner.headers)).json();
    expect(ownerView.userOpenAiApiKey).toMatch(/OWNR$/);
    expect(ownerView.userNetlifyAccessToken).toBeNull();
  });

  it('reseals keys stored before the binding, keeping their value', async () => {
    const u = await signedInUser(t);
    const openAi = 'sk-proj-legacy-abcdef0123456789LEGA';
    const netlify = 'nfp_legacy_token_5555';
    await t.ctx.db
      .update(users)
      .set({ openAiKeyEnc: sealLikeBefore(openAi), netlifyTokenEnc: sealLikeBefore(netlify) })
      .where(eq(users.id, u.user.id));
    expect((await me(u.headers)).json().userOpenAiApiKey).toMatch(/LEGA$/);

    expect(await resealLegacySecrets(t.ctx.db, t.ctx.cipher)).toBeGreaterThanOrEqual(2);
    const row = await rowOf(u.user.id);
    expect(row.openAiKeyEnc).toMatch(/^v2\./);
    expect(row.netlifyTokenEnc).toMatch(/^v2\./);
    expect(t.ctx.services.usersService.secretsOf(row)).toMatchObject({
      openAiKey: openAi,
      netlifyToken: netlify,
    });
    // Resealed values are bound too: the same value no longer opens in another row.
    const other = await signedInUser(t);
    await t.ctx.db
      .update(users)
      .set({ openAiKeyEnc: row.openAiKeyEnc })
      .where(eq(users.id, other.user.id));
    expect((await me(other.headers)).json().userOpenAiApiKey).toBeNull();
    expect(await resealLegacySecrets(t.ctx.db, t.ctx.cipher)).toBe(0);
  });
});

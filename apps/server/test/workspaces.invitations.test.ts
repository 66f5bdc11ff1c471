import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type TInvitation, type TInvitationPreview } from '@cityforge/shared';
import { workspaceInvitations, workspaceMembers } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { redactUrl } from '../src/lib/logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  accountWorkspaceId,
  createProject,
  signedInUser,
  uniqueEmail,
} from './helpers/factories.ts';
import { http, type Headers } from './helpers/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post, del } = http(() => t);
const invitationsOf = (ws: string) => `/api/workspaces/${ws}/invitations/`;

/** A signed-in account and its own workspace. */
async function owner() {
  const u = await signedInUser(t);
  return { ...u, ws: await accountWorkspaceId(t, u.user.id) };
}

async function invite(ws: string, headers: Headers, email: string, role = 'editor') {
  const res = await post(invitationsOf(ws), headers, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: TInvitation; message: string }>().data;
}

/** The token of the last invitation link mailed to the address. */
async function mailedToken(email: string): Promise<string> {
  await t.drainQueue(QUEUES.sendMail);
  const mail = t.smtp.mails.filter((m) => m.to.includes(email)).at(-1);
  // A client's invitation comes in the workspace's brand; others' in ours.
  expect(mail?.subject).toMatch(/^Join .+ on CityForge$|^.+ invited you to review your website$/);
  const link = mail!.links.find((l) => l.startsWith('http://cityforge.test/invitations/'))!;
  return decodeURIComponent(link.slice('http://cityforge.test/invitations/'.length));
}

const preview = async (token: string) =>
  (await get(`/api/invitations/${token}/`, {})).json<{ data: TInvitationPreview }>().data;
const accept = (token: string, headers: Headers) =>
  post(`/api/invitations/${token}/accept/`, headers);

describe('invitations to a workspace', () => {
  it('mails a link the invitee previews signed out, accepts once, and lands in the workspace', async () => {
    const boss = await owner();
    const project = await createProject(t, boss.user.id);
    const email = uniqueEmail('editor');
    const sent = await invite(boss.ws, boss.headers, email.toUpperCase());
    expect(sent).toMatchObject({ email, role: 'editor', invitedBy: boss.user.id });
    const token = await mailedToken(email);

    // Stored hashed: the link's token is nowhere in the table.
    const [row] = await t.ctx.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, sent.id));
    expect(row!.tokenHash).toBe(sha256(token));
    const expiresIn = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(expiresIn).toBe(7 * 24 * 3600 * 1000);

    expect(await preview(token)).toMatchObject({ email, role: 'editor', state: 'pending' });
    const listed = await get(invitationsOf(boss.ws), boss.headers);
    expect(listed.json<{ data: TInvitation[] }>().data.map((i) => i.id)).toEqual([sent.id]);

    const invitee = await signedInUser(t, { email });
    expect((await get(`/api/projects/${project.id}/`, invitee.headers)).statusCode).toBe(404);
    const joined = await accept(token, invitee.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      message: MSG.invitationAccepted,
      data: { workspaceId: boss.ws, role: 'editor' },
    });
    // The workspace is now the invitee's current one: its project is found without a header.
    expect((await get(`/api/projects/${project.id}/`, invitee.headers)).statusCode).toBe(200);
    expect((await get(invitationsOf(boss.ws), boss.headers)).json().data).toEqual([]);

    const again = await accept(token, invitee.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.invitationUsed);
    expect((await preview(token)).state).toBe('accepted');
  });

  it('invites a client in the workspace\'s name and brand, our name only in "Powered by"', async () => {
    const boss = await owner();
    const branding = await t.app.inject({
      method: 'PUT',
      url: `/api/workspaces/${boss.ws}/branding/`,
      headers: boss.headers,
      payload: {
        name: 'Acme Agency',
        logoUrl: 'https://acme.test/logo.png',
        accentColor: '#0F766E',
      },
    });
    expect(branding.statusCode, branding.body).toBe(200);
    const email = uniqueEmail('client');
    await invite(boss.ws, boss.headers, email, 'client');
    await t.drainQueue(QUEUES.sendMail);
    const mail = t.smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
    expect(mail.subject).toBe('Acme Agency invited you to review your website');
    expect(/^From: (.*)$/im.exec(mail.raw)?.[1]).toMatch(/^"?Acme Agency"? </);
    expect(mail.text).toContain('https://acme.test/logo.png');
    expect(mail.text.replaceAll('Powered by CityForge', '')).not.toMatch(/CityForge/);
    const link = mail.links.find((l) => l.startsWith('http://cityforge.test/invitations/'))!;
    const token = decodeURIComponent(link.slice('http://cityforge.test/invitations/'.length));
    expect(await preview(token)).toMatchObject({ email, role: 'client', state: 'pending' });
  });

  it('refuses an invitee signed in with another address, and an invitation already expired', async () => {
    const boss = await owner();
    const email = uniqueEmail('viewer');
    const sent = await invite(boss.ws, boss.headers, email, 'viewer');
    const token = await mailedToken(email);

    const stranger = await signedInUser(t);
    const wrong = await accept(token, stranger.headers);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(MSG.invitationWrongEmail);
    const members = await t.ctx.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, boss.ws));
    expect(members.map((m) => m.userId)).toEqual([boss.user.id]);

    await t.ctx.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, sent.id));
    expect((await preview(token)).state).toBe('expired');
    const invitee = await signedInUser(t, { email });
    const late = await accept(token, invitee.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG.invitationExpired);
    expect((await get(invitationsOf(boss.ws), boss.headers)).json().data).toEqual([]);
  });

  it('revokes an invitation: its link stops working, and it leaves the pending list', async () => {
    const boss = await owner();
    const email = uniqueEmail('client');
    const sent = await invite(boss.ws, boss.headers, email, 'client');
    const token = await mailedToken(email);
    const revoked = await del(`${invitationsOf(boss.ws)}${sent.id}/`, boss.headers);
    expect(revoked.json()).toEqual({ message: MSG.invitationRevoked });
    expect((await preview(token)).state).toBe('revoked');
    const invitee = await signedInUser(t, { email });
    const res = await accept(token, invitee.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.invitationWasRevoked);
    expect((await del(`${invitationsOf(boss.ws)}${sent.id}/`, boss.headers)).statusCode).toBe(404);
  });

  it('resends a new link at most once a minute and five times a day; the old link dies', async () => {
    const boss = await owner();
    const email = uniqueEmail('resend');
    const sent = await invite(boss.ws, boss.headers, email);
    const first = await mailedToken(email);
    const resend = () => post(`${invitationsOf(boss.ws)}${sent.id}/resend/`, boss.headers);
    const soon = await resend();
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(MSG.invitationResendTooSoon);

    // The last send more than a minute ago: the resend goes out.
    const lastSent = () =>
      t.ctx.db
        .update(workspaceInvitations)
        .set({ lastSentAt: new Date(Date.now() - 61_000) })
        .where(eq(workspaceInvitations.id, sent.id));
    await lastSent();
    const ok = await resend();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(MSG.invitationResent);
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expect((await get(`/api/invitations/${first}/`, {})).statusCode).toBe(404);
    expect((await preview(second)).state).toBe('pending');

    await t.ctx.db
      .update(workspaceInvitations)
      .set({ sendCount: 5 })
      .where(eq(workspaceInvitations.id, sent.id));
    await lastSent();
    const capped = await resend();
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(MSG.invitationResendDailyLimit);
    // A day later the count starts again.
    await t.ctx.db
      .update(workspaceInvitations)
      .set({ lastSentAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(workspaceInvitations.id, sent.id));
    expect((await resend()).statusCode).toBe(200);
  });

  it('lets admins invite, only owners invite owners, and others not at all', async () => {
    const boss = await owner();
    const admin = await signedInUser(t);
    const viewer = await signedInUser(t);
    await t.ctx.db.insert(workspaceMembers).values([
      { workspaceId: boss.ws, userId: admin.user.id, role: 'admin' },
      { workspaceId: boss.ws, userId: viewer.user.id, role: 'viewer' },
    ]);
    const as = (h: Headers) => ({ ...h, 'x-workspace-id': boss.ws });
    const byAdmin = await post(invitationsOf(boss.ws), as(admin.headers), {
      email: uniqueEmail(),
      role: 'admin',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const ownerByAdmin = await post(invitationsOf(boss.ws), as(admin.headers), {
      email: uniqueEmail(),
      role: 'owner',
    });
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json().message).toBe(MSG.onlyOwnerInvitesOwner);
    expect(
      (await post(invitationsOf(boss.ws), boss.headers, { email: uniqueEmail(), role: 'owner' }))
        .statusCode,
    ).toBe(201);
    const byViewer = await post(invitationsOf(boss.ws), as(viewer.headers), {
      email: uniqueEmail(),
      role: 'viewer',
    });
    expect(byViewer.statusCode).toBe(403);
    expect((await get(invitationsOf(boss.ws), as(viewer.headers))).statusCode).toBe(403);

    const member = await post(invitationsOf(boss.ws), boss.headers, {
      email: admin.email,
      role: 'editor',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(MSG.invitationAlreadyMember);

    // Someone else's workspace is not found; bad ids and bad bodies are 400s.
    const outsider = await owner();
    expect((await get(invitationsOf(boss.ws), outsider.headers)).statusCode).toBe(404);
    expect(
      (
        await post(invitationsOf(boss.ws), outsider.headers, {
          email: uniqueEmail(),
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(invitationsOf('nope'), boss.headers)).statusCode).toBe(400);
    expect((await del(`${invitationsOf(boss.ws)}nope/`, boss.headers)).statusCode).toBe(400);
    const badRole = await post(invitationsOf(boss.ws), boss.headers, {
      email: uniqueEmail(),
      role: 'king',
    });
    expect(badRole.statusCode).toBe(400);
    expect((await get('/api/invitations/short/', {})).statusCode).toBe(400);
  });

  it("keeps an invitation's token out of the request log", () => {
    expect(redactUrl('/api/invitations/abcDEF_123-xyz/accept/')).toBe(
      '/api/invitations/[redacted]/accept/',
    );
    expect(redactUrl('/invitations/abcDEF_123-xyz')).toBe('/invitations/[redacted]');
  });

  it('a new invitation to the same address replaces the pending one', async () => {
    const boss = await owner();
    const email = uniqueEmail('twice');
    await invite(boss.ws, boss.headers, email, 'viewer');
    const old = await mailedToken(email);
    const fresh = await invite(boss.ws, boss.headers, email, 'editor');
    expect((await preview(old)).state).toBe('revoked');
    const listed = (await get(invitationsOf(boss.ws), boss.headers)).json().data as TInvitation[];
    expect(listed.map((i) => [i.id, i.role])).toEqual([[fresh.id, 'editor']]);
  });
});

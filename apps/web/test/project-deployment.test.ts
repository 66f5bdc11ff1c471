import { describe, expect, it } from 'vitest';
import {
  applyPublishResult,
  canGoNext,
  deploySteps,
  dnsRecords,
  guideStartStep,
  hostingLink,
  hostOf,
  netlifyUrls,
  progressPercent,
  sitemapUrl,
  withProtocol,
} from '../src/features/deploys/deployment';
import { makeProject } from './project-factory';

const none = makeProject();
const linked = makeProject({ netlifyLink: 'https://acme.netlify.app' });
const withDomain = makeProject({
  netlifyLink: 'https://acme.netlify.app',
  clientDomain: 'acme.com',
});
const verified = makeProject({
  netlifyLink: 'https://acme.netlify.app',
  clientDomain: 'acme.com',
  isDomainVerified: true,
});

function summary(p = none, locked = false) {
  return deploySteps(p, locked).map((s) => [s.label, s.complete, s.enabled]);
}

describe('deployment steps', () => {
  it('names the three steps, the first after the hosting provider', () => {
    expect(deploySteps(none).map((s) => s.label)).toEqual([
      'Deploy to Netlify',
      'Add Domain',
      'Verify Domain',
    ]);
  });

  it('completes step 1 with a link; enables step 2 only then', () => {
    expect(summary(none)).toEqual([
      ['Deploy to Netlify', false, true],
      ['Add Domain', false, false],
      ['Verify Domain', false, false],
    ]);
    expect(summary(linked)[0]).toEqual(['Deploy to Netlify', true, true]);
    expect(summary(linked)[1]).toEqual(['Add Domain', false, true]);
  });

  it('completes step 2 with a domain and enables step 3; step 3 completes when verified', () => {
    expect(summary(withDomain)[1]).toEqual(['Add Domain', true, true]);
    expect(summary(withDomain)[2]).toEqual(['Verify Domain', false, true]);
    expect(summary(verified)[2]).toEqual(['Verify Domain', true, true]);
  });

  it('disables every step while locked (In progress or Error)', () => {
    expect(deploySteps(verified, true).every((s) => !s.enabled)).toBe(true);
  });

  it('reads the link from either field', () => {
    expect(hostingLink(makeProject({ netlifySiteUrl: 'https://x.netlify.app' }))).toBe(
      'https://x.netlify.app',
    );
    expect(hostingLink(none)).toBeNull();
  });
});

describe('progress percentage', () => {
  it('is 100 with link, domain and verification', () => {
    expect(progressPercent(verified)).toBe(100);
  });
  it('is 75 with link and verification but no domain', () => {
    expect(progressPercent(makeProject({ netlifyLink: 'https://a', isDomainVerified: true }))).toBe(
      75,
    );
  });
  it('is 50 with link and domain but no verification', () => {
    expect(progressPercent(withDomain)).toBe(50);
  });
  it('is 25 otherwise', () => {
    expect(progressPercent(none)).toBe(25);
    expect(progressPercent(linked)).toBe(25);
    expect(progressPercent(makeProject({ clientDomain: 'acme.com', isDomainVerified: true }))).toBe(
      25,
    );
  });
});

describe('deployment guide', () => {
  it('starts on 1 without a link, 2 with a link only, 3 with link and domain', () => {
    expect(guideStartStep(none)).toBe(1);
    expect(guideStartStep(makeProject({ clientDomain: 'acme.com' }))).toBe(1);
    expect(guideStartStep(linked)).toBe(2);
    expect(guideStartStep(withDomain)).toBe(3);
    expect(guideStartStep(verified)).toBe(3);
  });

  it('lets the user browse freely up to step 3', () => {
    expect(canGoNext(1, none)).toBe(true);
    expect(canGoNext(2, none)).toBe(true);
  });

  it('needs link, domain and verification to go from 3 to 4', () => {
    expect(canGoNext(3, none)).toBe(false);
    expect(canGoNext(3, withDomain)).toBe(false);
    expect(canGoNext(3, makeProject({ clientDomain: 'a.com', isDomainVerified: true }))).toBe(
      false,
    );
    expect(canGoNext(3, verified)).toBe(true);
    expect(canGoNext(4, verified)).toBe(false);
  });
});

describe('sitemap address', () => {
  it('exists only with a link and a sitemap', () => {
    expect(sitemapUrl(linked)).toBeNull();
    expect(sitemapUrl(makeProject({ hasSiteMap: true }))).toBeNull();
  });

  it('uses the hosting link until the domain is verified', () => {
    expect(sitemapUrl({ ...linked, hasSiteMap: true })).toBe(
      'https://acme.netlify.app/sitemap.xml',
    );
    expect(sitemapUrl({ ...withDomain, hasSiteMap: true })).toBe(
      'https://acme.netlify.app/sitemap.xml',
    );
    expect(sitemapUrl({ ...verified, hasSiteMap: true })).toBe('https://acme.com/sitemap.xml');
  });

  it('adds https to a host without an http prefix and drops a trailing slash', () => {
    expect(sitemapUrl(makeProject({ netlifyLink: 'acme.netlify.app/', hasSiteMap: true }))).toBe(
      'https://acme.netlify.app/sitemap.xml',
    );
    expect(sitemapUrl(makeProject({ netlifyLink: 'http://acme.test', hasSiteMap: true }))).toBe(
      'http://acme.test/sitemap.xml',
    );
    expect(withProtocol('acme.com')).toBe('https://acme.com');
    expect(withProtocol('https://acme.com')).toBe('https://acme.com');
  });

  it('gives the bare host a CNAME points to', () => {
    expect(hostOf('https://acme.netlify.app/some/path')).toBe('acme.netlify.app');
    expect(hostOf('acme.netlify.app')).toBe('acme.netlify.app');
  });
});

describe('publish result', () => {
  it('takes the status (default Published), url, sitemap flag and history', () => {
    const out = applyPublishResult(none, {
      status: null,
      netlifyUrl: 'https://acme.netlify.app',
      hasSiteMap: true,
      netlify_site_url_history: ['https://old.netlify.app', 'https://acme.netlify.app'],
    });
    expect(out.status).toBe('Published');
    expect(out.netlifyLink).toBe('https://acme.netlify.app');
    expect(out.netlifySiteUrl).toBe('https://acme.netlify.app');
    expect(out.hasSiteMap).toBe(true);
    expect(out.netlifySiteUrlHistory).toBe('https://old.netlify.app,https://acme.netlify.app');
  });

  it('keeps what the answer leaves out', () => {
    const out = applyPublishResult(linked, { status: 'Created', netlify_site_url_history: 'a,b' });
    expect(out.status).toBe('Created');
    expect(out.netlifyLink).toBe('https://acme.netlify.app');
    expect(out.netlifySiteUrlHistory).toBe('a,b');
  });

  it('never replaces a link with the empty one of a deploy still running (202)', () => {
    const out = applyPublishResult(linked, { status: 'Published', netlifyUrl: '' });
    expect(out.netlifyLink).toBe('https://acme.netlify.app');
    expect(out.netlifySiteUrl).toBe('https://acme.netlify.app');
  });
});

describe('publish result with its deploy', () => {
  it('takes the deploy the publish ran, and keeps the cached one when the answer has none', () => {
    const ran = {
      id: 'd2',
      state: 'ready' as const,
      filesTotal: 10,
      filesToUpload: 2,
      filesUploaded: 2,
      error: null,
      note: null,
      indexNow: null,
      siteUrl: 'https://acme.netlify.app',
      startedAt: '2026-01-05T12:00:00.000Z',
      finishedAt: '2026-01-05T12:00:09.000Z',
    };
    expect(applyPublishResult(none, { deployment: ran }).deployment).toBe(ran);
    const cached = makeProject({ deployment: ran });
    expect(applyPublishResult(cached, { status: 'Published' }).deployment).toBe(ran);
  });
});

describe('DNS instructions', () => {
  it('asks for the TXT ownership record and www and @ as CNAMEs to the hosting host', () => {
    expect(dnsRecords('https://acme.netlify.app/')).toEqual([
      { type: 'TXT', name: 'netlify-challenge', value: 'cityforge-verification' },
      { type: 'CNAME', name: 'www', value: 'acme.netlify.app' },
      { type: 'CNAME', name: '@', value: 'acme.netlify.app' },
    ]);
  });

  it('shows a placeholder host before the first deploy', () => {
    expect(dnsRecords(null)[1]?.value).toBe('your-site.netlify.app');
  });
});

describe('Netlify URL history', () => {
  it('lists the current address first, then older ones newest first', () => {
    const p = makeProject({
      netlifyLink: 'https://c.netlify.app',
      netlifySiteUrlHistory: 'https://a.netlify.app,https://b.netlify.app,https://c.netlify.app',
    });
    expect(netlifyUrls(p)).toEqual([
      { url: 'https://c.netlify.app', current: true },
      { url: 'https://b.netlify.app', current: false },
      { url: 'https://a.netlify.app', current: false },
    ]);
  });

  it('drops blanks and repeats (ignoring a trailing slash and case)', () => {
    const p = makeProject({
      netlifySiteUrl: 'https://c.netlify.app',
      netlifySiteUrlHistory:
        ' https://a.netlify.app , ,https://A.netlify.app/,https://c.netlify.app/,',
    });
    expect(netlifyUrls(p)).toEqual([
      { url: 'https://c.netlify.app', current: true },
      { url: 'https://A.netlify.app/', current: false },
    ]);
  });

  it('lists only the history once the site is gone, and nothing for a new project', () => {
    expect(netlifyUrls(makeProject({ netlifySiteUrlHistory: 'https://a.netlify.app' }))).toEqual([
      { url: 'https://a.netlify.app', current: false },
    ]);
    expect(netlifyUrls(none)).toEqual([]);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ErrorReporting from '../src/lib/error-reporting';

type Module = typeof ErrorReporting;

// The module keeps the app-wide reporting state: each test starts from a fresh copy.
let reporting: Module;
beforeEach(async () => {
  vi.resetModules();
  reporting = await import('../src/lib/error-reporting');
});

const config = (sentryDsn: string | null) => async () =>
  new Response(JSON.stringify({ sentryDsn }), { headers: { 'content-type': 'application/json' } });

describe('error reporting in the web app', () => {
  it('never loads the SDK without a DSN, and keeps nothing once it knows', async () => {
    const loadSdk = vi.fn();
    expect(await reporting.startErrorReporting(config(null), loadSdk)).toBe(false);
    expect(loadSdk).not.toHaveBeenCalled();
    reporting.reportError(new Error('after: dropped'));
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('stays off when the config cannot be read', async () => {
    const loadSdk = vi.fn();
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await reporting.startErrorReporting(down, loadSdk)).toBe(false);
    const broken = async () => new Response('oops', { status: 502 });
    expect(await reporting.startErrorReporting(broken, loadSdk)).toBe(false);
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('loads the SDK with the DSN and hands it the errors caught while it loaded', async () => {
    const captured: unknown[] = [];
    const initSentry = vi.fn((_dsn: string) => (error: unknown) => void captured.push(error));
    const early = new Error('before the SDK');
    reporting.reportError(early);
    const on = await reporting.startErrorReporting(config('https://k@errors.test/1'), async () => ({
      initSentry,
    }));
    expect(on).toBe(true);
    expect(initSentry).toHaveBeenCalledWith('https://k@errors.test/1');
    const late = new Error('after');
    reporting.reportError(late);
    expect(captured).toEqual([early, late]);
  });
});

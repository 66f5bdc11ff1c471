import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The peer of our first deploy: the real `netlify deploy` of netlify-cli, against the same
 * local fake Netlify API. The CLI is not a project dependency (it is large and only the bench
 * needs it): it is installed once into a cache folder under the temp dir, at a pinned version,
 * and reused by later runs.
 *
 * The CLI runs as a user would run it in CI: `netlify deploy --dir DIR --site NAME --prod
 * --no-build --json`, with NETLIFY_API_URL at the fake and NETLIFY_AUTH_TOKEN set, in an empty
 * working folder with its own config folders. Two things keep it on the fake only:
 * - Before deploying, the CLI asks Netlify's extension API (api.netlifysdk.com, not
 *   NETLIFY_API_URL) which extensions the site has. Node's own proxy support sends that and
 *   every other request not for 127.0.0.1 to a closed port, so it fails at once; the CLI then
 *   carries on as it does when that API is unreachable: it resolves its config without the
 *   API and finds the site by name (GET /sites?name=…), which is why `--site` is the name.
 * - CI=true: no telemetry and no prompts.
 */
export const NETLIFY_CLI_VERSION = '27.10.2';
const TIMEOUT_MS = 10 * 60_000;

export type CliRun = { ok: true; ms: number; stdout: string } | { ok: false; reason: string };

/** The first line that says what went wrong, without the CLI's ` ›   ` decoration. */
function firstErrorLine(...outputs: string[]): string {
  const lines = outputs
    .join('\n')
    .split('\n')
    .map((l) => l.replace(/^[\s›]+/, '').trim())
    .filter(Boolean);
  return lines.find((l) => /error/i.test(l)) ?? lines[0] ?? 'no output';
}

function run(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number; timedOut: boolean }> {
  const started = performance.now();
  const child = spawn(command, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: `${error.message}\n${stderr}`, ms: 0, timedOut });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started, timedOut });
    });
  });
}

const cacheDir = () => path.join(os.tmpdir(), `cityforge-netlify-cli-${NETLIFY_CLI_VERSION}`);
const entryOf = (dir: string) => path.join(dir, 'node_modules', 'netlify-cli', 'bin', 'run.js');

function installedIn(dir: string): boolean {
  try {
    const pkg = path.join(dir, 'node_modules', 'netlify-cli', 'package.json');
    const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string };
    return version === NETLIFY_CLI_VERSION && fs.existsSync(entryOf(dir));
  } catch {
    return false;
  }
}

/**
 * The CLI's entry script, installed now if the cache lacks it. The install goes to a folder of
 * its own that is renamed into place when complete, so an interrupted install is never reused.
 */
export async function ensureNetlifyCli(): Promise<
  { ok: true; entry: string; installMs: number | null } | { ok: false; reason: string }
> {
  const dir = cacheDir();
  if (installedIn(dir)) return { ok: true, entry: entryOf(dir), installMs: null };
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // --ignore-scripts: netlify-cli's postinstall only writes shell completion into the user's
  // home, and `deploy` needs no native build.
  const args = ['install', '--prefix', partial, '--no-save', '--no-audit', '--no-fund'];
  args.push('--ignore-scripts');
  const done = await run(npm, [...args, `netlify-cli@${NETLIFY_CLI_VERSION}`], {
    cwd: partial,
    env: process.env,
  });
  if (done.code !== 0 || !installedIn(partial)) {
    fs.rmSync(partial, { recursive: true, force: true });
    const why = done.timedOut
      ? `timed out after ${TIMEOUT_MS / 1000} s`
      : firstErrorLine(done.stderr, done.stdout);
    return { ok: false, reason: `npm install netlify-cli@${NETLIFY_CLI_VERSION} failed: ${why}` };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  return { ok: true, entry: entryOf(dir), installMs: done.ms };
}

/** `netlify deploy … --prod` of `dir` to the site `siteName`; the time is the command's wall time. */
export async function netlifyCliDeploy(opts: {
  entry: string;
  apiUrl: string;
  token: string;
  siteName: string;
  dir: string;
}): Promise<CliRun> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-netlify-cli-'));
  try {
    const config = path.join(home, 'xdg');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NETLIFY_API_URL: opts.apiUrl,
      NETLIFY_AUTH_TOKEN: opts.token,
      CI: 'true',
      XDG_CONFIG_HOME: path.join(config, 'config'),
      XDG_DATA_HOME: path.join(config, 'data'),
      XDG_CACHE_HOME: path.join(config, 'cache'),
      XDG_STATE_HOME: path.join(config, 'state'),
      NODE_USE_ENV_PROXY: '1',
      // Lower case: the CLI reads HTTP(S)_PROXY itself as its own --http-proxy, Node reads both.
      http_proxy: 'http://127.0.0.1:9',
      https_proxy: 'http://127.0.0.1:9',
      no_proxy: '127.0.0.1',
    };
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'NETLIFY_SITE_ID'])
      delete env[name];
    const cwd = path.join(home, 'work');
    fs.mkdirSync(cwd);
    const args = ['deploy', '--dir', opts.dir, '--site', opts.siteName, '--prod', '--no-build'];
    const done = await run(process.execPath, [opts.entry, ...args, '--json'], { cwd, env });
    if (done.timedOut) return { ok: false, reason: `timed out after ${TIMEOUT_MS / 1000} s` };
    if (done.code !== 0)
      return {
        ok: false,
        reason: `exit ${done.code}: ${firstErrorLine(done.stderr, done.stdout)}`,
      };
    return { ok: true, ms: done.ms, stdout: done.stdout };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

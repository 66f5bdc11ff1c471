import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const SERVER_MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
const BANNER = /CityForge is running at (http:\/\/\S+)/;

/** A port nobody listens on now, so APP_URL (and mailed links) can name it up front. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves with the output once it matches, or once the process exits (whatever it said). */
  ready(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Waits for the start-up banner and answers the URL it prints. */
  url(timeoutMs?: number): Promise<string>;
  stop(): Promise<number | null>;
};

/** The Node flags `npm start` gives the server (package.json), which its children get too. */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=16'];

/**
 * Runs a script of the server (main.ts by default) as a real child process on this Node,
 * with only PATH inherited, and collects what it prints. Tests, the browser suite and the
 * bench all start the production entry point through this.
 */
export function spawnServer(
  env: Record<string, string>,
  script = SERVER_MAIN,
  args: string[] = [],
): ServerProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script, ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const ready = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const finish = (fn: () => void) => {
        clearInterval(poll);
        clearTimeout(limit);
        fn();
      };
      const poll = setInterval(() => pattern.test(output) && finish(() => resolve(output)), 50);
      const limit = setTimeout(
        () =>
          finish(() => reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`))),
        timeoutMs,
      );
      void exited.then(() => finish(() => resolve(output)));
    });

  return {
    child,
    exited,
    output: () => output,
    ready,
    async url(timeoutMs) {
      const text = await ready(BANNER, timeoutMs);
      const match = BANNER.exec(text);
      if (!match) throw new Error(`server exited before it was ready:\n${text}`);
      return match[1]!;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

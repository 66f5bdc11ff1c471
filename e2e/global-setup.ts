import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, spawnServer } from '../apps/server/test/helpers/process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the built app has started in once and stopped: its database migrated. */
    e2eDataTemplate: string;
  }
}

/**
 * The embedded database's first start (initdb, migrations, the job queue's schema) is most of
 * a server's start-up: about 5 s of CPU, paid once here instead of once per spec file. Each
 * spec's server starts on a copy of this folder, as a server restarting on its own data does.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-e2e-template-'));
  const server = spawnServer({
    DATA_DIR: dir,
    PORT: String(await freePort()),
    INDEXNOW_URL: 'http://127.0.0.1:9',
  });
  await server.url();
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.output()}`);
  project.provide('e2eDataTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

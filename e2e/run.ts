import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// Entry of `npm run test:e2e` (after the build): checks the browser, then runs the specs.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `Chromium not found at ${CHROMIUM}. Install Debian's package: apt-get install -y chromium`,
  );
  process.exit(1);
}
if (!fs.existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.error('The web app is not built. Run `npm run build` first.');
  process.exit(1);
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** APP_SECRET from the environment, else one generated on first start and kept in DATA_DIR. */
export function resolveAppSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, 'secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

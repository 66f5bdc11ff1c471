import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config/env.ts';
import { createLogger } from '../lib/logger.ts';
import { boot, shutdown } from '../boot.ts';
import { ZEmail, ZPassword } from '@cityforge/shared';

// Usage: npm run create-admin -- email password   (or answer the prompts)
const config = loadConfig();
let [email, password] = process.argv.slice(2);
if (!email || !password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  email ||= await rl.question('Admin email: ');
  password ||= await rl.question('Admin password: ');
  rl.close();
}
const emailOk = ZEmail.safeParse(email);
const passwordOk = ZPassword.safeParse(password);
if (!emailOk.success || !passwordOk.success) {
  console.error(
    [...(emailOk.error?.issues ?? []), ...(passwordOk.error?.issues ?? [])]
      .map((i) => i.message)
      .join('\n'),
  );
  process.exit(1);
}
const ctx = await boot(
  { ...config, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
  createLogger('warn'),
);
// Typed by the operator on purpose, so here an existing admin's password is replaced.
const { user } = await ctx.modules.auth.service.ensureSuperuser(emailOk.data, passwordOk.data, {
  setPassword: true,
});
console.log(`Superuser ${user.email} is ready.`);
await shutdown(ctx);

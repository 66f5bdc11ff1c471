import { and, eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { SECRET_COLUMNS } from './users.service.ts';

/**
 * Reseals keys stored before they were bound to their user and column (format v1) as v2.
 * Runs at every boot, before the API answers; once no v1 value is left it is one cheap query.
 * Each column is replaced only if it still holds the value read, so a profile saved meanwhile
 * wins. A value that does not open (APP_SECRET changed) is left as it was and logged.
 */
export async function resealLegacySecrets(db: Db, cipher: Cipher, logger?: Logger) {
  const legacy = await db
    .select()
    .from(users)
    .where(or(...SECRET_COLUMNS.map((column) => like(users[column], 'v1.%'))));
  let resealed = 0;
  for (const user of legacy) {
    for (const field of SECRET_COLUMNS) {
      const sealed = user[field];
      if (!sealed || !cipher.isLegacy(sealed)) continue;
      let plain: string;
      try {
        plain = cipher.decrypt(sealed, { userId: user.id, field });
      } catch {
        logger?.warn({ userId: user.id, field }, 'a stored key could not be opened to reseal');
        continue;
      }
      const rows = await db
        .update(users)
        .set({ [field]: cipher.encrypt(plain, { userId: user.id, field }) })
        .where(and(eq(users.id, user.id), eq(users[field], sealed)))
        .returning({ id: users.id });
      resealed += rows.length;
    }
  }
  if (resealed) logger?.info({ resealed }, 'stored keys bound to their user and field');
  return resealed;
}

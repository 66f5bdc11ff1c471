import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PGlite } from '@electric-sql/pglite';

/** A refusal or failure the backup and restore commands print as it is, without a stack. */
export class BackupError extends Error {}

/** The archive's first entry: what the backup is and holds. */
export const MANIFEST_NAME = 'cityforge-backup.json';
export const BACKUP_FORMAT = 'cityforge-backup';
/** Raised when the layout changes in a way an older restore could not read. */
export const BACKUP_FORMAT_VERSION = 1;
/** The embedded database's folder, under DATA_DIR and in the archive alike. */
export const DB_FOLDER = 'db';
/** DATA_DIR's generated APP_SECRET (lib/secret.ts), under DATA_DIR and in the archive alike. */
export const SECRET_FILE = 'secret';

/**
 * How far the database's schema has come: drizzle's own record of applied migrations. drizzle
 * applies every migration stamped (`when`) after the last one it recorded, so the latest
 * stamp, not the count or the file's number (renumbered at a merge), is what orders them.
 */
const ZMigrationLevel = z.object({
  count: z.number().int().min(0),
  /** The latest migration's name (`0017_…`), as the code that made the backup knew it. */
  latest: z.string().nullable(),
  latestStamp: z.number().int().min(0),
});
export type MigrationLevel = z.infer<typeof ZMigrationLevel>;

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string().min(1),
  createdAt: z.iso.datetime(),
  migration: ZMigrationLevel,
  /** The PostgreSQL major version of the database's files (PGlite's PG_VERSION). */
  postgres: z.string().min(1),
  /** DATA_DIR's folders the backup carries besides the database (images, outbox, …). */
  folders: z.array(z.string().min(1)),
  /**
   * `included`: DATA_DIR/secret is in the archive. `environment`: the app ran with APP_SECRET
   * set, which the archive does not hold; a restore needs the same value.
   */
  secret: z.enum(['included', 'environment']),
  /** Tells whether an APP_SECRET is the one the backup was made with, without revealing it. */
  secretFingerprint: z.string().min(1),
});
export type BackupManifest = z.infer<typeof ZBackupManifest>;

/** A short one-way digest of the secret: enough to compare two, useless for recovering one. */
export const secretFingerprint = (secret: string) =>
  createHash('sha256').update(`cityforge backup fingerprint\n${secret}`).digest('hex').slice(0, 16);

type Journal = { entries: { when: number; tag: string }[] };
const JOURNAL = new URL('../db/migrations/meta/_journal.json', import.meta.url);

/** The migrations this code carries, oldest first. */
function journal(): Journal['entries'] {
  return (JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as Journal).entries;
}

/** The level a database migrated by this code reaches. */
export function codeMigrationLevel(): MigrationLevel {
  const entries = journal();
  const last = entries.at(-1);
  return { count: entries.length, latest: last?.tag ?? null, latestStamp: last?.when ?? 0 };
}

/** The level of an open database, from drizzle's table of applied migrations. */
export async function databaseMigrationLevel(pglite: PGlite): Promise<MigrationLevel> {
  const { rows } = await pglite
    .query<{ count: number; latest: string | null }>(
      'select count(*)::int as count, max(created_at)::text as latest from drizzle.__drizzle_migrations',
    )
    .catch(() => {
      throw new BackupError(
        'The database in DATA_DIR has no CityForge schema: nothing to back up.',
      );
    });
  const latestStamp = Number(rows[0]?.latest ?? 0);
  const tag = journal().find((entry) => entry.when === latestStamp)?.tag ?? null;
  return { count: rows[0]?.count ?? 0, latest: tag, latestStamp };
}

/** "migration 18 (0017_facts)": how the commands name a level to the operator. */
export const describeLevel = (level: MigrationLevel) =>
  `migration ${level.count}${level.latest ? ` (${level.latest})` : ''}`;

/**
 * Reads the manifest's text: a file that is not a CityForge backup, or one made by a newer
 * release in a layout this one cannot read, is refused with a sentence saying which.
 */
export function parseManifest(text: string, file: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not a CityForge backup: its ${MANIFEST_NAME} is not JSON.`);
  }
  const head = z.object({ format: z.string(), formatVersion: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== BACKUP_FORMAT)
    throw new BackupError(`${file} is not a CityForge backup: its ${MANIFEST_NAME} is not ours.`);
  if (head.data.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${file} was made by a newer CityForge (backup format ${head.data.formatVersion}; this one reads ${BACKUP_FORMAT_VERSION}). Update CityForge, then restore.`,
    );
  const manifest = ZBackupManifest.safeParse(json);
  if (!manifest.success)
    throw new BackupError(
      `${file} is not a CityForge backup this version can read: ${manifest.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}.`,
    );
  return manifest.data;
}

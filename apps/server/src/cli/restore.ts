import { BackupError, codeMigrationLevel, describeLevel } from '../backup/backup-manifest.ts';
import { restoreBackup } from '../backup/backup-restore.ts';
import {
  describeFiles,
  embeddedConfig,
  fromOperator,
  restoredSecretNote,
  runCommand,
} from './backup-cli.ts';

// Usage: npm run restore -- <file>   (into DATA_DIR, which must be empty or missing)

runCommand(async () => {
  const [arg] = process.argv.slice(2);
  if (!arg) throw new BackupError('Usage: npm run restore -- <file>   (into an empty DATA_DIR)');
  const config = embeddedConfig('restore');
  const file = fromOperator(arg);
  const restored = await restoreBackup(file, config.dataDir).catch((err: unknown) => {
    if (err instanceof BackupError) err.message += ' Nothing was restored.';
    throw err;
  });
  const { manifest, users, projects, files } = restored;
  const code = codeMigrationLevel();
  const migration =
    manifest.migration.latestStamp < code.latestStamp
      ? `Its database is at ${describeLevel(manifest.migration)}; the next start migrates it to ${describeLevel(code)}.`
      : `Its database is at ${describeLevel(manifest.migration)}, as this code's.`;
  console.log(
    [
      `Restored ${file} (made ${manifest.createdAt} by CityForge ${manifest.appVersion}) into ${config.dataDir}:`,
      `  ${users} user${users === 1 ? '' : 's'}, ${projects} project${projects === 1 ? '' : 's'}; ${describeFiles(files, manifest)}.`,
      `  ${migration}`,
      `  ${restoredSecretNote(manifest, config.APP_SECRET)}`,
      '  Start it with: npm start',
    ].join('\n'),
  );
});

/**
 * `npm run restore FILE`: restores a backup of `npm run backup` into an empty DATA_DIR (a new
 * embedded server is made there) or into the empty database of DATABASE_URL, in one transaction.
 */
import { loadConfigOrExit } from '@server/config';
import { BackupError } from '@server/platform/db/backup';
import { EmbeddedStartError } from '@server/platform/db/embedded';
import { restoreDatabase } from '@server/platform/db/restore';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Name the backup to restore: npm run restore -- backups/client-care-….ccbackup\n');
  process.exit(2);
}
const config = loadConfigOrExit();
try {
  const started = Date.now();
  const { header, rows } = await restoreDatabase(config, file, (m) => process.stdout.write(`${m}\n`));
  process.stdout.write(
    `Restored ${rows} rows in ${header.tables.length} tables from ${file} (made ${header.createdAt} by version ${header.appVersion}) ` +
      `into ${config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s; every table's rows and checksum match.\n` +
      `Copy the attachments' folder back to ${config.uploadDir}, then start the portal (newer migrations apply on start).\n`,
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof EmbeddedStartError) {
    process.stderr.write(`Nothing was restored: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

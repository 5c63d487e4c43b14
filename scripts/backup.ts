/**
 * `npm run backup [-- FOLDER]`: a consistent backup of the app's database (DATABASE_URL, or the
 * embedded server in DATA_DIR, running or not) into FOLDER (default `backups/`). Copy
 * UPLOAD_DIR (default DATA_DIR/uploads) with it: the database names the attachments' files.
 */
import { loadConfigOrExit } from '@server/config';
import { BACKUP_DEFAULT_FOLDER, BackupError, backupDatabase } from '@server/platform/db/backup';
import { EmbeddedStartError } from '@server/platform/db/embedded';

const config = loadConfigOrExit();
const folder = process.argv[2] ?? BACKUP_DEFAULT_FOLDER;
try {
  const started = Date.now();
  const { file, header, bytes } = await backupDatabase(config, folder, (m) => process.stdout.write(`${m}\n`));
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  process.stdout.write(
    `Wrote ${file}: ${rows} rows in ${header.tables.length} tables, schema ${header.schemaVersion.at(-1) ?? '(none)'}, ` +
      `${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      `Copy ${config.uploadDir} with it (the attachments' files).\n`,
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof EmbeddedStartError) {
    process.stderr.write(`No backup was written: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

/** The one upload path of the product (docs/adr/0116): receive, check, store and serve files. */
export { UNREFERENCED_FILE_MS, UploadStore, type ReferencedKeys } from './store';
export { refuseMultipart, registerUploads, sweepUploads, UPLOAD_SWEEP_CRON, safeFileName, stagedFiles, uploadHooks, withFileContents, withUploads, type StagedFile, type StoredFile } from './receive';
export { contentDisposition, FILE_CSP, sendStoredFile, type ServedFile } from './serve';
export { ATTACHMENT_COLUMNS, keysNamedIn } from './records';

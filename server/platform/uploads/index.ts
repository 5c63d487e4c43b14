/** The one upload path of the product (docs/adr/0116): receive, check, store and serve files. */
export { UploadStore } from './store';
export { refuseMultipart, registerUploads, safeFileName, stagedFiles, uploadHooks, withUploads, type StagedFile, type StoredFile } from './receive';
export { contentDisposition, FILE_CSP, sendStoredFile, type ServedFile } from './serve';

/**
 * An upload is a multipart/form-data request: the part named `payload` holds the JSON body the
 * endpoint takes without files, and each part named `files` is one file (docs/adr/0116). Apart
 * from ./uploads so that the HTTP client, in every bundle, carries only these two names.
 */
export const UPLOAD_PARTS = { payload: 'payload', files: 'files' } as const;

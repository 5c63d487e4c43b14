/**
 * Stored files in answers and requests: an attachment as a record lists it, and the path and
 * query of its download. The limits and types are in ./uploads (no schema there, so the HTTP
 * client that sends uploads carries none of these).
 */
import { idInput } from './input';
import { z } from './zod';

/** A stored file as a record lists it (the download address is the endpoint's). */
export const attachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  /** An image: shown inline, with a thumbnail. */
  image: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Which of a stored file's forms to download: the file itself, or an image's thumbnail. */
export const attachmentQuerySchema = z.strictObject({
  variant: z.enum(['original', 'thumbnail'], { error: 'variant must be original or thumbnail' }).default('original'),
});

/** The path parameters of one attachment of one record (attachment ids stay within PostgreSQL's integer). */
export const attachmentParamsSchema = z.strictObject({ id: idInput({ label: 'id' }), attachmentId: idInput({ label: 'attachmentId' }) });

/**
 * A stored file as a record lists it (in answers). The limits and types are in ./uploads, the
 * download endpoints of tickets' files in ../ticket-attachments.
 */
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

/**
 * Sending a stored file back (docs/adr/0117): with the type detected when it arrived (never
 * text/html: nothing of the kind is taken), `X-Content-Type-Options: nosniff`, a sandboxing
 * content security policy, and `Content-Disposition: attachment` for everything but images, whose
 * re-encoded bytes are shown inline. The name travels as an ASCII fallback and as RFC 5987
 * `filename*` (UTF-8), so any name survives and none can break the header.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { IMAGE_TYPES } from '@contracts/common/uploads';
import { notFound } from '@server/platform/http/errors';
import type { UploadStore } from './store';

/** What a feature's row says about a stored file, as the download needs it. */
export type ServedFile = { name: string; mimeType: string; storageKey: string; thumbnailKey: string | null };

/** The content security policy of a served file: it may load nothing and run nothing. */
export const FILE_CSP = "default-src 'none'; sandbox";

/** RFC 5987 ext-value: UTF-8, percent-encoded beyond attr-char. */
const extValue = (value: string) => `UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** `attachment; filename="report.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`, safe for any name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${kind}; filename="${ascii}"; filename*=${extValue(name)}`;
}

/** Streams a stored file (or its thumbnail) as the answer; 404 when the file is gone. */
export async function sendStoredFile(reply: FastifyReply, store: UploadStore, file: ServedFile, variant: 'original' | 'thumbnail'): Promise<FastifyReply> {
  const image = (IMAGE_TYPES as readonly string[]).includes(file.mimeType);
  const key = variant === 'thumbnail' ? file.thumbnailKey : file.storageKey;
  if (!key) throw notFound('This file has no thumbnail');
  const path = store.pathOf(key);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound('This file is no longer stored');
  const type = variant === 'thumbnail' ? 'image/webp' : file.mimeType;
  const name = variant === 'thumbnail' ? `${file.name}.thumbnail.webp` : file.name;
  return reply
    .header('content-type', type === 'text/plain' ? 'text/plain; charset=utf-8' : type)
    .header('content-length', String(info.size))
    .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .send(createReadStream(path));
}

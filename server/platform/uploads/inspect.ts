/**
 * What an uploaded file is, judged from its bytes (docs/adr/0117): file-type reads the signature
 * of binary formats; a file without one is text when it is UTF-8 without NUL characters, and then
 * an email message when it starts with mail headers. Markup (HTML, SVG, XML) is refused whatever
 * its name says: served from our origin it could run script. Images are re-encoded with sharp:
 * the stored image carries no metadata (EXIF, GPS, XMP, ICC comments), a GIF keeps its first frame.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { ACCEPTED_TYPES, IMAGE_TYPES, UPLOAD_LIMITS, type AcceptedType } from '@contracts/common/uploads';

/** How much of a file without a signature is read to judge whether it is text. */
const TEXT_SNIFF_BYTES = 64 * 1024;
/** Markup a browser would render: refused even as plain text (what is sniffed, not what is declared). */
const MARKUP = /^\s*(<!doctype\s+html|<html|<head|<body|<script|<svg|<\?xml|<iframe|<!--)/i;
const MARKUP_ANYWHERE = /<(script|iframe|svg|html|body|object|embed)[\s>/]/i;
/** Header names an email message starts with (RFC 5322 and what mail servers add). */
const MAIL_HEADER = /^(received|return-path|from|to|subject|date|message-id|mime-version|delivered-to|x-[a-z-]+|dkim-signature|reply-to|cc):[ \t]/i;

export type Judged = { ok: true; mime: AcceptedType } | { ok: false; type: string };

/** The type of a file as its bytes say; `{ ok: false, type }` names a type that is not taken. */
export async function judgeType(path: string): Promise<Judged> {
  const detected = await fileTypeFromFile(path);
  if (detected) return detected.mime in ACCEPTED_TYPES ? { ok: true, mime: detected.mime as AcceptedType } : { ok: false, type: detected.mime };
  const head = await readHead(path, TEXT_SNIFF_BYTES);
  if (head.includes(0)) return { ok: false, type: 'binary (unknown)' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return { ok: false, type: 'binary (unknown)' };
  }
  const start = text.replace(/^\uFEFF/, '');
  if (MARKUP.test(start) || MARKUP_ANYWHERE.test(start)) return { ok: false, type: 'HTML or other markup' };
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  if (MAIL_HEADER.test(firstLine) && /\r?\n\r?\n/.test(start)) return { ok: true, mime: 'message/rfc822' };
  return { ok: true, mime: 'text/plain' };
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export const isImage = (mime: string) => (IMAGE_TYPES as readonly string[]).includes(mime);

/**
 * Re-encodes an image into `out` in its own format (turned upright by its EXIF orientation, every
 * metadata block dropped: sharp keeps none unless asked) and draws its thumbnail (WebP) into
 * `thumbnail` (within the product's box, or a centred square of `squarePx`). Throws when the bytes
 * are not a readable image.
 */
export async function reencodeImage(path: string, mime: AcceptedType, out: string, thumbnail: string, squarePx?: number): Promise<void> {
  const input = () => sharp(path, { limitInputPixels: UPLOAD_LIMITS.imagePixelsMax, animated: false, failOn: 'error' });
  const upright = input().rotate();
  switch (mime) {
    case 'image/jpeg':
      await upright.jpeg({ quality: 90, mozjpeg: true }).toFile(out);
      break;
    case 'image/png':
      await upright.png().toFile(out);
      break;
    case 'image/webp':
      await upright.webp({ quality: 90 }).toFile(out);
      break;
    default:
      await upright.gif().toFile(out);
  }
  if (squarePx) {
    // A square of exactly this side, cropped to the picture's centre (an avatar).
    await sharp(out).resize(squarePx, squarePx, { fit: 'cover', position: 'centre' }).webp({ quality: 80 }).toFile(thumbnail);
    return;
  }
  const box = UPLOAD_LIMITS.thumbnailPixels;
  await sharp(out).resize(box, box, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toFile(thumbnail);
}

/** SHA-256 (hex) and size of a file, read as a stream. */
export async function digestOf(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

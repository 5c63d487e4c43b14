/** Demo files stored as the upload path stores them: the bytes under a new key, an image's WebP thumbnail beside them. */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { UPLOAD_LIMITS } from '@contracts/common/uploads';
import type { UploadStore } from '@server/platform/uploads';

export type SeededFile = { key: string; thumbnailKey: string; sizeBytes: number; sha256: string };

/** Stores a PNG and its thumbnail (in the product's box, or a centred square of `squarePx`, as an avatar's); answers what a file row records of them. */
export async function storeSeedImage(store: UploadStore, bytes: Buffer, squarePx?: number): Promise<SeededFile> {
  const { key, thumbnailKey } = store.newKey();
  const temp = store.tempPath();
  await writeFile(temp, bytes);
  await store.place(temp, key);
  const thumb = store.tempPath();
  const resized = squarePx
    ? sharp(bytes).resize(squarePx, squarePx, { fit: 'cover', position: 'centre' })
    : sharp(bytes).resize(UPLOAD_LIMITS.thumbnailPixels, UPLOAD_LIMITS.thumbnailPixels, { fit: 'inside' });
  await resized.webp({ quality: 80 }).toFile(thumb);
  await store.place(thumb, thumbnailKey);
  return { key, thumbnailKey, sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** A small drawn PNG: a title and a few lines, as a screenshot or a mock-up would read. */
export async function drawnImage(title: string, lines: readonly string[], accent = '#2f6fdf'): Promise<Buffer> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&apos;');
  const rows = lines.map((l, i) => `<text x="24" y="${112 + i * 30}" font-family="sans-serif" font-size="17" fill="#333">${esc(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300"><rect width="480" height="300" fill="#ffffff"/>
<rect width="480" height="56" fill="${accent}"/><text x="24" y="36" font-family="sans-serif" font-size="20" fill="#ffffff">${esc(title)}</text>${rows}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Avatars of a few demo staff (docs/adr/0241): portraits drawn at seed time from shapes and colours
 * (a backdrop, head and shoulders, a pattern of the person's own), stored as an upload would store
 * them, with the square thumbnail. Nothing is downloaded. The rest of the demo shows initials.
 */
import type { PoolClient } from 'pg';
import sharp from 'sharp';
import { AVATAR_THUMBNAIL_PX } from '@contracts/people-avatar';
import type { UploadStore } from '@server/platform/uploads';
import { storeSeedImage } from './files';

/** Who has a picture, with the colours of their portrait: backdrop, shirt, skin, hair. */
const PORTRAITS: readonly { email: string; colours: [string, string, string, string]; pattern: 'rings' | 'stripes' | 'dots' }[] = [
  { email: 'manager@demo.test', colours: ['#1f6f8b', '#e8a33d', '#c68642', '#2b1d0e'], pattern: 'rings' },
  { email: 'riley.chen@demo.test', colours: ['#5b3f8f', '#2f9e8f', '#f1c27d', '#1b1b1b'], pattern: 'stripes' },
  { email: 'priya.patel@demo.test', colours: ['#b5523b', '#f2e0c9', '#8d5524', '#120c08'], pattern: 'dots' },
  { email: 'mateo.garcia@demo.test', colours: ['#2e7d32', '#263b5e', '#e0ac69', '#3b2a1a'], pattern: 'rings' },
  { email: 'sofia.rossi@demo.test', colours: ['#0b5cab', '#d64f70', '#ffdbac', '#6a3d1f'], pattern: 'stripes' },
  { email: 'emma.nguyen@demo.test', colours: ['#8a6d1f', '#3f7fbf', '#f3d2b3', '#1c1c1c'], pattern: 'dots' },
];

/** A 256-pixel portrait: a patterned backdrop, shoulders, a neck, a head with hair. */
async function portrait([backdrop, shirt, skin, hair]: readonly string[], pattern: 'rings' | 'stripes' | 'dots'): Promise<Buffer> {
  const shapes =
    pattern === 'rings'
      ? [40, 80, 120, 160].map((r) => `<circle cx="128" cy="100" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="10"/>`).join('')
      : pattern === 'stripes'
        ? [0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${i * 48 - 40}" y="-40" width="20" height="360" fill="#ffffff" fill-opacity="0.1" transform="rotate(30 128 128)"/>`).join('')
        : [0, 1, 2, 3, 4].flatMap((r) => [0, 1, 2, 3, 4].map((c) => `<circle cx="${26 + c * 51}" cy="${26 + r * 51}" r="7" fill="#ffffff" fill-opacity="0.14"/>`)).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<rect width="256" height="256" fill="${backdrop}"/>${shapes}
<path d="M28 256 C36 196 78 172 128 172 C178 172 220 196 228 256 Z" fill="${shirt}"/>
<rect x="112" y="140" width="32" height="40" rx="12" fill="${skin}"/>
<ellipse cx="128" cy="108" rx="44" ry="50" fill="${skin}"/>
<path d="M82 104 C80 62 104 50 128 50 C156 50 178 64 174 104 C166 84 150 76 128 78 C106 76 90 86 82 104 Z" fill="${hair}"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Draws and stores the portraits of the people above (who must be seeded already: `ids`, email → id). */
export async function seedAvatars(client: PoolClient, ids: ReadonlyMap<string, number>, store: UploadStore): Promise<void> {
  for (const p of PORTRAITS) {
    const staffId = ids.get(p.email);
    if (staffId === undefined) continue;
    const file = await storeSeedImage(store, await portrait(p.colours, p.pattern), AVATAR_THUMBNAIL_PX);
    await client.query(
      `INSERT INTO staff_avatars (staff_id, storage_key, thumbnail_key, mime_type, size_bytes, sha256, updated_at)
       VALUES ($1, $2, $3, 'image/png', $4, $5, now())`,
      [staffId, file.key, file.thumbnailKey, file.sizeBytes, file.sha256],
    );
  }
}

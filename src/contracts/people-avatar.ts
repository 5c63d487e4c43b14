/**
 * A staff member's avatar (docs/adr/0241): the picture they upload on their own profile
 * (/user/options), shown in the header's account menu and on the org chart; their initials when
 * there is none. The header reads the signed-in person's picture by the path ./auth names, so
 * that the first staff screen carries none of these definitions.
 */
import { AVATAR_READ_PATH } from './auth';
import { endpoint, type UploadPolicy } from './common/endpoint';
import { idInput, idParamsSchema } from './common/input';
import { z } from './common/zod';

const MB = 1024 * 1024;

/** The side of the square thumbnail the header and the org chart show, in pixels (drawn at up to 48 CSS px, sharp on 2× screens). */
export const AVATAR_THUMBNAIL_PX = 128;

/** What an avatar upload takes: one PNG, JPEG or WebP image of at most 5 MB (judged from its bytes), with a square thumbnail. */
export const AVATAR_UPLOAD = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  fileBytes: 5 * MB,
  files: 1,
  accepts: 'an avatar must be a PNG, JPEG or WebP image',
  squareThumbnailPx: AVATAR_THUMBNAIL_PX,
} as const satisfies UploadPolicy;

/** What the picker offers (a hint for the browser's dialog; the server judges the bytes). */
export const AVATAR_ACCEPT = AVATAR_UPLOAD.types.join(',');

/** The picture's version: it changes with every upload and is carried in the picture's address (`?v=`). Null: no avatar, initials. */
export const avatarVersionSchema = z.number().int().nullable();

export const avatarStateSchema = z.object({ avatarVersion: avatarVersionSchema });
export type AvatarState = z.infer<typeof avatarStateSchema>;

/** The sizes of a picture: the square thumbnail, or the whole (re-encoded) upload. */
export const AVATAR_SIZES = ['small', 'full'] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

export const avatarQuerySchema = z.strictObject({
  v: idInput({ label: 'v' }).optional(),
  size: z.enum(AVATAR_SIZES, { error: `size must be ${AVATAR_SIZES.join(' or ')}` }).default('small'),
});

export const AVATAR = {
  upload: endpoint({
    method: 'PUT',
    path: '/api/v2/profile/avatar',
    audience: 'staff',
    tag: 'People',
    summary: "Set the caller's own avatar: one PNG, JPEG or WebP image as multipart/form-data (metadata stripped, a square thumbnail made); the previous one stays until the new one is stored",
    body: z.strictObject({}),
    upload: AVATAR_UPLOAD,
    response: avatarStateSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v2/profile/avatar',
    audience: 'staff',
    tag: 'People',
    summary: "Remove the caller's own avatar (their initials show instead)",
    response: avatarStateSchema,
  }),
  read: endpoint({
    method: 'GET',
    path: AVATAR_READ_PATH,
    audience: 'staff',
    tag: 'People',
    summary: "A staff member's avatar (the square thumbnail, or the full picture); cached for long when the address names its current version",
    params: idParamsSchema,
    query: avatarQuerySchema,
    produces: 'application/octet-stream',
  }),
} as const;

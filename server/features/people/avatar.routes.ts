/**
 * A staff member's avatar (docs/adr/0241): the person sets or removes their own (the routes take
 * no one else's id), every staff member sees anyone's. Client users reach none of it: the staff
 * guard answers them 401.
 */
import { AVATAR } from '@contracts/people-avatar';
import { ERROR_CODES } from '@contracts/common/errors';
import { UPLOAD_PARTS } from '@contracts/common/uploads';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { sendStoredFile, withUploads } from '@server/platform/uploads';
import { removeAvatar, setAvatar, type AvatarChange } from './avatar.commands';
import { avatarOf } from './avatar.repo';

/** How long a browser may keep a picture whose address names its current version: a year (a new upload gets a new address). */
export const AVATAR_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const CACHED = `private, max-age=${AVATAR_MAX_AGE_SECONDS}, immutable`;
/** An address without the version, or with an older one: the picture as it is now, checked again next time. */
const UNVERSIONED = 'private, no-cache';

const CHOOSE = 'Choose a picture to upload';
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export const staffAvatarRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  /** The files a committed change left behind; a failure to remove them is left to the daily sweep. */
  const discard = async (change: AvatarChange, log: { warn: (o: object, m: string) => void }) => {
    await ctx.uploads.remove(change.spentKeys).catch((error: unknown) => log.warn({ err: error }, 'a replaced avatar could not be removed; the sweep will'));
  };

  route(app, AVATAR.upload, async (_parts, request) => {
    const me = staffOf(request).userId;
    const change = await withUploads(request, async (files, keep) => {
      const file = files[0];
      if (!file) throw new ApiError(400, ERROR_CODES.invalidInput, CHOOSE, { [UPLOAD_PARTS.files]: CHOOSE });
      const done = await inTransaction(pool, (db) => setAvatar(db, me, file, ctx.now()));
      keep();
      return done;
    });
    await discard(change, request.log);
    return { avatarVersion: change.version };
  });

  route(app, AVATAR.remove, async (_parts, request) => {
    const change = await inTransaction(pool, (db) => removeAvatar(db, staffOf(request).userId));
    await discard(change, request.log);
    return { avatarVersion: null };
  });

  route(app, AVATAR.read, async ({ params, query }, _request, reply) => {
    const avatar = await avatarOf(pool, params.id);
    if (!avatar) throw notFound('This person has no avatar');
    // Cached per session: the answer varies with the bearer token, so another sign-in never reads it from the cache.
    reply.header('vary', 'Authorization').header('cache-control', query.v === avatar.version ? CACHED : UNVERSIONED);
    const file = { name: `avatar-${params.id}.${EXTENSIONS[avatar.mimeType] ?? 'img'}`, mimeType: avatar.mimeType, storageKey: avatar.storageKey, thumbnailKey: avatar.thumbnailKey };
    return sendStoredFile(reply, ctx.uploads, file, query.size === 'small' ? 'thumbnail' : 'original');
  });
};

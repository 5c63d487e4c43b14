/**
 * The one upload path (docs/adr/0116). An endpoint declared with `upload: true` takes its body as
 * JSON, or as multipart/form-data: the JSON in the `payload` part and each file in a `files` part.
 * The route's hooks (added by `route()`) do the rest:
 *
 * 1. after the audience guard (preValidation), each file streams to a temporary file through a
 *    SHA-256 hash and a byte count, never held in memory; a file over the limit, an empty file,
 *    one file too many, or a type not taken is refused with 413, 400 or 415 naming the file;
 *    images are re-encoded (metadata stripped) and get a thumbnail; the payload becomes the body,
 *    which the endpoint's schema then validates as usual;
 * 2. the handler moves the checked files into place and writes its rows in one transaction with
 *    `withUploads(request, (files, keep) => …)`, calling `keep` once the rows committed (a
 *    create's `afterCommit`);
 * 3. files not kept (a failed or replayed write) and every temporary file are removed, so a
 *    failed upload leaves neither a row nor a file.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler, onResponseAsyncHookHandler, onRequestAbortAsyncHookHandler } from 'fastify';
import { LIMITS } from '@contracts/common/constants';
import { ERROR_CODES } from '@contracts/common/errors';
import { hasNoDirectionControls, isSafeText } from '@contracts/common/input';
import { ACCEPTED_TYPES, UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_PARTS, type AcceptedType } from '@contracts/common/uploads';
import type { UploadPolicy } from '@contracts/common/endpoint';
import { z } from 'zod';
import { ApiError } from '@server/platform/http/errors';
import { isStorageFull } from '@server/platform/ops/storage';
import { defineJob, type Jobs } from '@server/platform/jobs';
import { receivedBytesCollector } from './collect';
import { digestOf, isImage, judgeType, reencodeImage } from './inspect';
import type { UploadStore } from './store';

/** A checked file waiting in the temporary folder. */
export type StagedFile = {
  /** The name the sender gave, made safe to show and to send back in a header. */
  name: string;
  mimeType: AcceptedType;
  sizeBytes: number;
  sha256: string;
  image: boolean;
  tempPath: string;
  thumbnailTempPath: string | null;
};

/** A file moved into place: what a feature's row records. */
export type StoredFile = Omit<StagedFile, 'tempPath' | 'thumbnailTempPath'> & { storageKey: string; thumbnailKey: string | null };

type UploadState = { temps: Set<string>; files: StagedFile[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are stored (set by buildApp). */
    uploadStore: UploadStore;
  }
}

const STATE = new WeakMap<FastifyRequest, UploadState>();

/** The longest name kept (bytes of UTF-8 are what file systems and headers limit; characters are close enough). */
export const FILE_NAME_MAX = 200;
/** Characters file systems or headers take as syntax. */
const RESERVED_IN_NAMES = /[\\/:*?"<>|]/g;
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f);

/**
 * The sender's file name as we keep it: its last path segment, without control, direction or
 * path characters, at most FILE_NAME_MAX characters (the extension kept), "file" when nothing is left.
 */
export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = [...base]
    .filter((c) => isSafeText(c) && hasNoDirectionControls(c) && !isControl(c))
    .join('')
    .replace(RESERVED_IN_NAMES, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if ([...name].length > FILE_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = [...name].slice(0, FILE_NAME_MAX - ext.length).join('') + ext;
  }
  return name || 'file';
}

const filesError = (status: number, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string) =>
  new ApiError(status, code, message, { [UPLOAD_PARTS.files]: message });

const notMultipart = (message: string) => new ApiError(400, ERROR_CODES.invalidInput, message, { body: message });

/** A transform that hashes and counts what passes through, and has spent buffers collected as it goes (docs/adr/0143). */
function digesting(): Transform & { sha256: () => string; size: () => number } {
  const hash = createHash('sha256');
  const received = receivedBytesCollector();
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      received(chunk.length);
      done(null, chunk);
    },
  });
  return Object.assign(t, { sha256: () => hash.digest('hex'), size: () => size });
}

/** The endpoint's own upload rules, when it declared a policy rather than `true`. */
function policyOf(request: FastifyRequest): UploadPolicy | null {
  const upload = request.routeOptions.config.endpoint?.upload;
  return typeof upload === 'object' ? upload : null;
}

/** Streams one file part to a temporary file and checks it (against the endpoint's policy, if any); answers the staged file or throws the refusal. */
async function stageFile(
  store: UploadStore,
  state: UploadState,
  part: { filename: string; file: NodeJS.ReadableStream & { truncated?: boolean } },
  policy: UploadPolicy | null = null,
): Promise<StagedFile> {
  const name = safeFileName(part.filename);
  const tempPath = store.tempPath();
  state.temps.add(tempPath);
  const digest = digesting();
  await pipeline(part.file, digest, createWriteStream(tempPath, { flags: 'wx' }));
  if (part.file.truncated) throw filesError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.tooLarge(name, policy?.fileBytes));
  if (digest.size() === 0) throw filesError(400, ERROR_CODES.invalidInput, UPLOAD_MESSAGES.empty(name));
  const judged = await judgeType(tempPath);
  if (!judged.ok) throw filesError(415, ERROR_CODES.unsupportedMediaType, policy ? UPLOAD_MESSAGES.refusedHere(name, judged.type, policy.accepts) : UPLOAD_MESSAGES.refused(name, judged.type));
  if (policy && !policy.types.includes(judged.mime)) throw filesError(415, ERROR_CODES.unsupportedMediaType, UPLOAD_MESSAGES.refusedHere(name, ACCEPTED_TYPES[judged.mime], policy.accepts));
  if (!isImage(judged.mime)) {
    return { name, mimeType: judged.mime, sizeBytes: digest.size(), sha256: digest.sha256(), image: false, tempPath, thumbnailTempPath: null };
  }
  // The stored image is the re-encoded one: its own hash and size.
  const encoded = store.tempPath();
  const thumbnail = store.tempPath();
  state.temps.add(encoded).add(thumbnail);
  try {
    await reencodeImage(tempPath, judged.mime, encoded, thumbnail, policy?.squareThumbnailPx);
  } catch {
    throw filesError(415, ERROR_CODES.unsupportedMediaType, UPLOAD_MESSAGES.unreadableImage(name));
  }
  await rm(tempPath, { force: true });
  state.temps.delete(tempPath);
  const { sha256, size } = await digestOf(encoded);
  return { name, mimeType: judged.mime, sizeBytes: size, sha256, image: true, tempPath: encoded, thumbnailTempPath: thumbnail };
}

/** Reads a multipart request: the payload (JSON) and every file, staged and checked. */
async function receive(request: FastifyRequest, state: UploadState): Promise<unknown> {
  const store = request.server.uploadStore;
  const policy = policyOf(request);
  const most = policy?.files ?? UPLOAD_LIMITS.filesPerNote;
  const fileBytes = policy?.fileBytes ?? UPLOAD_LIMITS.fileBytes;
  let payload: unknown = undefined;
  const parts = request.parts({
    limits: {
      fileSize: fileBytes,
      // One more than taken, so the file that is one too many arrives and is named.
      files: most + 1,
      fields: 1,
      fieldSize: LIMITS.bodyBytes,
      parts: most + 2,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== UPLOAD_PARTS.payload) throw notMultipart(`Unknown part ${part.fieldname}: send the body as the part "${UPLOAD_PARTS.payload}" and files as "${UPLOAD_PARTS.files}"`);
        if (part.valueTruncated) throw new ApiError(413, ERROR_CODES.payloadTooLarge, `The ${UPLOAD_PARTS.payload} part is larger than ${LIMITS.bodyBytes} bytes`);
        const raw = part.value;
        if (typeof raw === 'string') {
          try {
            payload = JSON.parse(raw);
          } catch {
            throw notMultipart(`The ${UPLOAD_PARTS.payload} part is not valid JSON`);
          }
        } else payload = raw;
        continue;
      }
      if (part.fieldname !== UPLOAD_PARTS.files) {
        part.file.resume();
        throw notMultipart(`Unknown part ${part.fieldname}: send files as the part "${UPLOAD_PARTS.files}"`);
      }
      if (state.files.length >= most) {
        part.file.resume();
        throw filesError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.tooMany(safeFileName(part.filename), most));
      }
      state.files.push(await stageFile(store, state, part, policy));
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The disk is full: not the caller's fault (answered 503 "Storage full").
    if (isStorageFull(error)) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw filesError(413, ERROR_CODES.payloadTooLarge, `At most ${most} files can be attached at once`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw notMultipart(`Send one "${UPLOAD_PARTS.payload}" part and at most ${most} files`);
    if (code === 'FST_PROTO_VIOLATION') throw notMultipart('A part has a name that is not allowed');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw filesError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.tooLarge('A file', fileBytes));
    // A broken or cut-off multipart body.
    throw notMultipart('The upload is not valid multipart/form-data; send it again');
  }
  return payload ?? {};
}

async function removeTemps(state: UploadState | undefined): Promise<void> {
  if (!state) return;
  const temps = [...state.temps];
  state.temps.clear();
  await Promise.all(temps.map((path) => rm(path, { force: true })));
}

/**
 * The hooks `route()` adds to an upload endpoint: receive after the guard, and remove whatever
 * temporary files are left when the answer went out or the caller went away.
 */
export const uploadHooks: {
  preValidation: preValidationAsyncHookHandler;
  onResponse: onResponseAsyncHookHandler;
  onRequestAbort: onRequestAbortAsyncHookHandler;
} = {
  async preValidation(request) {
    if (!request.isMultipart()) return;
    const state: UploadState = { temps: new Set(), files: [] };
    STATE.set(request, state);
    try {
      request.body = await receive(request, state);
    } catch (error) {
      await removeTemps(state);
      throw error;
    }
  },
  async onResponse(request) {
    await removeTemps(STATE.get(request));
  },
  async onRequestAbort(request) {
    await removeTemps(STATE.get(request));
  },
};

/** A multipart body sent to an endpoint that takes no files: 415, as any other body that is not JSON. */
export const refuseMultipart: preValidationAsyncHookHandler = async (request) => {
  if (request.isMultipart()) throw new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the request body as application/json');
};

/** The checked files of the request (none for a JSON request). */
export function stagedFiles(request: FastifyRequest): readonly StagedFile[] {
  return STATE.get(request)?.files ?? [];
}

/**
 * Moves the request's checked files into place and runs `write` with them (rows in one
 * transaction); `write` calls `keep()` once its rows committed. Files not kept (the write failed,
 * or answered a stored answer again) are removed before this returns or throws.
 */
export async function withUploads<T>(request: FastifyRequest, write: (files: readonly StoredFile[], keep: () => void) => Promise<T>): Promise<T> {
  const store = request.server.uploadStore;
  const state = STATE.get(request);
  const placed: string[] = [];
  const files: StoredFile[] = [];
  let kept = false;
  try {
    for (const staged of state?.files ?? []) {
      const { key, thumbnailKey } = store.newKey();
      await store.place(staged.tempPath, key);
      state!.temps.delete(staged.tempPath);
      placed.push(key);
      if (staged.thumbnailTempPath) {
        await store.place(staged.thumbnailTempPath, thumbnailKey);
        state!.temps.delete(staged.thumbnailTempPath);
        placed.push(thumbnailKey);
      }
      const { tempPath: _t, thumbnailTempPath, ...rest } = staged;
      files.push({ ...rest, storageKey: key, thumbnailKey: thumbnailTempPath ? thumbnailKey : null });
    }
    return await write(files, () => {
      kept = true;
    });
  } finally {
    if (!kept) await store.remove(placed);
  }
}

/**
 * Files that arrive other than by an upload request (the attachments of an email): each goes
 * through the same checks (size, bytes-sniffed type, images re-encoded with a thumbnail) and is
 * moved into place. A file the checks refuse is left out and named in `refused` with the reason.
 * `write` records the stored files and calls `keep()` once its rows committed; otherwise the
 * files are removed, as with `withUploads`.
 */
export async function withFileContents<T>(
  store: UploadStore,
  contents: readonly { filename: string; content: Buffer }[],
  write: (files: readonly StoredFile[], refused: readonly { name: string; reason: string }[], keep: () => void) => Promise<T>,
): Promise<T> {
  const state: UploadState = { temps: new Set(), files: [] };
  const refused: { name: string; reason: string }[] = [];
  const placed: string[] = [];
  const files: StoredFile[] = [];
  let kept = false;
  try {
    for (const item of contents) {
      const name = safeFileName(item.filename);
      if (files.length >= UPLOAD_LIMITS.filesPerNote) {
        refused.push({ name, reason: UPLOAD_MESSAGES.tooMany(name) });
        continue;
      }
      if (item.content.length > UPLOAD_LIMITS.fileBytes) {
        refused.push({ name, reason: UPLOAD_MESSAGES.tooLarge(name) });
        continue;
      }
      let staged: StagedFile;
      try {
        staged = await stageFile(store, state, { filename: item.filename, file: Readable.from([item.content]) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused.push({ name, reason: error.message });
        continue;
      }
      const { key, thumbnailKey } = store.newKey();
      await store.place(staged.tempPath, key);
      state.temps.delete(staged.tempPath);
      placed.push(key);
      if (staged.thumbnailTempPath) {
        await store.place(staged.thumbnailTempPath, thumbnailKey);
        state.temps.delete(staged.thumbnailTempPath);
        placed.push(thumbnailKey);
      }
      const { tempPath: _t, thumbnailTempPath, ...rest } = staged;
      files.push({ ...rest, storageKey: key, thumbnailKey: thumbnailTempPath ? thumbnailKey : null });
    }
    return await write(files, refused, () => {
      kept = true;
    });
  } finally {
    await removeTemps(state);
    if (!kept) await store.remove(placed);
  }
}

/** The daily job that removes stored files no record names (docs/adr/0139). */
export const sweepUploads = defineJob('uploads.sweep-unreferenced', z.object({}));
/** When the sweep runs: daily, at a quiet hour (UTC). */
export const UPLOAD_SWEEP_CRON = '17 3 * * *';

/** Opens the store, makes it known to the routes and schedules its sweep; called once by buildApp. */
export async function registerUploads(app: FastifyInstance, store: UploadStore, jobs: Jobs): Promise<void> {
  await store.open();
  app.decorate('uploadStore', store);
  await jobs.define(sweepUploads, async () => void (await store.sweep()), { policy: 'singleton' });
  app.addHook('onReady', async () => {
    if (jobs.started) await jobs.schedule(sweepUploads, UPLOAD_SWEEP_CRON, {});
  });
  // The multipart parser leaves the body unread; only upload endpoints read it (uploadHooks).
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
}


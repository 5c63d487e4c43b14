/**
 * Where uploaded files live (docs/adr/0116): `<UPLOAD_DIR>/tmp` holds files while they arrive and
 * are checked, `<UPLOAD_DIR>/files/<xx>/<uuid>` the stored ones. Both are on one filesystem, so a
 * file is moved into place by a rename: a stored file is always whole. A record names its file by
 * its storage key (`xx/uuid`), never by anything a caller sent.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Temporary files older than this are leftovers of a stopped process, removed when the store opens. */
export const STALE_TEMP_MS = 60 * 60_000;

/**
 * A stored file no record names is removed by the sweep once it is older than this (docs/adr/0139):
 * long past any transaction that could still be writing its row.
 */
export const UNREFERENCED_FILE_MS = 24 * 60 * 60_000;

/** Answers which of the given storage keys (files or thumbnails) a feature's records name. */
export type ReferencedKeys = (keys: readonly string[]) => Promise<ReadonlySet<string>>;

/** How many keys the sweep asks about at once. */
const SWEEP_BATCH = 500;

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}(\.thumb)?$/;

export class UploadStore {
  readonly tmpDir: string;
  readonly filesDir: string;
  /** Each feature that keeps files says which keys its records name (see `sweep`). */
  private readonly referenceSources: ReferencedKeys[] = [];

  constructor(readonly root: string) {
    this.tmpDir = join(root, 'tmp');
    this.filesDir = join(root, 'files');
  }

  /** Creates the folders and removes stale temporary files; called once when the app starts. */
  async open(now = Date.now()): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(this.filesDir, { recursive: true });
    for (const name of await readdir(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
    }
  }

  /** A new temporary path (nothing written yet). */
  tempPath(): string {
    return join(this.tmpDir, randomUUID());
  }

  /** A new storage key for a file and the key of its thumbnail. */
  newKey(): { key: string; thumbnailKey: string } {
    const id = randomUUID();
    const key = `${id.slice(0, 2)}/${id}`;
    return { key, thumbnailKey: `${key}.thumb` };
  }

  /** The path of a stored file; refuses anything that is not a key this store made. */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    const path = resolve(this.filesDir, key);
    if (!path.startsWith(this.filesDir + sep)) throw new Error(`Not a storage key: ${key}`);
    return path;
  }

  /** Moves a checked temporary file to its key (a rename: the stored file appears whole or not at all). */
  async place(tempPath: string, key: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await rename(tempPath, path);
  }

  /** A feature that records files registers how to ask which keys it names; the sweep keeps those. */
  referencedBy(source: ReferencedKeys): void {
    this.referenceSources.push(source);
  }

  /**
   * Removes stored files (and thumbnails) that no record names and that are older than
   * UNREFERENCED_FILE_MS: files left by a process stopped between placing a file and committing
   * its row. Removes nothing while no feature has said which keys it names. Answers how many.
   */
  async sweep(now = Date.now()): Promise<number> {
    if (!this.referenceSources.length) return 0;
    const old: string[] = [];
    for (const dir of await readdir(this.filesDir).catch(() => [] as string[])) {
      for (const name of await readdir(join(this.filesDir, dir)).catch(() => [] as string[])) {
        const key = `${dir}/${name}`;
        if (!KEY.test(key)) continue;
        const info = await stat(join(this.filesDir, key)).catch(() => null);
        if (info?.isFile() && now - info.mtimeMs > UNREFERENCED_FILE_MS) old.push(key);
      }
    }
    let removed = 0;
    for (let i = 0; i < old.length; i += SWEEP_BATCH) {
      const batch = old.slice(i, i + SWEEP_BATCH);
      const named = new Set<string>();
      for (const source of this.referenceSources) for (const key of await source(batch)) named.add(key);
      const orphans = batch.filter((key) => !named.has(key));
      await this.remove(orphans);
      removed += orphans.length;
    }
    return removed;
  }

  /** Removes stored files (a write that did not commit). */
  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}

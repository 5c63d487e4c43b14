/**
 * Memory stays bounded while a file arrives (docs/adr/0143). The socket hands each read to the
 * multipart parser as a fresh buffer; once written to disk it is garbage, but V8 frees buffers
 * (memory outside its heap) only at its next collection, which it starts from the JS heap's growth
 * (a few small objects per read) or past 64 MB of outside memory. Left alone, a 10 MB upload keeps
 * about 10 MB of spent buffers. Asking for a young-generation collection (a scavenge, well under a
 * millisecond: only the young objects still alive are copied) each time another
 * `RECEIVED_BYTES_PER_COLLECTION` has been received frees them as the file arrives, so what an
 * upload adds to the process stays near that figure whatever the file's size.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How many received bytes may wait for the collector before a young-generation collection is asked for. */
export const RECEIVED_BYTES_PER_COLLECTION = 1024 * 1024;

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;
let fromFlag: Collect | null | undefined;

/** V8's collector: the one --expose-gc gives, or else one taken from a fresh context once the flag is set (as Jest does). */
function collector(): Collect | null {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return exposed;
  if (fromFlag === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      fromFlag = runInNewContext('gc') as Collect;
    } catch {
      fromFlag = null;
    }
  }
  return fromFlag;
}

/** Counts received bytes; past each `RECEIVED_BYTES_PER_COLLECTION` the spent buffers are collected. */
export function receivedBytesCollector(): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < RECEIVED_BYTES_PER_COLLECTION) return;
    since = 0;
    collector()?.({ type: 'minor' });
  };
}

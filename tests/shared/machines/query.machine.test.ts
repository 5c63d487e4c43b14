import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { ApiError } from '@/shared/http/http';
import { controllable, flush } from '@tests/support/controllable';

type Query = { q?: string; page: number };

function start(input: { query?: Query } = { query: { page: 1 } }) {
  const load = controllable<string[], Query | undefined>('load');
  const machine = createQueryMachine('test', async (_: Query) => [] as string[]).provide({ actors: { load: load.logic as never } });
  const actor = createActor(machine, { input }).start();
  return { actor, load };
}

describe('query machine', () => {
  it('loads its query at start and shows the data', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls.map((c) => c.input)).toEqual([{ page: 1 }]);
    load.resolve(['a', 'b']);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ query: { page: 1 }, data: ['a', 'b'], error: null });
  });

  it('loads data that take no query', async () => {
    const { actor, load } = start({});
    expect(load.calls.map((c) => c.input)).toEqual([undefined]);
    expect(actor.getSnapshot().context.query).toBeUndefined();
    load.resolve(['a']);
    await flush();
    expect(actor.getSnapshot().context.data).toEqual(['a']);
  });

  it('keeps the last good data through a failed load and says why', async () => {
    const { actor, load } = start();
    load.resolve(['a']);
    await flush();
    actor.send({ type: 'query.reload' });
    load.reject(new ApiError(503, 'internal', 'The database is not answering'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('The database is not answering');
    expect(actor.getSnapshot().context.data).toEqual(['a']);
  });

  it('reloads from failed, and a good answer clears the error', async () => {
    const { actor, load } = start();
    load.reject(new ApiError(0, 'network', 'The server could not be reached'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.data).toBeUndefined();
    actor.send({ type: 'query.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls.map((c) => c.input)).toEqual([{ page: 1 }]);
    load.resolve(['a']);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ data: ['a'], error: null });
  });

  it('loads a new query, showing the previous page while the next loads', async () => {
    const { actor, load } = start();
    load.resolve(['page 1']);
    await flush();
    actor.send({ type: 'query.set', query: { q: 'printer', page: 2 } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.query).toEqual({ q: 'printer', page: 2 });
    expect(actor.getSnapshot().context.data).toEqual(['page 1']);
    expect(load.calls.map((c) => c.input)).toEqual([{ q: 'printer', page: 2 }]);
    load.resolve(['page 2']);
    await flush();
    expect(actor.getSnapshot().context.data).toEqual(['page 2']);
  });

  it('loads a new query from failed', async () => {
    const { actor, load } = start();
    load.reject(new ApiError(404, 'not_found', 'No such page'));
    await flush();
    actor.send({ type: 'query.set', query: { page: 1 } });
    load.resolve(['a']);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores the answer of a query that a newer one replaced while it loaded', async () => {
    // Calls that settle even after their actor was stopped, as a real request would.
    const pending = new Map<number, (rows: string[]) => void>();
    const machine = createQueryMachine('test', async (_: Query) => [] as string[]).provide({
      actors: { load: fromPromise<string[], Query>(({ input }) => new Promise((resolve) => pending.set(input.page, resolve))) as never },
    });
    const actor = createActor(machine, { input: { query: { page: 1 } } }).start();
    actor.send({ type: 'query.set', query: { page: 2 } });
    expect([...pending.keys()]).toEqual([1, 2]);
    pending.get(1)!(['stale page 1']);
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.data).toBeUndefined();
    pending.get(2)!(['page 2']);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.data).toEqual(['page 2']);
  });

  it('restarts a load under way on a reload', async () => {
    const { actor, load } = start();
    actor.send({ type: 'query.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    // The first call was dropped with its actor; only the new one can answer.
    expect(load.calls).toHaveLength(1);
    load.resolve(['fresh']);
    await flush();
    expect(actor.getSnapshot().context.data).toEqual(['fresh']);
  });

  it('says the server could not be reached when a request got no answer', async () => {
    const { actor, load } = start();
    load.reject(new AxiosError('Network Error', 'ERR_NETWORK'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe('The server could not be reached; check the connection and try again');
  });

  it('shows the message of any other error', async () => {
    const { actor, load } = start();
    load.reject(new Error('Unexpected answer'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Unexpected answer');
  });
});

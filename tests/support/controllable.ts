import { fromPromise } from 'xstate';

/**
 * A promise actor whose calls wait until the test settles them, so a test decides when and
 * how each service call ends (and path replays can map `xstate.done.actor.X` events to it).
 */
export function controllable<TOutput, TInput = unknown>(name: string) {
  const calls: { input: TInput; resolve: (v: TOutput) => void; reject: (e: unknown) => void }[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        const call = { input, resolve, reject };
        calls.push(call);
        // A call whose actor was stopped (its state was left) can no longer be settled.
        signal.addEventListener('abort', () => calls.splice(calls.indexOf(call), 1));
      }),
  );
  const next = () => {
    const call = calls.shift();
    if (!call) throw new Error(`${name} was not called`);
    return call;
  };
  return {
    name,
    logic,
    calls,
    resolve: (output: TOutput) => next().resolve(output),
    reject: (error: unknown) => next().reject(error),
  };
}
export type Controllable = ReturnType<typeof controllable<unknown, unknown>>;

/** Lets settled promises and the actor's reactions run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An error shaped like the services' ApiError. */
export const httpError = (status: number, message = `HTTP ${status}`) => Object.assign(new Error(message), { status });

import { expect } from 'vitest';
import type { AnyActorLogic, AnyActorRef, EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { recordCoverage } from './path-coverage';
import { flush, type Controllable } from './controllable';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/**
 * Replays a generated path's events on a live actor: `xstate.done.actor.X` / `xstate.error.actor.X`
 * settle the pending call of controllable X; other events are sent. After each step the actor
 * must be in the state the path says.
 */
export async function replay(
  actor: AnyActorRef,
  steps: readonly { state: { value: unknown }; event: EventObject }[],
  controls: Record<string, Controllable>,
): Promise<void> {
  // What the replay reaches counts in the machine's path coverage (docs/testing.md).
  recordCoverage(actor);
  for (const step of steps) {
    const { event } = step;
    if (event.type.startsWith(DONE)) {
      const id = event.type.slice(DONE.length);
      controls[id]!.resolve((event as unknown as { output: unknown }).output);
    } else if (event.type.startsWith(ERROR)) {
      const id = event.type.slice(ERROR.length);
      controls[id]!.reject((event as unknown as { error: unknown }).error);
    } else if (event.type !== 'xstate.init') {
      actor.send(event);
    }
    await flush();
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(step.state.value);
  }
}

/** Every event type offered to the traversal must appear on some path, or it was silently skipped. */
export function expectAllEventsUsed(paths: readonly { steps: readonly { event: EventObject }[] }[], events: readonly EventObject[]) {
  const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
  expect(events.map((e) => e.type).filter((t) => !used.has(t))).toEqual([]);
}

/**
 * The events the traversal may offer in a state: `xstate.done/error.actor.X` only while actor X
 * is running there (anything else could never happen), every other event always.
 */
export function eventsWhileRunning<E extends EventObject>(events: readonly E[]) {
  return (state: { children: Record<string, unknown> }): E[] =>
    events.filter((e) => {
      const m = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type);
      return !m || Boolean(state.children[m[1]!]);
    });
}

type Step = { state: { value: unknown }; event: EventObject };
type PathLike = { state: unknown; steps: Step[] };

/**
 * Transition coverage: the shortest path to every state, extended by each event that changes
 * that state, so every transition of the traversal ends some path (shortest paths alone reach
 * every state but skip transitions into states already reached another way).
 */
export function transitionPaths<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: { input?: unknown; events: (state: never) => readonly EventObject[]; serializeState: (s: never) => string },
): PathLike[] {
  const opts = options as never;
  const toState = getShortestPaths(logic, opts) as unknown as PathLike[];
  const bySerialized = new Map(toState.map((p) => [options.serializeState(p.state as never), p]));
  const adjacency = getAdjacencyMap(logic, opts) as Record<string, { state: unknown; transitions: Record<string, { event: EventObject; state: unknown }> }>;
  const result: PathLike[] = [];
  const seen = new Set<string>();
  for (const { state, transitions } of Object.values(adjacency)) {
    const from = bySerialized.get(options.serializeState(state as never));
    if (!from) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const key = `${options.serializeState(state as never)}|${options.serializeState(next as never)}|${JSON.stringify(event)}`;
      // An event that leaves the state as it was is kept only when a transition handles it
      // (a targetless transition running actions), not when nothing does.
      const unchanged = options.serializeState(next as never) === options.serializeState(state as never);
      if ((unchanged && !(state as { can: (e: EventObject) => boolean }).can(event)) || seen.has(key)) continue;
      seen.add(key);
      result.push({ state: next, steps: [...from.steps, { state: next as Step['state'], event }] });
    }
  }
  // The initial state's own path (no event after init) is kept too.
  result.push(...toState.filter((p) => p.steps.length <= 1));
  return result;
}

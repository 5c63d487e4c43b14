import { expect } from 'vitest';
import type { AnyActorRef, EventObject } from 'xstate';
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

import type { AnyActorRef, InspectionEvent } from 'xstate';

/** How many recent events the live view keeps per actor. */
export const LIVE_LOG_SIZE = 12;

export type LiveEvent = { type: string; at: number };
export type LiveActor = {
  sessionId: string;
  /** The machine id (`staffSession`), matched against the registry by the QA screen. */
  machineId: string;
  /** Ids of the active state nodes, without the root. */
  activeIds: string[];
  /** Most recent first. Only event types are kept: payloads (credentials) never are. */
  log: LiveEvent[];
  actorRef: Pick<AnyActorRef, 'getSnapshot' | 'sessionId'>;
};

type MachineLikeSnapshot = { machine?: { id?: string }; _nodes?: Array<{ id: string; parent?: unknown }> };

/**
 * A tiny in-app inspection bus: the app's root actors are created with `inspect: inspection.inspect`;
 * the /qa/machines screen subscribes to see their active states and recent events. Offline, no
 * external inspector; it holds plain data only, so it costs nothing until that screen reads it.
 */
function createInspectionBus() {
  /** Events seen before the actor's first snapshot (its start). */
  const pendingLog = new Map<string, LiveEvent[]>();
  const actors = new Map<string, LiveActor>();
  const listeners = new Set<() => void>();
  let snapshot: LiveActor[] = [];
  const changed = () => {
    snapshot = [...actors.values()];
    listeners.forEach((l) => l());
  };
  return {
    inspect(ev: InspectionEvent) {
      // Only root actors (the machines the app creates), not their invoked promises.
      if (ev.actorRef.sessionId !== ev.rootId) return;
      if (ev.type === '@xstate.snapshot') {
        const s = ev.snapshot as MachineLikeSnapshot;
        if (!s.machine?.id || !s._nodes) return;
        const previous = actors.get(ev.rootId);
        // A screen's machine is created again on every visit: keep only the latest of each machine.
        if (!previous) for (const [id, a] of actors) if (a.machineId === s.machine.id) actors.delete(id);
        actors.set(ev.rootId, {
          sessionId: ev.rootId,
          machineId: s.machine.id,
          activeIds: s._nodes.filter((n) => n.parent).map((n) => n.id),
          log: previous?.log ?? pendingLog.get(ev.rootId) ?? [],
          actorRef: ev.actorRef,
        });
        changed();
      } else if (ev.type === '@xstate.event') {
        const actor = actors.get(ev.rootId);
        const entry = { type: ev.event.type, at: Date.now() };
        if (actor) actors.set(ev.rootId, { ...actor, log: [entry, ...actor.log].slice(0, LIVE_LOG_SIZE) });
        else pendingLog.set(ev.rootId, [entry, ...(pendingLog.get(ev.rootId) ?? [])].slice(0, LIVE_LOG_SIZE));
        if (actor) changed();
      }
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
export const inspection = createInspectionBus();

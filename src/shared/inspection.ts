import type { AnyActorRef, InspectionEvent } from 'xstate';

/** How many recent events the live view keeps per actor. */
export const LIVE_LOG_SIZE = 12;

/** Actors whose events wait for their first snapshot, at most. */
const PENDING_ACTORS = 32;

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
      // Machine actors only (the app's actors and the machines they invoke, such as the overdue
      // poll of the staff session), not their promises: only machine snapshots carry a machine.
      const id = ev.actorRef.sessionId;
      if (ev.type === '@xstate.snapshot') {
        const s = ev.snapshot as MachineLikeSnapshot;
        if (!s.machine?.id || !s._nodes) return;
        const previous = actors.get(id);
        // A screen's machine is created again on every visit: keep only the latest of each machine.
        if (!previous) for (const [other, a] of actors) if (a.machineId === s.machine.id) actors.delete(other);
        actors.set(id, {
          sessionId: id,
          machineId: s.machine.id,
          activeIds: s._nodes.filter((n) => n.parent).map((n) => n.id),
          log: previous?.log ?? pendingLog.get(id) ?? [],
          actorRef: ev.actorRef,
        });
        pendingLog.delete(id);
        changed();
      } else if (ev.type === '@xstate.event') {
        const actor = actors.get(id);
        const entry = { type: ev.event.type, at: Date.now() };
        if (actor) {
          actors.set(id, { ...actor, log: [entry, ...actor.log].slice(0, LIVE_LOG_SIZE) });
          changed();
        } else if (!ev.event.type.startsWith('xstate.')) {
          // Before its first snapshot; promise actors never get one, so this stays small.
          if (pendingLog.size > PENDING_ACTORS) pendingLog.delete(pendingLog.keys().next().value!);
          pendingLog.set(id, [entry, ...(pendingLog.get(id) ?? [])].slice(0, LIVE_LOG_SIZE));
        }
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

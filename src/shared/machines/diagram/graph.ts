import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** What a transition is triggered by, as the diagram labels it. */
export type EdgeKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'doneState';

export type GraphNode = {
  /** The state node id, e.g. `staffSession.signedIn`. */
  id: string;
  key: string;
  /** Path from the root, without the root itself (empty for the root). */
  path: string[];
  parentId: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The id of the initial child of a compound state. */
  initialId: string | null;
  description: string | null;
  /** Actors invoked while in this state (their `src` names). */
  invokes: string[];
  tags: string[];
  childIds: string[];
};

export type GraphEdge = {
  /** Stable key: `<source id>|<event type>|<index among that source's transitions for the event>`. */
  id: string;
  sourceId: string;
  /** Targets; empty for a targetless transition (stays in the state, runs actions). */
  targetIds: string[];
  kind: EdgeKind;
  /** The event type as the machine sees it (`''` for eventless transitions). */
  eventType: string;
  /** The readable trigger: the event, `after POLL_INTERVAL (3h 30m)`, `done: login`, `always`. */
  trigger: string;
  guard: string | null;
  /** The label drawn on the arrow: trigger and `[guard]`. */
  label: string;
  description: string | null;
  actions: string[];
};

export type MachineGraph = {
  id: string;
  rootId: string;
  description: string | null;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** The event types a user or another actor sends (the `on` keys), sorted. */
  events: string[];
};

type Named = { type?: unknown; name?: unknown; guards?: unknown };

/** A readable name for a guard or action reference (string, `{ type }`, or an inline function). */
export function referenceName(ref: unknown): string {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && typeof (ref as Named).type === 'string') return (ref as Named).type as string;
  if (typeof ref === 'function') {
    const fn = ref as { name?: string; type?: string; guards?: unknown[]; guard?: unknown; check?: unknown };
    if (Array.isArray(fn.guards)) {
      const kind = fn.type === 'xstate.boolean' || fn.name === 'and' || fn.name === 'or' ? fn.name : 'and';
      return `${kind}(${fn.guards.map(referenceName).join(', ')})`;
    }
    if (fn.guard !== undefined) return `not(${referenceName(fn.guard)})`;
    return fn.name && fn.name !== 'anonymous' && !fn.name.startsWith('xstate.') ? fn.name : 'inline';
  }
  return 'inline';
}

/** `12600000` → `3h 30m`; `400` → `400ms`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000]] as const) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  if (rest > 0) parts.push(`${rest}ms`);
  return parts.join(' ');
}

function transitionsOf(node: AnyStateNode) {
  const all: Array<{ eventType: string; index: number; t: AnyStateNode['transitions'] extends Map<string, Array<infer T>> ? T : never }> = [];
  (node.always ?? []).forEach((t, index) => all.push({ eventType: '', index, t }));
  for (const [eventType, list] of node.transitions) list.forEach((t, index) => all.push({ eventType, index, t }));
  return all;
}

/** The stable edge key of a transition definition (used by the diagrams and the path coverage). */
export function transitionKey(sourceId: string, eventType: string, index: number): string {
  return `${sourceId}|${eventType}|${index}`;
}

/**
 * Turns a machine definition into a graph: every state node (nesting, initial child, final
 * states, descriptions, invoked actors) and every transition (events, delays, eventless, invoke
 * done/error, state done) with its guard. Pure: it reads `machine.root` only.
 */
export function machineToGraph(machine: AnyStateMachine): MachineGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const events = new Set<string>();
  const delays = (machine.implementations?.delays ?? {}) as Record<string, unknown>;

  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states ?? {}) as AnyStateNode[];
    const invokes = node.invoke.map((inv) => (typeof inv.src === 'string' ? inv.src : inv.id));
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    nodes.push({
      id: node.id,
      key: node.key,
      path: [...node.path],
      parentId: node.parent?.id ?? null,
      type: node.type,
      initialId: initialTarget?.id ?? null,
      description: node.description ?? null,
      invokes,
      tags: [...node.tags],
      childIds: children.map((c) => c.id),
    });

    const invokeById = new Map(node.invoke.map((inv) => [inv.id, typeof inv.src === 'string' ? inv.src : inv.id]));
    const afterByEvent = new Map(node.after.map((t) => [t.eventType, t.delay]));
    for (const { eventType, index, t } of transitionsOf(node)) {
      let kind: EdgeKind = 'event';
      let trigger = eventType;
      if (eventType === '') {
        kind = 'always';
        trigger = 'always';
      } else if (afterByEvent.has(eventType)) {
        kind = 'after';
        const delay = afterByEvent.get(eventType);
        if (typeof delay === 'number') trigger = `after ${formatDuration(delay)}`;
        else if (typeof delay === 'string') {
          const value = delays[delay];
          trigger = typeof value === 'number' ? `after ${delay} (${formatDuration(value)})` : `after ${delay}`;
        } else trigger = 'after (computed delay)';
      } else if (eventType.startsWith('xstate.done.actor.')) {
        kind = 'done';
        const id = eventType.slice('xstate.done.actor.'.length);
        trigger = `done: ${invokeById.get(id) ?? id}`;
      } else if (eventType.startsWith('xstate.error.actor.')) {
        kind = 'error';
        const id = eventType.slice('xstate.error.actor.'.length);
        trigger = `error: ${invokeById.get(id) ?? id}`;
      } else if (eventType.startsWith('xstate.done.state.')) {
        kind = 'doneState';
        trigger = 'done';
      } else {
        events.add(eventType);
      }
      const guard = t.guard === undefined ? null : referenceName(t.guard);
      const config = t as unknown as { description?: string };
      edges.push({
        id: transitionKey(node.id, eventType, index),
        sourceId: node.id,
        targetIds: (t.target ?? []).map((target: AnyStateNode) => target.id),
        kind,
        eventType,
        trigger,
        guard,
        label: guard ? `${trigger} [${guard}]` : trigger,
        description: config.description ?? null,
        actions: t.actions.map(referenceName),
      });
    }
    children.forEach(visit);
  };
  visit(machine.root);

  return {
    id: machine.id,
    rootId: machine.root.id,
    description: machine.root.description ?? null,
    nodes,
    edges,
    events: [...events].sort(),
  };
}

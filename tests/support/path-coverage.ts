/**
 * Generated path tests with coverage. A path test of a registered machine calls
 * `describeMachinePaths(entry, model)`: it generates the paths with xstate/graph, replays each one
 * against a real actor of the machine (service actors replaced by promises that never settle; their
 * outcomes are the done/error events of the model), checks the state after every step, records the
 * states and transitions reached, and ends with a test that fails when a state or transition is
 * unreached and not in `coverage-allow-list.ts`. A path test that drives its own actor (controllable
 * service calls, a simulated clock, a rendered view) builds its paths with `transitionPaths` and
 * replays them with `replay`, which records the same coverage. See docs/testing.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, type AnyActorLogic, type AnyActorRef, type AnyEventObject, type AnyStateMachine, type AnyStateNode, type EventObject, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { machineToGraph, transitionKey } from '@/shared/machines/diagram';
import type { RegisteredMachine } from '@/app/machine-registry';
import { coverageAllowList } from './coverage-allow-list';
import { flush, type Controllable } from './controllable';

export type PathModel = {
  /** The events a user or another actor sends, with payloads; every `on` event type of the machine must appear. */
  events: AnyEventObject[];
  /** Outcomes of invoked actors, by `src`: each output becomes one done event, each error one error event. */
  outputs?: Record<string, unknown[]>;
  errors?: Record<string, unknown[]>;
  /** Named starting conditions; each factory returns a fresh machine input (it may hold mutable stores). */
  inputs?: Record<string, () => unknown>;
  /** `shortest` (default) reaches every state once; `simple` walks every simple path (larger). */
  generator?: 'shortest' | 'simple';
  /** Stops the traversal in a state (for machines whose context can grow without end, like a queue). */
  stopWhen?: (snapshot: ReturnType<AnyStateMachine['getInitialSnapshot']>) => boolean;
  /** How the traversal tells states apart (default: value and context). */
  serializeState?: (snapshot: ReturnType<AnyStateMachine['getInitialSnapshot']>) => string;
  /** Extra checks after each step of a replay (the state matched already). */
  check?: (snapshot: ReturnType<ReturnType<typeof createActor<AnyStateMachine>>['getSnapshot']>) => void;
};

export type GeneratedPath = { name: string; inputName: string; input: () => unknown; steps: Array<{ event: EventObject; value: unknown }> };

type Coverage = { states: Set<string>; transitions: Set<string> };
const reached = new Map<string, Coverage>();
const coverageFor = (machineId: string) => {
  let c = reached.get(machineId);
  if (!c) reached.set(machineId, (c = { states: new Set(), transitions: new Set() }));
  return c;
};

/**
 * Forgets what the replays of a machine reached (for tests of the helper itself), or of every
 * machine (as each test file ends: a file's coverage is its own replays').
 */
export function resetCoverage(machineId?: string): void {
  if (machineId === undefined) reached.clear();
  else reached.delete(machineId);
}

function invokesOf(node: AnyStateNode): Array<{ id: string; src: string }> {
  const own = node.invoke.map((inv) => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id }));
  return [...own, ...Object.values(node.states ?? {}).flatMap((c) => invokesOf(c as AnyStateNode))];
}

function delayedEventsOf(node: AnyStateNode): EventObject[] {
  return [...node.after.map((t) => ({ type: t.eventType })), ...Object.values(node.states ?? {}).flatMap((c) => delayedEventsOf(c as AnyStateNode))];
}

/**
 * The events the machine gets from its own timers and actors: every delayed (`after`) event, and
 * the done/error events of every invoked actor from the model's outputs and errors.
 */
export function actorOutcomeEvents(machine: AnyStateMachine, model: Pick<PathModel, 'outputs' | 'errors'>): EventObject[] {
  return [
    ...delayedEventsOf(machine.root),
    ...invokesOf(machine.root).flatMap(({ id, src }) => [
      ...(model.outputs?.[src] ?? []).map((output) => ({ type: `xstate.done.actor.${id}`, output, actorId: id })),
      ...(model.errors?.[src] ?? []).map((error) => ({ type: `xstate.error.actor.${id}`, error, actorId: id })),
    ]),
  ];
}

const describeEvent = (e: EventObject) => {
  if (e.type.startsWith('xstate.done.actor.')) return `done(${e.type.split('.').slice(-1)[0]})`;
  if (e.type.startsWith('xstate.error.actor.')) {
    const error = (e as { error?: { status?: number; message?: string } }).error;
    return `error(${error?.status ?? error?.message ?? 'error'})`;
  }
  return e.type;
};

/** The generated paths of a machine for every named input. */
export function pathsFor(machine: AnyStateMachine, model: PathModel): GeneratedPath[] {
  const events = [...model.events, ...actorOutcomeEvents(machine, model)];
  const inputs = model.inputs ?? { default: () => undefined };
  const generate = model.generator === 'simple' ? getSimplePaths : getShortestPaths;
  const seen = new Set<string>();
  return Object.entries(inputs).flatMap(([inputName, input]) => {
    const found: GeneratedPath[] = [];
    const add = (steps: GeneratedPath['steps'], end: unknown) => {
      // A done event names the state it led to: outputs of one actor that lead to different states are different paths.
      const describeStep = (s: GeneratedPath['steps'][number]) => (s.event.type.startsWith('xstate.done.actor.') ? `${describeEvent(s.event)}:${JSON.stringify(s.value)}` : describeEvent(s.event));
      const name = `${inputName}: ${steps.map(describeStep).join(' → ') || '(start)'} ⇒ ${JSON.stringify(end)}`;
      if (seen.has(name)) return;
      seen.add(name);
      found.push({ name, inputName, input, steps });
    };
    for (const path of generate(machine, { events, input: input(), stopWhen: model.stopWhen, ...(model.serializeState ? { serializeState: model.serializeState } : {}) } as never)) {
      const steps = path.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event as EventObject, value: s.state.value }));
      add(steps, path.state.value);
      // Shortest paths reach every state once; one more step with each enabled event takes every
      // transition out of it too (each guarded branch is chosen by the event's payload).
      if (model.generator === 'simple') continue;
      for (const event of events) {
        if (!path.state.can(event)) continue;
        const next = getNextSnapshot(machine, path.state, event);
        add([...steps, { event, value: next.value }], next.value);
      }
    }
    return found;
  });
}

/** Service actors that never settle: the path's done/error events decide the outcome. */
function withSilentActors(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((k) => [k, fromPromise(() => new Promise<never>(() => {}))]));
  return machine.provide({ actors });
}

function recorderFor(machine: AnyStateMachine) {
  const coverage = coverageFor(machine.id);
  const markEntered = (node: AnyStateNode) => {
    for (let n: AnyStateNode | undefined = node; n?.parent; n = n.parent) coverage.states.add(n.id);
  };
  const markSnapshot = (snapshot: unknown) => {
    for (const n of (snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []) if (n.parent) coverage.states.add(n.id);
  };
  const inspect = (ev: InspectionEvent) => {
    if (ev.actorRef.sessionId !== ev.rootId) return;
    if (ev.type === '@xstate.microstep') {
      for (const t of ev._transitions) {
        const source = t.source as AnyStateNode;
        markEntered(source);
        const list = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
        coverage.transitions.add(transitionKey(source.id, t.eventType, list.indexOf(t)));
        // A transient state (left at once by an eventless transition) counts as reached when entered.
        for (const target of t.target ?? []) markEntered(target as AnyStateNode);
      }
    }
    if (ev.type === '@xstate.snapshot' || ev.type === '@xstate.microstep') markSnapshot(ev.snapshot);
  };
  for (const n of machine.root.initial?.target ?? []) markEntered(n as AnyStateNode);
  return { inspect, markSnapshot };
}

const recording = new WeakSet<AnyActorRef>();

/**
 * Records the states and transitions a (root) machine actor reaches from now on into the
 * coverage of its machine: `replay` in tests/support/replay.ts calls it, so every generated path
 * test that replays through it counts. An actor started already counts its current state.
 */
export function recordCoverage(actor: AnyActorRef): void {
  const logic = (actor as unknown as { logic?: AnyStateMachine }).logic;
  if (recording.has(actor) || !logic?.root) return;
  recording.add(actor);
  const recorder = recorderFor(logic);
  recorder.markSnapshot(actor.getSnapshot());
  // The initial transitions (eventless ones out of the initial state) ran when the actor was
  // created; an unstarted twin with the same input replays them to the recorder.
  const { input } = (actor as unknown as { options: { input?: unknown } }).options;
  createActor(logic, { input, inspect: recorder.inspect });
  actor.system.inspect(recorder.inspect);
}

/** Replays one path against a real actor, checking the state after each step and recording coverage. */
export function replayPath(machine: AnyStateMachine, path: GeneratedPath, check?: PathModel['check']): void {
  const actor = createActor(withSilentActors(machine), { input: path.input(), inspect: recorderFor(machine).inspect });
  actor.start();
  try {
    for (const step of path.steps) {
      actor.send(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `after ${step.event.type}`).toEqual(step.value);
      check?.(snapshot);
    }
  } finally {
    actor.stop();
  }
}

export type CoverageReport = {
  id: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { reached: number; total: number; missing: string[] };
};

/** States and transitions of the machine the replayed paths reached so far in this file. */
export function coverageReport(entry: RegisteredMachine): CoverageReport {
  const graph = machineToGraph(entry.machine);
  const c = coverageFor(entry.machine.id);
  const states = graph.nodes.filter((n) => n.parentId !== null).map((n) => n.id);
  const transitions = graph.edges.map((e) => e.id);
  return {
    id: entry.id,
    states: { reached: states.filter((s) => c.states.has(s)).length, total: states.length, missing: states.filter((s) => !c.states.has(s)) },
    transitions: {
      reached: transitions.filter((t) => c.transitions.has(t)).length,
      total: transitions.length,
      missing: transitions.filter((t) => !c.transitions.has(t)),
    },
  };
}

const pct = (a: number, b: number) => (b === 0 ? 100 : Math.round((a / b) * 1000) / 10);
export const REPORT_DIR = join(process.cwd(), '.tmp', 'path-coverage');

/** Generates, replays and checks the coverage of a registered machine's paths. */
export function describeMachinePaths(entry: RegisteredMachine, model: PathModel): void {
  describe(`paths of ${entry.id}`, () => {
    const graph = machineToGraph(entry.machine);

    it('the model sends every event type the machine handles, and only those', () => {
      const sent = new Set(model.events.map((e) => e.type));
      expect(graph.events.filter((t) => !sent.has(t)), 'events the machine handles that the model never sends').toEqual([]);
      expect([...sent].filter((t) => !graph.events.includes(t)), 'events the machine does not handle').toEqual([]);
    });

    const paths = pathsFor(entry.machine, model);
    it('generates paths', () => expect(paths.length).toBeGreaterThan(0));
    for (const path of paths) it(path.name, () => replayPath(entry.machine, path, model.check));

    itReachesEveryStateAndTransition(entry);
  });
}

/**
 * The coverage check of a machine, as the last test of its path-test file: fails when a state or
 * transition no replayed path reached is not in the allow-list (and when an allow-listed one is
 * reached now). Writes the figures to .tmp/path-coverage for `npm run machines -- --coverage`.
 */
export function itReachesEveryStateAndTransition(entry: RegisteredMachine): void {
  it('reaches every state and transition (or the allow-list says why not)', () => {
    const report = coverageReport(entry);
    const allowed = coverageAllowList[entry.id] ?? {};
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `${entry.id}.json`), JSON.stringify({ ...report, allowed }, null, 2));
    console.info(
      `path coverage ${entry.id}: states ${report.states.reached}/${report.states.total} (${pct(report.states.reached, report.states.total)}%), ` +
        `transitions ${report.transitions.reached}/${report.transitions.total} (${pct(report.transitions.reached, report.transitions.total)}%)`,
    );
    expect(report.states.missing.filter((s) => !allowed[s]), 'unreached states').toEqual([]);
    expect(report.transitions.missing.filter((t) => !allowed[t]), 'unreached transitions').toEqual([]);
    const stale = Object.keys(allowed).filter((k) => !report.states.missing.includes(k) && !report.transitions.missing.includes(k));
    expect(stale, 'allow-list entries that are reached now (remove them)').toEqual([]);
  });
}

// Paths replayed on an actor the test drives itself (controllable service calls).

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

import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { scrollMachine, type ScrollPort } from '@/shared/scroll/scroll.machine';
import { expectAllEventsUsed, itReachesEveryStateAndTransition, replay, transitionPaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'scroll')!;

/** A page that records nothing: these paths check states; scroll.machine.test.ts checks where the page goes. */
const quietPage = (): ScrollPort => ({ sample: () => ({ top: null, max: 0 }), scrollTo: () => {}, everyFrame: () => () => {} });
const input = () => ({ port: quietPage(), waitFrames: 2 });

const EVENTS: AnyEventObject[] = [
  { type: 'location.changed', path: '/a', hash: '', keepsScroll: false },
  { type: 'location.changed', path: '/a', hash: 'notes', keepsScroll: false },
  { type: 'location.changed', path: '/a', hash: '', keepsScroll: true },
  { type: 'history.popped' },
  { type: 'hash.changed', hash: 'notes' },
  { type: 'page.scrolled', y: 40 },
  { type: 'user.scrolled' },
  // The anchor in reach, found on a page still too short (after one in reach: moved), and not there yet.
  { type: 'frame.sampled', top: 100, max: 500 },
  { type: 'frame.sampled', top: 900, max: 500 },
  { type: 'frame.sampled', top: null, max: 500 },
  { type: 'xstate.after.QUIET.scroll.anchoring.settling' },
  { type: 'xstate.after.SETTLE_MAX.scroll.anchoring' },
];

type Snapshot = { value: unknown; context: { path: string; positions: Record<string, number>; popped: boolean; hash: string; frames: number; aimed: number; max: number } };
/**
 * Two states differ by where the machine is, the path shown and whether /a (the one path the events
 * go to) has a saved position, and while anchoring, the anchor's progress.
 */
const serializeState = (s: Snapshot) => {
  const c = s.context;
  const anchoring = typeof s.value === 'object' && s.value !== null && 'anchoring' in s.value;
  return JSON.stringify([s.value, c.path, '/a' in c.positions, c.popped, anchoring ? [c.hash, c.frames, c.aimed, c.max] : null]);
};
const describeStep = (e: AnyEventObject) => (e.type === 'frame.sampled' ? `frame(${String(e.top)})` : e.type === 'location.changed' ? `${e.path}${e.hash ? '#' + e.hash : ''}${e.keepsScroll ? ' kept' : ''}` : e.type);

// A path to every transition (guarded branches differ only by the payload, which generated path
// names would merge), each replayed on a live actor against the state the traversal expected.
describe('paths of scroll', () => {
  const paths = transitionPaths(scrollMachine, { input: input(), events: () => EVENTS, serializeState });
  it('offers every event on some path', () => expectAllEventsUsed(paths, EVENTS));
  for (const path of paths) {
    it(path.steps.map((s) => describeStep(s.event as AnyEventObject)).join(' → ') || '(start)', async () => {
      const actor = createActor(scrollMachine, { input: input() });
      actor.start();
      await replay(actor, path.steps, {});
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual((path.state as { value: unknown }).value);
      // Waiting for an anchor never counts past its budget.
      expect(snapshot.context.frames).toBeLessThan(snapshot.context.waitFrames);
      actor.stop();
    });
  }
  itReachesEveryStateAndTransition(entry);
});

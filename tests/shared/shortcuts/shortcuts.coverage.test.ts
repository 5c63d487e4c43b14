import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { shortcutsMachine, type ShortcutsEmitted } from '@/shared/shortcuts/shortcuts.machine';
import { expectAllEventsUsed, itReachesEveryStateAndTransition, replay, transitionPaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'shortcuts')!;
const key = (k: string, mods: Partial<{ ctrl: boolean; meta: boolean; alt: boolean }> = {}) => ({ type: 'key.pressed', key: k, ctrl: false, meta: false, alt: false, ...mods });
const EVENTS: AnyEventObject[] = [
  key('k', { ctrl: true }),
  key('/'),
  key('?'),
  key('c'),
  key('g'),
  key('t'),
  key('j'),
  key('k'),
  key('x'),
  { type: 'xstate.after.SEQUENCE_TIMEOUT.shortcuts.listening.afterG' },
  { type: 'palette.open' },
  { type: 'help.open' },
  { type: 'overlay.close' },
];

// A path to every transition (the go-to and row keys leave the state as it was, which paths to
// states alone would skip), each replayed on a live actor while what it emits is recorded.
describe('paths of shortcuts', () => {
  const paths = transitionPaths(shortcutsMachine, { events: () => EVENTS, serializeState: (s: { value: unknown }) => JSON.stringify(s.value) });
  it('offers every event on some path', () => expectAllEventsUsed(paths, EVENTS));
  for (const path of paths) {
    it(path.steps.map((s) => s.event.type === 'key.pressed' ? `key ${(s.event as unknown as { key: string }).key}` : s.event.type).join(' → ') || '(start)', async () => {
      const actor = createActor(shortcutsMachine);
      const emitted: ShortcutsEmitted[] = [];
      actor.start();
      // Only what the last step emits is checked.
      await replay(actor, path.steps.slice(0, -1), {});
      actor.on('*', (e) => emitted.push(e));
      await replay(actor, path.steps.slice(-1), {});
      const last = path.steps.at(-1)?.event as { key?: string; ctrl?: boolean } | undefined;
      const from = JSON.stringify(path.steps.at(-2)?.state.value ?? { listening: 'ready' });
      // A shortcut's effect is what it emits: the page it goes to, or the row it moves to.
      const expected =
        from === JSON.stringify({ listening: 'ready' }) && !last?.ctrl
          ? { c: { type: 'shortcut.navigate', href: '/create/ticket' }, j: { type: 'shortcut.row', step: 1 }, k: { type: 'shortcut.row', step: -1 } }[last?.key ?? '']
          : from === JSON.stringify({ listening: 'afterG' }) && last?.key === 't'
            ? { type: 'shortcut.navigate', href: '/ticket/search' }
            : undefined;
      expect(emitted).toEqual(expected ? [expected] : []);
      actor.stop();
    });
  }
  itReachesEveryStateAndTransition(entry);
});

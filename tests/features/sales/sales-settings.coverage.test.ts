import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import type { SalesSettings } from '@contracts/sales';
import { machineRegistry } from '@/app/machine-registry';
import { salesSettingsMachine, SETTINGS_SECTIONS, type SalesSettingsContext } from '@/features/sales/machines/sales-settings.machine';
import type { SubmitContext } from '@/shared/machines/submit.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { recorder } from './logged-activities';

const entry = machineRegistry.find((m) => m.id === 'sales-settings')!;
const settings: SalesSettings = {
  reps: [{ id: 3, name: 'Avery Agent' }],
  targets: [{ staffId: 3, kind: 'call', monthly: 30 }],
  channels: [{ id: 1, name: 'Referral', offered: true, position: 1 }],
  spend: [],
  probabilities: { draft: 10, sent: 50, accepted: 100, declined: 0, expired: 0 } as SalesSettings['probabilities'],
};

describeMachinePaths(entry, {
  events: [{ type: 'section.saved', result: settings }],
  // The version only grows: states are told apart by whether anything was saved.
  serializeState: (s) => JSON.stringify([s.value, (s.context as SalesSettingsContext).saved !== null]),
  check: (snapshot) => {
    for (const section of SETTINGS_SECTIONS) expect(snapshot.children[section]).toBeDefined();
  },
});

describe('sales settings', () => {
  it('shows the settings as a section’s save answered them, and starts every section again with a new form', () => {
    const told: Array<[string, string, unknown]> = [];
    const screen = createActor(salesSettingsMachine.provide({ actors: { settings: recorder(told, 'settings') as never } })).start();
    const before = SETTINGS_SECTIONS.map((s) => screen.getSnapshot().children[s] as AnyActorRef);
    // Each section's form says what it saved.
    const { notices } = before[0]!.getSnapshot().context as SubmitContext<unknown>;
    expect((notices.saved as unknown as (r: unknown, s: unknown) => string)(settings, { section: 'targets' })).toBe('Targets saved');
    screen.send({ type: 'section.saved', result: settings });
    expect(screen.getSnapshot().context).toEqual({ saved: settings, version: 1 });
    const after = SETTINGS_SECTIONS.map((s) => screen.getSnapshot().children[s] as AnyActorRef);
    after.forEach((form, i) => {
      expect(form).not.toBe(before[i]);
      expect(before[i]!.getSnapshot().status).toBe('stopped');
      expect(form.getSnapshot().value).toBe('editing');
    });
    // The settings are not asked for again: the save answered them.
    expect(told.map(([, type]) => type)).toEqual(['started']);
  });
});

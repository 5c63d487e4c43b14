import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { MailSettingsContext } from '@/features/client-portal/machines/mail-settings.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'client-mail-settings')!;

describeMachinePaths(entry, {
  events: [
    { type: 'settings.loaded', data: { staffReply: true, statusChange: true } },
    { type: 'settings.loadFailed', error: 'The service is busy; try again in a moment' },
    { type: 'settings.retry' },
    { type: 'setting.change', key: 'staffReply', on: false },
    { type: 'settings.save' },
    { type: 'settings.saved', result: { staffReply: false, statusChange: true } },
    { type: 'settings.refused', error: 'Status changes of my tickets must be on or off', fieldErrors: { statusChange: 'Status changes of my tickets must be on or off' } },
  ],
  serializeState: (s) => JSON.stringify([s.value, (s.context as MailSettingsContext).values, (s.context as MailSettingsContext).saved, Boolean((s.context as MailSettingsContext).failure)]),
  check: (snapshot) => {
    const c = snapshot.context as MailSettingsContext;
    // The switches show something only once the saved settings are known.
    expect(c.values === null).toBe(c.saved === null);
    if (snapshot.matches('failed')) expect(c.loadError).toBeTruthy();
    // Saving starts only from a change; a refusal keeps what was chosen.
    if (snapshot.matches({ ready: 'saving' })) expect(c.values).not.toEqual(c.saved);
    if (c.failure) expect(snapshot.matches({ ready: 'editing' })).toBe(true);
  },
});

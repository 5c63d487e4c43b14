import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { MailChannel } from '@contracts/mail-channels';
import { mailChannelsScreenMachine, type MailChannelsScreenContext } from '@/features/channels/machines/mail-channels-screen.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'mail-channels-screen')!;
const reloads: unknown[] = [];
/** The channel list, standing in for the query actor: it records the reloads it is told. */
const channels = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('reload') } } }));
  actor.start();
  return actor;
};
const billing: MailChannel = {
  id: 2, name: 'Billing', kind: 'imap', enabled: false, address: 'billing@helpdesk.example', queue: 'Support', severity: 'M', imapHost: 'imap.example', imapPort: 993,
  imapTls: true, imapUser: 'billing@helpdesk.example', hasPassword: true, imapFolder: 'INBOX', listenHost: null, listenPort: null, maxBytes: 1024, state: 'stopped', lastError: null, lastCheckedAt: null,
};

describeMachinePaths(entry, {
  inputs: { 'channel list': () => ({ channels: channels() }) },
  events: [
    { type: 'channel.edit', channel: billing },
    { type: 'edit.cancel' },
    { type: 'channel.saved', result: billing },
  ],
  serializeState: (s) => JSON.stringify([s.value, (s.context as MailChannelsScreenContext).editing?.id ?? null]),
  check: (snapshot) => {
    const c = snapshot.context as MailChannelsScreenContext;
    expect(c.editing === null).toBe(snapshot.matches('adding'));
  },
});

describe('the Email in channel form', () => {
  it('reloads the list and starts a fresh form once a channel is added; a refusal changes nothing', () => {
    const before = reloads.length;
    const screen = createActor(mailChannelsScreenMachine, { input: { channels: channels() } }).start();
    screen.send({ type: 'channel.refused', error: 'Another channel has this name', fieldErrors: { name: 'Another channel has this name' } });
    expect(screen.getSnapshot().context).toMatchObject({ editing: null, formKey: 0 });
    expect(reloads.length).toBe(before);
    screen.send({ type: 'channel.saved', result: billing });
    expect(screen.getSnapshot().context).toMatchObject({ editing: null, formKey: 1 });
    expect(reloads.length).toBe(before + 1);
    screen.send({ type: 'channel.edit', channel: billing });
    screen.send({ type: 'channel.saved', result: billing });
    expect(screen.getSnapshot().value).toBe('adding');
    expect(screen.getSnapshot().context).toMatchObject({ editing: null, formKey: 3 });
  });
});

/**
 * The Email in screen's channel form (docs/adr/0107): whether it adds a channel or changes one, and
 * what happens once a save ends. The form is a child (`submitChild`) that tells this machine how each
 * save ended: saved, the channel list loads again, the form starts fresh for the next channel (the
 * view keys it by `formKey`); refused (a 400 or a 409), nothing on the screen changes, what was typed
 * stays and each reason shows beside the field it names.
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { MailChannel } from '@contracts/mail-channels';
import { submitChild, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { saveChannelMachine, type SaveChannel } from './channels.machines';

export type MailChannelsScreenContext = {
  /** The channel the form changes; null while it adds one. */
  editing: MailChannel | null;
  /** Grows each time the form starts again (saved, an edit opened, cancelled): the view keys the form by it. */
  formKey: number;
  /** The channel list (a query actor), loaded again once a channel is saved. */
  channels: AnyActorRef;
};
export type MailChannelsScreenEvent =
  | { type: 'channel.edit'; channel: MailChannel }
  | { type: 'edit.cancel' }
  | { type: 'channel.saved'; result: MailChannel }
  /** Refused: the form says why beside each field; what was typed stays. */
  | ({ type: 'channel.refused' } & SubmitFailure);

/** What the channel form says when a save ends. */
export const SAVE_CHANNEL_NOTICES: SubmitNotices<SaveChannel, MailChannel> = {
  saved: (c, i) => `${c.name} ${i.id ? 'saved' : 'added'}${c.enabled ? '' : ' (off)'}`,
  failed: 'The channel was not saved',
};

export const mailChannelsScreenMachine = setup({
  types: { context: {} as MailChannelsScreenContext, events: {} as MailChannelsScreenEvent, input: {} as { channels: AnyActorRef } },
  actors: { form: submitChild(saveChannelMachine, { saved: 'channel.saved', failed: 'channel.refused' }) },
  actions: {
    resetForm: sendTo('form', { type: 'form.reset' }),
    reloadChannels: sendTo(({ context }) => context.channels, { type: 'query.reload' }),
  },
}).createMachine({
  id: 'mail-channels-screen',
  description: 'The Email in channel form: add a channel or change one; a saved channel reloads the list and starts a fresh form.',
  context: ({ input }) => ({ editing: null, formKey: 0, channels: input.channels }),
  entry: spawnChild('form', { id: 'form', systemId: 'mail-channels-screen.form', input: { notices: SAVE_CHANNEL_NOTICES } }),
  initial: 'adding',
  states: {
    adding: {
      description: 'The form adds a new channel.',
      on: {
        'channel.edit': { target: 'editing', actions: [assign({ editing: ({ event }) => event.channel, formKey: ({ context }) => context.formKey + 1 }), 'resetForm'], description: 'A channel opens in the form with its values.' },
        'channel.saved': { actions: ['reloadChannels', assign({ formKey: ({ context }) => context.formKey + 1 }), 'resetForm'], description: 'Added (the form says so): the list loads again and shows it; the form starts fresh for the next.' },
      },
    },
    editing: {
      description: 'The form changes one channel; a blank password keeps the stored one.',
      on: {
        'channel.edit': { actions: [assign({ editing: ({ event }) => event.channel, formKey: ({ context }) => context.formKey + 1 }), 'resetForm'], description: 'Another channel opens in the form instead.' },
        'edit.cancel': { target: 'adding', actions: [assign({ editing: null, formKey: ({ context }) => context.formKey + 1 }), 'resetForm'], description: 'The change is dropped: the form adds a channel again.' },
        'channel.saved': { target: 'adding', actions: ['reloadChannels', assign({ editing: null, formKey: ({ context }) => context.formKey + 1 }), 'resetForm'], description: 'Saved: the list loads again, the form adds a channel again.' },
      },
    },
  },
});

export type MailChannelsScreenActor = ActorRefFrom<typeof mailChannelsScreenMachine>;
type Snapshot = SnapshotFrom<typeof mailChannelsScreenMachine>;
/** The form child, for the fields' errors and the busy button. */
export const selectForm = (s: Snapshot) => s.children.form as ActorRefFrom<typeof saveChannelMachine>;
export const selectEditing = (s: Snapshot) => s.context.editing;
export const selectFormKey = (s: Snapshot) => s.context.formKey;

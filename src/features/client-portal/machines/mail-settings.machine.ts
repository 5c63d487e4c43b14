/**
 * The client's "Email me when…" card on Contact support (docs/adr/0201): the saved settings load
 * first (a query child), the switches change what will be saved, Save sends them (the one form
 * machine as a child). Saved: the form says so and what was saved is the new starting point.
 * Refused: the switches keep what was chosen and the card names the problem.
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { CLIENT_MAIL, type ClientMailSettings } from '@contracts/client-mail';
import { createQueryMachine, queryChild } from '@/shared/machines/query.machine';
import { createSubmitMachine, submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { clientPortalApi } from '../api';

/** The notice once the settings are saved (a refusal is named in the card itself, under its title). */
export const MAIL_SETTINGS_SAVED = 'Email settings saved';
export const MAIL_SETTINGS_REFUSED = 'Your email settings were not saved';

export const mailSettingsQueryMachine = createQueryMachine('clientMailSettingsQuery', () => clientPortalApi.mailSettings());
export const saveMailSettingsMachine = createSubmitMachine('clientSaveMailSettings', (v: ClientMailSettings) => clientPortalApi.updateMailSettings(v), {
  schema: CLIENT_MAIL.updateSettings.body,
});

export type MailSettingKey = keyof ClientMailSettings;
export type MailSettingsContext = {
  /** What the server holds (loaded, or answered by the last save); null until loaded. */
  saved: ClientMailSettings | null;
  /** What the switches show; saved with Save. */
  values: ClientMailSettings | null;
  /** Why the settings could not be loaded. */
  loadError: string | null;
  /** Why the last save was refused, with its reasons per switch. */
  failure: SubmitFailure | null;
};
export type MailSettingsEvent =
  | { type: 'setting.change'; key: MailSettingKey; on: boolean }
  | { type: 'settings.save' }
  | { type: 'settings.retry' }
  | { type: 'settings.loaded'; data: ClientMailSettings }
  | { type: 'settings.loadFailed'; error: string }
  | { type: 'settings.saved'; result: ClientMailSettings }
  | ({ type: 'settings.refused' } & SubmitFailure);

export const mailSettingsMachine = setup({
  types: { context: {} as MailSettingsContext, events: {} as MailSettingsEvent },
  actors: {
    settings: queryChild(mailSettingsQueryMachine, { loaded: 'settings.loaded', failed: 'settings.loadFailed' }),
    form: submitChild(saveMailSettingsMachine, { saved: 'settings.saved', failed: 'settings.refused' }),
  },
  guards: {
    changed: ({ context }) => context.saved !== null && context.values !== null && (Object.keys(context.saved) as MailSettingKey[]).some((k) => context.saved![k] !== context.values![k]),
  },
}).createMachine({
  id: 'client-mail-settings',
  description: 'The client chooses which ticket mail they get: the saved settings load, the switches change, Save sends them.',
  context: { saved: null, values: null, loadError: null, failure: null },
  entry: [
    spawnChild('settings', { id: 'settings', input: {} }),
    spawnChild('form', { id: 'form', input: { notices: { saved: () => MAIL_SETTINGS_SAVED } } }),
  ],
  initial: 'loading',
  states: {
    loading: {
      description: 'The saved settings load; the card shows a skeleton.',
      on: {
        'settings.loaded': { target: 'ready', actions: assign({ saved: ({ event }) => event.data, values: ({ event }) => event.data, loadError: null }) },
        'settings.loadFailed': { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: {
      description: 'The settings could not be loaded: the card says why and offers to try again.',
      on: { 'settings.retry': { target: 'loading', actions: sendTo('settings', { type: 'query.reload' }), description: 'The client tries again.' } },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          description: 'The switches show what will be saved; Save sends them when one differs from what is saved.',
          on: {
            'setting.change': {
              actions: [
                assign({ values: ({ context, event }) => ({ ...context.values!, [event.key]: event.on }), failure: null }),
                sendTo('form', ({ event }) => ({ type: 'form.change', field: event.key })),
              ],
              description: 'A switch is turned on or off; a refusal of the last save goes.',
            },
            'settings.save': {
              guard: 'changed',
              target: 'saving',
              actions: [assign({ failure: null }), sendTo('form', ({ context }) => ({ type: 'form.submit', input: context.values! }))],
              description: 'Save sends what the switches show (nothing to send while they show what is saved).',
            },
          },
        },
        saving: {
          description: 'The settings are being saved; the switches and Save wait.',
          tags: ['busy'],
          on: {
            'settings.saved': {
              target: 'editing',
              actions: assign({ saved: ({ event }) => event.result, values: ({ event }) => event.result }),
              description: 'Saved (the form says so): what the server answered is the new starting point.',
            },
            'settings.refused': {
              target: 'editing',
              actions: assign({ failure: ({ event }) => ({ error: event.error, fieldErrors: event.fieldErrors }) }),
              description: 'Refused: the switches keep what was chosen and the card names the problem.',
            },
          },
        },
      },
    },
  },
});

// Selectors: what the card reads.
export type MailSettingsActor = ActorRefFrom<typeof mailSettingsMachine>;
type S = SnapshotFrom<typeof mailSettingsMachine>;
export const selectValues = (s: S) => s.context.values;
export const selectLoadError = (s: S) => (s.matches('failed') ? s.context.loadError : null);
export const selectSaving = (s: S) => s.hasTag('busy');
export const selectChanged = (s: S) => s.matches({ ready: 'editing' }) && s.can({ type: 'settings.save' });
export const selectFailure = (s: S) => s.context.failure;

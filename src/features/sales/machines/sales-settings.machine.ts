/**
 * Sales settings (/sales/settings) as a statechart (docs/adr/0107): the settings' query and the
 * save of each section (targets, spend, channels, probabilities) are its children; a section saved
 * tells this machine (`submitChild`) with the settings as the server now holds them. Those show
 * from then on, every section starts again from them (`version`, the view's key) and every
 * section's form starts afresh, as nothing typed before the save is shown any more.
 */
import { assign, enqueueActions, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SalesSettings } from '@contracts/sales';
import { submitChild, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { settingsFormMachine, settingsMachine, settingsSaveMachine, type SettingsSave } from './sales.machines';

/** The sections, each with its own save. */
export const SETTINGS_SECTIONS = ['targets', 'spend', 'channels', 'probabilities'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** What a section's save says once saved ("Targets saved"). */
const SAVE_NOTICES: SubmitNotices<SettingsSave, SalesSettings> = { saved: (_, { section }) => `${section[0]!.toUpperCase()}${section.slice(1)} saved` };

export type SalesSettingsContext = {
  /** The settings as the last save answered them; null until a section is saved (the query's then). */
  saved: SalesSettings | null;
  /** Grows with each save: every section starts again from the saved settings. */
  version: number;
};
export type SalesSettingsEvent = { type: 'section.saved'; result: SalesSettings } | ({ type: 'section.failed' } & SubmitFailure);

export const salesSettingsMachine = setup({
  types: { context: {} as SalesSettingsContext, events: {} as SalesSettingsEvent },
  actors: {
    settings: settingsMachine,
    // The grids check their cells themselves; the sections of fields are checked against their endpoint's schema.
    grid: submitChild(settingsSaveMachine, { saved: 'section.saved', failed: 'section.failed' }),
    fields: submitChild(settingsFormMachine, { saved: 'section.saved', failed: 'section.failed' }),
  },
  actions: {
    /** Each section's form, new: what it said and refused of a save before is gone. */
    startForms: enqueueActions(({ enqueue }) => {
      for (const section of SETTINGS_SECTIONS) {
        enqueue.stopChild(section);
        enqueue.spawnChild(section === 'targets' || section === 'spend' ? 'grid' : 'fields', { id: section, input: { notices: SAVE_NOTICES } });
      }
    }),
  },
}).createMachine({
  id: 'salesSettings',
  description: 'Targets, marketing spend, the channels of the public form and pipeline probabilities, each section saved on its own.',
  context: { saved: null, version: 0 },
  entry: [spawnChild('settings', { id: 'settings', systemId: 'salesSettings.settings', input: { query: null } }), 'startForms'],
  on: {
    'section.saved': {
      actions: [assign({ saved: ({ event }) => event.result, version: ({ context }) => context.version + 1 }), 'startForms'],
      description: 'A section saved: the settings show as saved and every section starts again from them.',
    },
  },
});

type Snapshot = SnapshotFrom<typeof salesSettingsMachine>;
export const selectSettingsQuery = (s: Snapshot) => s.children.settings as ActorRefFrom<typeof settingsMachine>;
export const selectSectionForm = (section: SettingsSection) => (s: Snapshot) => s.children[section] as ActorRefFrom<typeof settingsSaveMachine>;
export const selectSaved = (s: Snapshot) => s.context.saved;
export const selectVersion = (s: Snapshot) => s.context.version;

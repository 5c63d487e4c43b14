/**
 * The territories screen (/sales/territories) as a statechart (docs/adr/0107): the territories'
 * query, the move of selected companies and, while its dialog is open, a territory's save are
 * children that tell this machine how each save ended (`submitChild`). A territory saved closes
 * its dialog and the totals load again; companies moved clear the selection, start the table
 * again (`round`) and load the totals again; an activity logged from the screen's dialog loads
 * them again too. Each save says what it did (`notices`).
 */
import { assign, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ReassignInput, Territory } from '@contracts/sales';
import { submitChild, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { loggedActivities, type ActivityLogActor, type ActivityLogged } from './activity-log.machine';
import { reassignMachine, territoriesMachine, territorySaveMachine, type TerritorySave } from './sales.machines';

/** What a territory's save and a move of companies say once done. */
const SAVE_NOTICES: SubmitNotices<TerritorySave, unknown> = { saved: (_, s) => (s.id === null ? `Territory ${s.input.name} added` : `Territory ${s.input.name} saved`) };
const MOVE_NOTICES: SubmitNotices<ReassignInput, { moved: number }> = { saved: (r) => `${r.moved} ${r.moved === 1 ? 'company' : 'companies'} moved` };

export type SalesTerritoriesContext = {
  log: ActivityLogActor | null;
  /** The companies selected in the table (their ids, as the table keys them). */
  selected: string[];
  /** Grows with each move: the companies' table starts again, nothing selected. */
  round: number;
  /** The territory whose dialog is open; null for a new one (in `editing`). */
  editing: Territory | null;
};
export type SalesTerritoriesEvent =
  | { type: 'selection.change'; keys: string[] }
  /** Move the selected companies into a territory, or out of every territory (null). */
  | { type: 'companies.move'; territoryId: number | null }
  | { type: 'move.saved'; result: { moved: number } }
  | ({ type: 'move.failed' } & SubmitFailure)
  /** Open the dialog of a territory, or of a new one (null). */
  | { type: 'territory.edit'; territory: Territory | null }
  | { type: 'territory.close' }
  | { type: 'territory.saved'; result: unknown }
  | ({ type: 'territory.failed' } & SubmitFailure)
  | ActivityLogged;

export const salesTerritoriesMachine = setup({
  types: { context: {} as SalesTerritoriesContext, events: {} as SalesTerritoriesEvent, input: {} as { log: ActivityLogActor | null } },
  actors: {
    territories: territoriesMachine,
    reassign: submitChild(reassignMachine, { saved: 'move.saved', failed: 'move.failed' }),
    territoryForm: submitChild(territorySaveMachine, { saved: 'territory.saved', failed: 'territory.failed' }),
    loggedActivities,
  },
  actions: {
    reloadTerritories: sendTo('territories', { type: 'query.reload' as const }),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
  },
}).createMachine({
  id: 'salesTerritories',
  description: 'Territories with their owner and totals; selected companies move together; a manager adds or edits a territory in a dialog.',
  context: ({ input }) => ({ log: input.log, selected: [], round: 0, editing: null }),
  entry: [
    spawnChild('territories', { id: 'territories', systemId: 'salesTerritories.territories', input: { query: null } }),
    spawnChild('reassign', { id: 'reassign', systemId: 'salesTerritories.reassign', input: { notices: MOVE_NOTICES } }),
  ],
  invoke: { src: 'loggedActivities', input: ({ context }) => ({ log: context.log }) },
  on: {
    'selection.change': { actions: assign({ selected: ({ event }) => event.keys }), description: 'Companies selected or unselected in the table.' },
    'companies.move': {
      guard: 'hasSelection',
      actions: sendTo('reassign', ({ context, event }) => ({ type: 'form.submit' as const, input: { companyIds: context.selected.map(Number), territoryId: event.territoryId } })),
      description: 'The selected companies move to the territory picked.',
    },
    'move.saved': {
      actions: [assign({ selected: [], round: ({ context }) => context.round + 1 }), 'reloadTerritories'],
      description: 'Moved: nothing is selected, the table starts again and the totals load again.',
    },
    'activity.logged': { actions: 'reloadTerritories', description: 'An activity was logged: the totals load again.' },
  },
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The totals and the companies; no dialog is open.',
      on: {
        'territory.edit': { target: 'editing', actions: assign({ editing: ({ event }) => event.territory }), description: 'A manager opens a territory, or a new one, in the dialog.' },
      },
    },
    editing: {
      description: 'The dialog of a territory: its name and owner.',
      entry: spawnChild('territoryForm', { id: 'territoryForm', input: { notices: SAVE_NOTICES } }),
      exit: [stopChild('territoryForm'), assign({ editing: null })],
      on: {
        'territory.close': { target: 'browsing', description: 'Cancel, Escape or the close button: nothing is saved.' },
        'territory.saved': { target: 'browsing', actions: 'reloadTerritories', description: 'Saved: the dialog closes and the totals load again.' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof salesTerritoriesMachine>;
export const selectTerritories = (s: Snapshot) => s.children.territories as ActorRefFrom<typeof territoriesMachine>;
export const selectReassign = (s: Snapshot) => s.children.reassign as ActorRefFrom<typeof reassignMachine>;
export const selectTerritoryForm = (s: Snapshot) => s.children.territoryForm as ActorRefFrom<typeof territorySaveMachine> | undefined;
export const selectSelected = (s: Snapshot) => s.context.selected;
export const selectRound = (s: Snapshot) => s.context.round;
/** The dialog open: the territory edited, 'new', or null when none is. */
export const selectEditing = (s: Snapshot): Territory | 'new' | null => (s.matches('editing') ? (s.context.editing ?? 'new') : null);

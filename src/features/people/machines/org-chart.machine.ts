/**
 * The org chart screen (/orgchart) once the chart is loaded: what the person searched for, which
 * managers are open in the tree, whom they focused (their chain to the top shows), and an admin's
 * change of a reporting line: the dialog opens on a person with their manager picked, saving sends
 * it, the saved chart replaces the one shown and the dialog closes saying so; a refusal (a loop, a
 * person gone, a lost connection) keeps the dialog open with the server's reason above the field.
 * A large organisation is drawn open level by level (docs/adr/0242): a click on a manager drawn
 * closed draws who reports to them, a click on them again closes them; a person focused has their chain drawn open.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, spawnChild, type SnapshotFrom } from 'xstate';
import type { OrgChart, OrgPerson } from '@contracts/people';
import { notifyActions } from '@/shared/machines/notify';
import { failureOf } from '@/shared/machines/submit.machine';
import { peopleApi } from '../api';
import type { ThumbnailsActor } from '@/shared/machines/thumbnails.machine';
import { chainOf, orgChartFirstOpen, peopleWithPicturesShown } from '../org-tree';
import { orgAvatarsMachine } from './people.machines';

export type OrgChartView = 'chart' | 'list';
export type OrgChartContext = {
  people: OrgPerson[];
  /** The drawn chart or the keyboard tree (the list, first on a phone). */
  view: OrgChartView;
  /** The text typed in "Find a person". */
  search: string;
  /** The managers whose reports show in the tree. */
  expanded: number[];
  /** The managers whose reports are drawn on the chart; null: everyone (an organisation small enough to draw whole). */
  chartOpen: number[] | null;
  /** The person focused (picked in the search, the tree or the chart), or null. */
  focused: number | null;
  /** The person whose manager is being changed, and the manager picked for them (null: nobody). */
  changing: number | null;
  managerId: number | null;
  /** Why the last save was refused, shown in the dialog, or null. */
  error: string | null;
};
export type OrgChartInput = { people: OrgPerson[]; view: OrgChartView };
export type OrgChartEvent =
  | { type: 'org.search'; text: string }
  | { type: 'org.focus'; id: number }
  /** A node clicked on the drawn chart: the person is focused in the list. */
  | { type: 'org.pick'; id: number }
  | { type: 'org.view'; view: OrgChartView }
  | { type: 'org.expand'; ids: number[] }
  | { type: 'org.change.open'; id: number }
  | { type: 'org.change.pick'; managerId: number | null }
  | { type: 'org.change.cancel' }
  | { type: 'org.change.save' };
export type ManagerSave = { personId: number; managerId: number | null };

const FAILED_KEY = 'orgChartManager';
const withChainOpen = (open: readonly number[], people: readonly OrgPerson[], id: number) => [...new Set([...open, ...chainOf(people, id).slice(1).map((p) => p.id)])];
const topOf = (people: readonly OrgPerson[]) => {
  const ids = new Set(people.map((p) => p.id));
  return people.filter((p) => p.managerId === null || !ids.has(p.managerId)).map((p) => p.id);
};

export const orgChartScreenMachine = setup({
  types: { context: {} as OrgChartContext, events: {} as OrgChartEvent, input: {} as OrgChartInput },
  actors: {
    saveManager: fromPromise<OrgChart, ManagerSave>(({ input }) => peopleApi.setManager(input.personId, { managerId: input.managerId })),
    avatars: orgAvatarsMachine,
  },
  actions: {
    ...notifyActions,
    /** The pictures of the people the list shows now (and the focused person's) are fetched, once each. */
    showPictures: enqueueActions(({ context, enqueue }) => {
      const files = peopleWithPicturesShown(context.people, context.expanded, context.focused, context.view === 'list');
      if (files.length) enqueue.sendTo('avatars', { type: 'thumbnails.show', files });
    }),
    focus: assign(({ context, event }) => {
      assertEvent(event, ['org.focus', 'org.pick']);
      if (!context.people.some((p) => p.id === event.id)) return {};
      // Everyone above the person opens, so the person shows in the tree.
      const above = chainOf(context.people, event.id).slice(1).map((p) => p.id);
      return {
        focused: event.id,
        expanded: [...new Set([...context.expanded, ...above])],
        chartOpen: context.chartOpen === null ? null : withChainOpen(context.chartOpen, context.people, event.id),
      };
    }),
    openOnChart: assign(({ context, event }) => {
      assertEvent(event, 'org.pick');
      return { chartOpen: [...(context.chartOpen ?? []), event.id] };
    }),
    // Closed again: the manager and every manager below them, so reopening draws one level; a person focused below them is let go.
    closeOnChart: assign(({ context, event }) => {
      assertEvent(event, 'org.pick');
      const below = (id: number) => chainOf(context.people, id).slice(1).some((p) => p.id === event.id);
      return {
        chartOpen: (context.chartOpen ?? []).filter((id) => id !== event.id && !below(id)),
        focused: context.focused !== null && below(context.focused) ? null : context.focused,
      };
    }),
    // The chart as the server answers it: still drawn open where it was, the changed person's chain too.
    takeSaved: assign(({ context, event }) => {
      const people = (event as unknown as { output: OrgChart }).output.people;
      const first = orgChartFirstOpen(people);
      const chartOpen = first === null ? null : withChainOpen(context.chartOpen ?? first, people, context.changing ?? -1);
      return { people, chartOpen, changing: null, error: null };
    }),
  },
  guards: {
    isClosedOnChart: ({ context, event }) =>
      event.type === 'org.pick' && context.chartOpen !== null && !context.chartOpen.includes(event.id) && context.people.some((p) => p.managerId === event.id),
    isOpenedOnChart: ({ context, event }) =>
      event.type === 'org.pick' && context.chartOpen !== null && context.chartOpen.includes(event.id) && !topOf(context.people).includes(event.id),
    isKnownPerson: ({ context, event }) => event.type === 'org.change.open' && context.people.some((p) => p.id === event.id),
  },
}).createMachine({
  id: 'orgChart',
  description: 'The org chart: search, open managers, focus a person and their chain; an admin changes whom someone reports to.',
  context: ({ input }) => ({ people: input.people, view: input.view, search: '', expanded: topOf(input.people), chartOpen: orgChartFirstOpen(input.people), focused: null, changing: null, managerId: null, error: null }),
  entry: [spawnChild('avatars', { id: 'avatars' }), 'showPictures'],
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The tree (or the drawn chart), the search and the chain of the focused person.',
      on: {
        'org.search': { actions: assign({ search: ({ event }) => event.text }), description: 'Text typed in "Find a person".' },
        'org.focus': { actions: ['focus', 'showPictures'], description: 'A person picked: their chain shows and opens in the tree.' },
        'org.pick': [
          { guard: 'isClosedOnChart', actions: 'openOnChart', description: 'A manager drawn closed clicked on the chart: who reports to them is drawn.' },
          { guard: 'isOpenedOnChart', actions: 'closeOnChart', description: 'A manager drawn open (below the top) clicked again: closed on the chart.' },
          { actions: ['focus', assign({ view: 'list' }), 'showPictures'], description: 'Anyone else clicked on the drawn chart: the list shows with the person focused.' },
        ],
        'org.view': { actions: [assign({ view: ({ event }) => event.view }), 'showPictures'], description: '"Chart" or "List" chosen.' },
        'org.expand': { actions: [assign({ expanded: ({ event }) => event.ids }), 'showPictures'], description: 'A manager opened or closed in the tree.' },
        'org.change.open': {
          guard: 'isKnownPerson',
          target: 'changing',
          actions: assign(({ context, event }) => ({ changing: event.id, managerId: context.people.find((p) => p.id === event.id)!.managerId, error: null })),
          description: 'An admin presses "Reports to…" on a person: the dialog opens with their manager picked.',
        },
      },
    },
    changing: {
      description: 'The "Whom does … report to?" dialog.',
      initial: 'editing',
      on: {
        'org.change.cancel': { target: 'browsing', actions: assign({ changing: null, error: null }), description: 'Cancel, Escape or the close button.' },
      },
      states: {
        editing: {
          description: 'A manager (or nobody) is picked.',
          on: {
            'org.change.pick': { actions: assign({ managerId: ({ event }) => event.managerId }), description: 'Another manager picked.' },
            'org.change.save': { target: 'saving', description: 'Save pressed.' },
          },
        },
        saving: {
          description: 'Saving; the button is busy.',
          tags: ['busy'],
          entry: { type: 'dismissNotice', params: { key: FAILED_KEY } },
          invoke: {
            src: 'saveManager',
            input: ({ context }) => ({ personId: context.changing!, managerId: context.managerId }),
            onDone: {
              target: '#orgChart.browsing',
              actions: [
                'takeSaved',
                'showPictures',
                { type: 'notify', params: { tone: 'success', title: 'Reporting line changed' } },
              ],
              description: 'Saved: the chart as it is now replaces the one shown.',
            },
            onError: {
              target: 'editing',
              actions: [
                assign({ error: ({ event }) => failureOf(event.error, false).error }),
                { type: 'notify', params: { tone: 'error', title: 'The reporting line was not changed', key: FAILED_KEY } },
              ],
              description: 'Refused (a loop, a person gone) or not sent: the reason shows in the dialog, which stays open.',
            },
          },
        },
      },
    },
  },
});

/** The pictures the org chart has fetched (its avatars child). */
export const selectAvatarsOf = (s: SnapshotFrom<typeof orgChartScreenMachine>) => s.children.avatars as ThumbnailsActor | undefined;

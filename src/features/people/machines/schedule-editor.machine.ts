/**
 * The weekly schedule (/weekly-schedule): which team and weeks are shown, the grid loaded for them,
 * and a schedule owner's edits. A cell's "Add shift" (pointer or keyboard) or a shift opens the
 * shift dialog with a draft; Save sends it, and the week is read again; a refusal (a stale version,
 * someone not of the team) keeps the dialog open with the server's words beside the field.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { shiftInputSchema, type Schedule, type Shift, type Team } from '@contracts/people-schedule';
import { notifyActions } from '@/shared/machines/notify';
import { failureOf, problemsOf } from '@/shared/machines/submit.machine';
import { scheduleApi, type ShiftDraft } from '../schedule-api';
import { addDays, localParts, mondayOf } from '../schedule-grid';

export type { ShiftDraft };
export type DraftField = 'staffId' | 'day' | 'start' | 'end';
export type ScheduleEditorContext = {
  teams: Team[];
  teamId: number;
  from: string;
  weeks: number;
  data: Schedule | null;
  loadError: string | null;
  draft: ShiftDraft | null;
  errors: Record<string, string>;
  error: string | null;
};
export type ScheduleEditorInput = { teams: Team[]; teamId?: number; today: string };
export type ScheduleEditorEvent =
  | { type: 'schedule.team'; teamId: number }
  | { type: 'schedule.weeks'; weeks: number }
  | { type: 'schedule.week.previous' }
  | { type: 'schedule.week.next' }
  | { type: 'schedule.retry' }
  /** The rotation or an override changed (the schedule's dialogs): the week is read again. */
  | { type: 'schedule.reload' }
  | { type: 'schedule.shift.new'; staffId: number; day: string }
  | { type: 'schedule.shift.edit'; shiftId: number }
  | { type: 'schedule.draft'; field: DraftField; value: string }
  | { type: 'schedule.save' }
  | { type: 'schedule.remove' }
  | { type: 'schedule.cancel' };

const FAILED_KEY = 'scheduleShift';
const toTeam = (c: ScheduleEditorContext) => c.teams.find((t) => t.id === c.teamId);
/** The draft as the contract checks it (what Save sends). */
const problems = (c: ScheduleEditorContext) => (c.draft ? problemsOf(shiftInputSchema, { teamId: c.teamId, staffId: c.draft.staffId, day: c.draft.day, start: c.draft.start, end: c.draft.end }) : {});

export const scheduleEditorMachine = setup({
  types: { context: {} as ScheduleEditorContext, events: {} as ScheduleEditorEvent, input: {} as ScheduleEditorInput },
  actors: {
    loadWeek: fromPromise<Schedule, { team: number; from: string; weeks: number }>(({ input }) => scheduleApi.week(input)),
    saveShift: fromPromise<Shift, { teamId: number; draft: ShiftDraft }>(({ input }) => scheduleApi.saveShift(input.teamId, input.draft)),
    removeShift: fromPromise<void, { shiftId: number }>(({ input }) => scheduleApi.removeShift(input.shiftId)),
  },
  actions: {
    ...notifyActions,
    openDraft: assign(({ context, event }) => {
      assertEvent(event, ['schedule.shift.new', 'schedule.shift.edit']);
      const zone = context.data!.team.timeZone;
      if (event.type === 'schedule.shift.new') return { draft: { shiftId: null, version: 0, staffId: event.staffId, day: event.day, start: '09:00', end: '17:00' }, errors: {}, error: null };
      const s = context.data!.shifts.find((x) => x.id === event.shiftId)!;
      const start = localParts(s.startsAt, zone);
      return { draft: { shiftId: s.id, version: s.version, staffId: s.staffId, day: start.day, start: start.time, end: localParts(s.endsAt, zone).time }, errors: {}, error: null };
    }),
  },
  guards: {
    canEdit: ({ context }) => Boolean(context.data?.team.canEdit),
    isKnownShift: ({ context, event }) => event.type === 'schedule.shift.edit' && Boolean(context.data?.team.canEdit && context.data.shifts.some((s) => s.id === event.shiftId)),
    isKnownTeam: ({ context, event }) => event.type === 'schedule.team' && context.teams.some((t) => t.id === event.teamId),
    hasProblems: ({ context }) => Object.keys(problems(context)).length > 0,
    isSaved: ({ context }) => context.draft?.shiftId !== null,
  },
}).createMachine({
  id: 'scheduleEditor',
  description: 'The weekly schedule: a team and its weeks, loaded; the owner adds, moves and removes shifts in a dialog.',
  context: ({ input }) => ({
    teams: input.teams,
    // The reader's own team first (one they run, if in several), else one they may edit, else the first.
    teamId: input.teamId ?? (input.teams.find((t) => t.member && t.canEdit) ?? input.teams.find((t) => t.member) ?? input.teams.find((t) => t.canEdit) ?? input.teams[0])?.id ?? 0,
    from: mondayOf(input.today),
    weeks: 1,
    data: null,
    loadError: null,
    draft: null,
    errors: {},
    error: null,
  }),
  initial: 'loading',
  on: {
    'schedule.team': { guard: 'isKnownTeam', target: '.loading', actions: assign({ teamId: ({ event }) => event.teamId, draft: null }), description: 'Another team picked.' },
    'schedule.weeks': { target: '.loading', actions: assign({ weeks: ({ event }) => Math.min(4, Math.max(1, event.weeks)), draft: null }), description: 'One to four weeks shown.' },
    'schedule.week.previous': { target: '.loading', actions: assign({ from: ({ context }) => addDays(context.from, -7), draft: null }), description: 'The week before.' },
    'schedule.reload': { target: '.loading', actions: assign({ draft: null }), description: 'The rotation or an override changed in a dialog: the same week is read again.' },
    'schedule.week.next': { target: '.loading', actions: assign({ from: ({ context }) => addDays(context.from, 7), draft: null }), description: 'The week after.' },
  },
  states: {
    loading: {
      description: 'The grid of the team and weeks is read; skeletons show.',
      tags: ['loading'],
      invoke: {
        src: 'loadWeek',
        input: ({ context }) => ({ team: context.teamId, from: context.from, weeks: context.weeks }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, loadError: null }), description: 'Loaded: the grid shows.' },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => failureOf(event.error, false).error }), description: 'Not loaded: the reason and Retry show.' },
      },
    },
    failed: {
      description: 'The grid could not be read.',
      on: { 'schedule.retry': { target: 'loading', description: 'Retry pressed.' } },
    },
    ready: {
      description: 'The grid of the team and weeks.',
      initial: 'browsing',
      states: {
        browsing: {
          description: 'Reading the grid; an owner may open a cell or a shift.',
          on: {
            'schedule.shift.new': { guard: 'canEdit', target: 'editing', actions: 'openDraft', description: '"Add shift" in a cell (pointer or Enter): a draft for that person and day.' },
            'schedule.shift.edit': { guard: 'isKnownShift', target: 'editing', actions: 'openDraft', description: 'A shift pressed: its draft, at the version read.' },
          },
        },
        editing: {
          description: 'The shift dialog.',
          initial: 'idle',
          on: { 'schedule.cancel': { target: 'browsing', actions: assign({ draft: null, errors: {}, error: null }), description: 'Cancel, Escape or the close button.' } },
          states: {
            idle: {
              description: 'The draft is edited.',
              on: {
                'schedule.draft': {
                  actions: assign(({ context, event }) => ({
                    draft: { ...context.draft!, [event.field]: event.field === 'staffId' ? Number(event.value) : event.value },
                    errors: Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== event.field)),
                  })),
                  description: 'A field of the draft changed; its problem clears.',
                },
                'schedule.save': [
                  { guard: 'hasProblems', actions: assign({ errors: ({ context }) => problems(context) }), description: 'A problem in the draft: shown beside its field, nothing sent.' },
                  { target: 'saving', description: 'Save pressed with a draft the contract takes.' },
                ],
                'schedule.remove': { guard: 'isSaved', target: 'removing', description: 'Remove pressed on a saved shift.' },
              },
            },
            saving: {
              description: 'Saving; the buttons are busy.',
              tags: ['busy'],
              entry: { type: 'dismissNotice', params: { key: FAILED_KEY } },
              invoke: {
                src: 'saveShift',
                input: ({ context }) => ({ teamId: context.teamId, draft: context.draft! }),
                onDone: {
                  target: '#scheduleEditor.loading',
                  actions: [assign({ draft: null, errors: {}, error: null }), { type: 'notify', params: { tone: 'success', title: 'Shift saved' } }],
                  description: 'Saved: the week is read again.',
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ event }) => {
                      const f = failureOf(event.error, true);
                      return { errors: f.fieldErrors, error: f.error };
                    }),
                    { type: 'notify', params: { tone: 'error', title: 'The shift was not saved', key: FAILED_KEY } },
                  ],
                  description: 'Refused or not sent: the reasons show; the dialog stays open with the draft.',
                },
              },
            },
            removing: {
              description: 'Removing the shift.',
              tags: ['busy'],
              invoke: {
                src: 'removeShift',
                input: ({ context }) => ({ shiftId: context.draft!.shiftId! }),
                onDone: { target: '#scheduleEditor.loading', actions: [assign({ draft: null }), { type: 'notify', params: { tone: 'success', title: 'Shift removed' } }], description: 'Removed: the week is read again.' },
                onError: { target: 'idle', actions: assign({ error: ({ event }) => failureOf(event.error, false).error }), description: 'Not removed: the reason shows in the dialog.' },
              },
            },
          },
        },
      },
    },
  },
});

export const selectTeam = (s: { context: ScheduleEditorContext }) => toTeam(s.context);

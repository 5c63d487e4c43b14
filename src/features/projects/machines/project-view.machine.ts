/**
 * A project's page (/project/{id}) as one statechart (docs/adr/0107): it owns the project's query
 * and the two forms of its header, Edit project and Plan sprint, each a child spawned with a
 * `systemId`. It decides which dialog is open; a saved form closes its dialog and the page loads
 * again (an edit that changed nothing sent nothing, and nothing loads again). Edit project starts
 * from the project as it is each time it opens (a fresh form, no message of an earlier attempt);
 * the sprint being planned is kept here, so a cancelled dialog opens again as it was left and a
 * sprint planned leaves an empty name and goal for the next. The view reads the selectors at the
 * end of this file and sends the events below.
 */
import { assertEvent, assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CreateSprintInput, ProjectView, SprintView } from '@contracts/projects';
import { submitChild, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { createSprintMachine, editProjectMachine, projectViewMachine } from './projects.machines';

/** What Edit project says once saved: saved, or that nothing had changed (nothing was sent). */
const EDIT_NOTICES: SubmitNotices<unknown, ProjectView | null> = { saved: (r) => (r === null ? { tone: 'info', title: 'Nothing changed' } : 'Project saved') };
const SPRINT_NOTICES: SubmitNotices<unknown, SprintView> = { saved: (r) => `Sprint ${r.sprint.name} planned` };

/** The sprint as typed in Plan sprint (a day as `YYYY-MM-DD`; none picked is null). */
export type SprintDraft = { name: string; goal: string; start_date: string | null; end_date: string | null };
export type SprintDraftField = keyof SprintDraft;
export const EMPTY_SPRINT: SprintDraft = { name: '', goal: '', start_date: null, end_date: null };

/** What Plan sprint sends for the draft: days not picked are sent empty (the schema names them). */
export const sprintInputOf = (projectId: number, d: SprintDraft): { projectId: number; input: CreateSprintInput } => ({
  projectId,
  input: { name: d.name, goal: d.goal, start_date: d.start_date ?? '', end_date: d.end_date ?? '' },
});

export type ProjectViewContext = {
  projectId: number;
  /** The sprint being planned. */
  sprint: SprintDraft;
};

export type ProjectViewEvent =
  // From the view
  | { type: 'project.edit' }
  | { type: 'sprint.plan' }
  | { type: 'dialog.close' }
  /** A field of Plan sprint changed: its message goes. */
  | { type: 'sprint.set'; field: SprintDraftField; value: string | null }
  /** A field of Plan sprint was left: its own problems show. */
  | { type: 'sprint.blur'; field: SprintDraftField }
  | { type: 'sprint.submit' }
  // From the forms: how each save ended (a refusal shows on its form, which keeps what was typed)
  | { type: 'project.saved'; result: ProjectView | null }
  | ({ type: 'project.refused' } & SubmitFailure)
  | { type: 'sprint.planned'; result: SprintView }
  | ({ type: 'sprint.refused' } & SubmitFailure);

export const projectViewScreenMachine = setup({
  types: { context: {} as ProjectViewContext, events: {} as ProjectViewEvent, input: {} as { projectId: number } },
  actors: {
    project: projectViewMachine,
    editForm: submitChild(editProjectMachine, { saved: 'project.saved', failed: 'project.refused' }),
    sprintForm: submitChild(createSprintMachine, { saved: 'sprint.planned', failed: 'sprint.refused' }),
  },
  actions: {
    reloadProject: sendTo('project', { type: 'query.reload' }),
    /** Edit project opens with a form of its own: no message or answer of an earlier attempt (spawned anew each time, so without a `systemId`). */
    freshEditForm: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('editForm');
      enqueue.spawnChild('editForm', { id: 'editForm', input: { notices: EDIT_NOTICES } });
    }),
    /** Tells Plan sprint's form what the user did, with what it would send now. */
    toSprintForm: enqueueActions(({ context, event, enqueue }) => {
      const input = sprintInputOf(context.projectId, context.sprint);
      if (event.type === 'sprint.submit') enqueue.sendTo('sprintForm', { type: 'form.submit', input });
      if (event.type === 'sprint.blur') enqueue.sendTo('sprintForm', { type: 'form.blur', field: event.field, input });
    }),
    setSprintField: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'sprint.set');
      enqueue.assign({ sprint: { ...context.sprint, [event.field]: event.value } as SprintDraft });
      enqueue.sendTo('sprintForm', { type: 'form.change', field: event.field });
    }),
    /** The next sprint starts with an empty name and goal; its days stay as they were picked. */
    clearSprint: assign({ sprint: ({ context }) => ({ ...context.sprint, name: '', goal: '' }) }),
  },
  guards: {
    /** An edit that changed something (one that changed nothing is answered null, without a call). */
    changedProject: ({ event }) => event.type === 'project.saved' && event.result !== null,
  },
}).createMachine({
  id: 'projectView',
  description: "A project's page: its facts, tasks, tickets, sprints and activity; Edit project and Plan sprint in dialogs, the page loading again after each save.",
  context: ({ input }) => ({ projectId: input.projectId, sprint: EMPTY_SPRINT }),
  entry: [
    spawnChild('project', { id: 'project', systemId: 'projectView.project', input: ({ context }) => ({ query: context.projectId }) }),
    spawnChild('sprintForm', { id: 'sprintForm', systemId: 'projectView.sprintForm', input: { notices: SPRINT_NOTICES } }),
  ],
  on: {
    // A save that ends after its dialog was closed still shows on the page.
    'project.saved': { guard: 'changedProject', actions: 'reloadProject', description: 'Saved after its dialog was closed: the page loads again.' },
    'sprint.planned': { actions: ['reloadProject', 'clearSprint'], description: 'Planned after its dialog was closed: the page loads again; the next sprint starts with an empty name and goal.' },
  },
  initial: 'viewing',
  states: {
    viewing: {
      description: 'The page shows; no dialog is open.',
      on: {
        'project.edit': { target: 'editing', description: 'Edit project opens.' },
        'sprint.plan': { target: 'planning', description: 'Plan sprint opens, as it was left.' },
      },
    },
    editing: {
      description: "Edit project is open on the project's fields; only what changed is sent.",
      entry: 'freshEditForm',
      on: {
        'dialog.close': { target: 'viewing', description: 'Cancel, Escape or a click outside: the dialog closes, nothing is saved.' },
        'project.saved': [
          { guard: 'changedProject', target: 'viewing', actions: 'reloadProject', description: 'Saved: the dialog closes and the page loads again.' },
          { target: 'viewing', description: 'Nothing had changed: the dialog closes; nothing was sent.' },
        ],
      },
    },
    planning: {
      description: 'Plan sprint is open: a name, a goal and its days.',
      on: {
        'dialog.close': { target: 'viewing', description: 'Cancel, Escape or a click outside: the dialog closes and keeps what was typed.' },
        'sprint.set': { actions: 'setSprintField', description: 'A field changed: its message goes.' },
        'sprint.blur': { actions: 'toSprintForm', description: 'A field left: its own problems show.' },
        'sprint.submit': { actions: 'toSprintForm', description: 'The form checks the sprint and sends it.' },
        'sprint.planned': { target: 'viewing', actions: ['reloadProject', 'clearSprint'], description: 'Planned: the dialog closes, the page loads again, and the next sprint starts with an empty name and goal.' },
      },
    },
  },
});

// Selectors: what the view reads.
export type ProjectViewScreenActor = ActorRefFrom<typeof projectViewScreenMachine>;
type S = SnapshotFrom<typeof projectViewScreenMachine>;
/** The dialog open over the page, if any. */
export const selectDialog = (s: S): 'edit' | 'sprint' | null => (s.matches('editing') ? 'edit' : s.matches('planning') ? 'sprint' : null);
export const selectSprintDraft = (s: S) => s.context.sprint;
export const selectProjectQuery = (s: S) => s.children.project as ActorRefFrom<typeof projectViewMachine> | undefined;
/** Edit project's form: there once the dialog was first opened. */
export const selectEditForm = (s: S) => s.children.editForm as ActorRefFrom<typeof editProjectMachine> | undefined;
export const selectSprintForm = (s: S) => s.children.sprintForm as ActorRefFrom<typeof createSprintMachine> | undefined;

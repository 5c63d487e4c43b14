/**
 * Create Project (/create/project): the save is the one form machine (`form`, a `submitChild`
 * checked against the endpoint's body schema, so its words show beside each field). What is typed
 * stays in the view, which sends the form's events here; once the project is created, or on Cancel,
 * the machine asks the view to open the next page (`createProject.navigate`) and sends nothing more.
 */
import { assertEvent, emit, forwardTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CreateProjectInput, ProjectView } from '@contracts/projects';
import { submitChild, type SubmitEvent, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { createProjectMachine } from './projects.machines';

const NOTICES: SubmitNotices<CreateProjectInput, ProjectView> = { saved: () => 'Project created' };

export type CreateProjectScreenEvent =
  /** What the user does in the form (send, leave a field, change one), for the form child. */
  | Exclude<SubmitEvent<CreateProjectInput>, { type: 'form.reset' }>
  | { type: 'form.cancel' }
  /** What the form child tells: created, or refused (the form shows why and keeps what was typed; nothing more to do here). */
  | { type: 'project.created'; result: ProjectView }
  | ({ type: 'project.refused' } & SubmitFailure);
/** What the view does for the machine: open another page. */
export type CreateProjectScreenEmitted = { type: 'createProject.navigate'; to: string };

export const createProjectScreenMachine = setup({
  types: { events: {} as CreateProjectScreenEvent, emitted: {} as CreateProjectScreenEmitted },
  actors: { form: submitChild(createProjectMachine, { saved: 'project.created', failed: 'project.refused' }) },
  actions: {
    toForm: forwardTo('form'),
    openProject: emit(({ event }) => {
      assertEvent(event, 'project.created');
      return { type: 'createProject.navigate' as const, to: `/project/${event.result.project.id}` };
    }),
    goBack: emit({ type: 'createProject.navigate' as const, to: '/project/search' }),
  },
}).createMachine({
  id: 'createProjectScreen',
  description: 'Create Project: the save and the page it opens (the new project, or the project search on Cancel).',
  entry: spawnChild('form', { id: 'form', systemId: 'createProject.form', input: { notices: NOTICES } }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is filled in; each save the form refuses or the server turns down leaves it here with what was typed.',
      on: {
        'form.submit': { actions: 'toForm', description: 'The form checks what would be sent and sends it.' },
        'form.blur': { actions: 'toForm', description: 'A field left: the form shows its own problems.' },
        'form.change': { actions: 'toForm', description: 'A field changed: the form forgets its message.' },
        'form.cancel': { target: 'left', actions: 'goBack', description: 'Cancel: back to the project search.' },
        'project.created': { target: 'left', actions: 'openProject', description: 'Created: the new project opens.' },
      },
    },
    left: { description: 'The screen asked to open another page; the form sends nothing more.' },
  },
});

// Selectors: what the view reads.
export type CreateProjectScreenActor = ActorRefFrom<typeof createProjectScreenMachine>;
type S = SnapshotFrom<typeof createProjectScreenMachine>;
export const selectForm = (s: S) => s.children.form as ActorRefFrom<typeof createProjectMachine> | undefined;

/** A project's page machine on its own: which dialog is open, and what follows each save (the dialog closes, the page loads again, the next sprint starts empty). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { computeBurndown, type ProjectView, type SprintView, type UpdateProjectInput } from '@contracts/projects';
import { projectViewScreenMachine, selectDialog, selectEditForm, selectSprintForm } from '@/features/projects/machines/project-view.machine';
import { createSprintMachine, editProjectMachine, projectViewMachine } from '@/features/projects/machines/projects.machines';
import { ApiError } from '@/shared/http/http';
import { submitChild } from '@/shared/machines/submit.machine';
import { controllable, flush } from '@tests/support/controllable';
import { recordMachineNotices } from '@tests/support/notices';

const { notices, started } = recordMachineNotices();

const VIEW = { project: { id: 5, name: 'Meter rollout' }, tasks: [], tickets: [], sprints: [], activity: [] } as unknown as ProjectView;
const sprintView = (name: string): SprintView =>
  ({
    sprint: { id: 9, project_id: 5, name },
    tasks: [],
    burndown: computeBurndown({ start_date: '2026-01-05', end_date: '2026-01-09', committed: 0, events: [], until: '2026-01-09T17:00:00Z' }),
    next_sprints: [],
  }) as unknown as SprintView;

/** The page's machine with its query counting loads and both forms' calls settled by the test. */
function start() {
  const loads: number[] = [];
  const edits = controllable<ProjectView | null, { id: number; input: UpdateProjectInput }>('edit');
  const plans = controllable<SprintView, unknown>('plan');
  const machine = projectViewScreenMachine.provide({
    actors: {
      project: projectViewMachine.provide({ actors: { load: fromPromise(async ({ input }) => (loads.push(input as number), VIEW)) } }),
      editForm: submitChild(editProjectMachine.provide({ actors: { submit: edits.logic as never } }), { saved: 'project.saved', failed: 'project.refused' }),
      sprintForm: submitChild(createSprintMachine.provide({ actors: { submit: plans.logic as never } }), { saved: 'sprint.planned', failed: 'sprint.refused' }),
    },
  });
  const actor = createActor(machine, { input: { projectId: 5 } });
  actor.start();
  started.push(actor);
  const dialog = () => selectDialog(actor.getSnapshot());
  const editForm = () => selectEditForm(actor.getSnapshot())!;
  const sprintErrors = () => selectSprintForm(actor.getSnapshot())!.getSnapshot().context.fieldErrors;
  return { actor, loads, edits, plans, dialog, editForm, sprintErrors };
}

/** Fills in Plan sprint as a person would. */
function typeSprint(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'sprint.set', field: 'name', value: 'Sprint 1' });
  actor.send({ type: 'sprint.set', field: 'goal', value: 'Meters in' });
  actor.send({ type: 'sprint.set', field: 'start_date', value: '2026-01-05' });
  actor.send({ type: 'sprint.set', field: 'end_date', value: '2026-01-09' });
}

describe('the project page machine', () => {
  it('loads the project of the address once', async () => {
    const { loads, dialog } = start();
    await flush();
    expect(loads).toEqual([5]);
    expect(dialog()).toBeNull();
  });

  it('Edit project saved: the dialog closes, the page loads again and says so', async () => {
    const { actor, loads, edits, dialog, editForm } = start();
    await flush();
    actor.send({ type: 'project.edit' });
    expect(dialog()).toBe('edit');
    editForm().send({ type: 'form.submit', input: { id: 5, input: { name: 'Meter rollout, phase 2' } } });
    expect(edits.calls[0]!.input).toEqual({ id: 5, input: { name: 'Meter rollout, phase 2' } });
    edits.resolve(VIEW);
    await flush();
    expect(dialog()).toBeNull();
    expect(loads).toEqual([5, 5]);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Project saved' }]);
  });

  it('Edit project with nothing changed closes and loads nothing again', async () => {
    const { actor, loads, edits, dialog, editForm } = start();
    await flush();
    actor.send({ type: 'project.edit' });
    editForm().send({ type: 'form.submit', input: { id: 5, input: {} } });
    edits.resolve(null);
    await flush();
    expect(dialog()).toBeNull();
    expect(loads).toEqual([5]);
    expect(notices.notices).toEqual([{ tone: 'info', title: 'Nothing changed' }]);
  });

  it('a refused edit keeps the dialog open with its reason; opened again, the form starts afresh', async () => {
    const { actor, loads, edits, dialog, editForm } = start();
    await flush();
    actor.send({ type: 'project.edit' });
    const first = editForm();
    first.send({ type: 'form.submit', input: { id: 5, input: { name: 'Duplicate' } } });
    edits.reject(new ApiError(400, 'invalid_input', 'Check the fields', { name: 'Name is already used by another project' }));
    await flush();
    expect(dialog()).toBe('edit');
    expect(first.getSnapshot().context.fieldErrors).toEqual({ name: 'Name is already used by another project' });
    actor.send({ type: 'dialog.close' });
    expect(dialog()).toBeNull();
    actor.send({ type: 'project.edit' });
    expect(editForm()).not.toBe(first);
    expect(editForm().getSnapshot().context.fieldErrors).toEqual({});
    expect(loads).toEqual([5]);
  });

  it('an edit saved after its dialog was closed still loads the page again', async () => {
    const { actor, loads, edits, dialog, editForm } = start();
    await flush();
    actor.send({ type: 'project.edit' });
    editForm().send({ type: 'form.submit', input: { id: 5, input: { budget_hours: 60 } } });
    actor.send({ type: 'dialog.close' });
    edits.resolve(VIEW);
    await flush();
    expect(dialog()).toBeNull();
    expect(loads).toEqual([5, 5]);
  });

  it('Plan sprint sends what was typed; once planned the dialog closes, the page loads again, and the next sprint starts with an empty name and goal', async () => {
    const { actor, loads, plans, dialog } = start();
    await flush();
    actor.send({ type: 'sprint.plan' });
    expect(dialog()).toBe('sprint');
    typeSprint(actor);
    actor.send({ type: 'sprint.submit' });
    expect(plans.calls[0]!.input).toEqual({ projectId: 5, input: { name: 'Sprint 1', goal: 'Meters in', start_date: '2026-01-05', end_date: '2026-01-09' } });
    plans.resolve(sprintView('Sprint 1'));
    await flush();
    expect(dialog()).toBeNull();
    expect(loads).toEqual([5, 5]);
    expect(actor.getSnapshot().context.sprint).toEqual({ name: '', goal: '', start_date: '2026-01-05', end_date: '2026-01-09' });
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Sprint Sprint 1 planned' }]);
  });

  it('an empty sprint is refused by its fields and nothing is sent; Cancel keeps what was typed', async () => {
    const { actor, plans, dialog, sprintErrors } = start();
    await flush();
    actor.send({ type: 'sprint.plan' });
    actor.send({ type: 'sprint.submit' });
    expect(plans.calls).toEqual([]);
    expect(sprintErrors()).toMatchObject({ name: 'Give the sprint a name', start_date: 'Pick the day the sprint starts', end_date: 'Pick the day the sprint ends' });
    actor.send({ type: 'sprint.set', field: 'name', value: 'Sprint 2' });
    expect(sprintErrors().name).toBeUndefined();
    actor.send({ type: 'sprint.blur', field: 'name' });
    expect(sprintErrors().name).toBeUndefined();
    actor.send({ type: 'dialog.close' });
    expect(dialog()).toBeNull();
    actor.send({ type: 'sprint.plan' });
    expect(actor.getSnapshot().context.sprint.name).toBe('Sprint 2');
    expect(dialog()).toBe('sprint');
  });

  it('a sprint planned after its dialog was closed still loads the page again and clears the name and goal', async () => {
    const { actor, loads, plans, dialog } = start();
    await flush();
    actor.send({ type: 'sprint.plan' });
    typeSprint(actor);
    actor.send({ type: 'sprint.submit' });
    actor.send({ type: 'dialog.close' });
    plans.resolve(sprintView('Sprint 1'));
    await flush();
    expect(dialog()).toBeNull();
    expect(loads).toEqual([5, 5]);
    expect(actor.getSnapshot().context.sprint).toMatchObject({ name: '', goal: '' });
  });
});

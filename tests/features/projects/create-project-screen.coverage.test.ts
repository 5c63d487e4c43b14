/** Create Project's screen machine: the form's events go to its form child; the page it opens once created, or on Cancel. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CreateProjectInput, ProjectView } from '@contracts/projects';
import { machineRegistry } from '@/app/machine-registry';
import { createProjectScreenMachine, selectForm } from '@/features/projects/machines/create-project.machine';
import type { CreatePageEmitted } from '@/shared/machines/create-page.machine';
import { createProjectMachine } from '@/features/projects/machines/projects.machines';
import { ApiError } from '@/shared/http/http';
import { submitChild } from '@/shared/machines/submit.machine';
import { controllable, flush } from '@tests/support/controllable';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { recordMachineNotices } from '@tests/support/notices';

const { notices, started } = recordMachineNotices();

const created = (id: number) => ({ project: { id, name: 'Meter rollout' }, tasks: [], tickets: [], sprints: [], activity: [] }) as unknown as ProjectView;
const INPUT: CreateProjectInput = { name: 'Meter rollout', company_id: 7, owner_id: 12, status: 'planned' };

function start() {
  const submit = controllable<ProjectView, CreateProjectInput>('submit');
  const machine = createProjectScreenMachine.provide({
    actors: { form: submitChild(createProjectMachine.provide({ actors: { submit: submit.logic as never } }), { saved: 'record.created', failed: 'record.refused' }) },
  });
  const actor = createActor(machine);
  const opened: string[] = [];
  actor.on('page.navigate', (e: CreatePageEmitted) => opened.push(e.to));
  actor.start();
  started.push(actor);
  const formErrors = () => selectForm(actor.getSnapshot())!.getSnapshot().context.fieldErrors;
  return { actor, submit, opened, formErrors };
}

describe('Create Project screen machine', () => {
  it('refuses an empty form by its fields and sends nothing; a field changed loses its message', () => {
    const { actor, submit, opened, formErrors } = start();
    actor.send({ type: 'form.submit', input: { name: '', company_id: undefined as unknown as number, owner_id: 12 } });
    expect(formErrors()).toMatchObject({ name: 'Give the project a name' });
    expect(submit.calls).toEqual([]);
    actor.send({ type: 'form.change', field: 'name' });
    expect(formErrors().name).toBeUndefined();
    actor.send({ type: 'form.blur', field: 'name', input: { name: '', company_id: 7, owner_id: 12 } });
    expect(formErrors().name).toBe('Give the project a name');
    expect(opened).toEqual([]);
  });

  it('sends the project, says it was created and opens it', async () => {
    const { actor, submit, opened } = start();
    actor.send({ type: 'form.submit', input: INPUT });
    expect(submit.calls[0]!.input).toEqual(INPUT);
    submit.resolve(created(41));
    await flush();
    expect(opened).toEqual(['/project/41']);
    expect(actor.getSnapshot().matches('left')).toBe(true);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Project created' }]);
    // Once the page was asked to change, the form sends nothing more (a second press creates no second project).
    actor.send({ type: 'form.submit', input: INPUT });
    expect(submit.calls).toEqual([]);
  });

  it('a refused save stays on the form and opens nothing', async () => {
    const { actor, submit, opened, formErrors } = start();
    actor.send({ type: 'form.submit', input: INPUT });
    submit.reject(new ApiError(400, 'invalid_input', 'Check the fields', { company_id: 'No such company' }));
    await flush();
    expect(formErrors()).toEqual({ company_id: 'No such company' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(opened).toEqual([]);
  });

  it('Cancel goes back to the project search', () => {
    const { actor, opened } = start();
    actor.send({ type: 'form.cancel' });
    expect(opened).toEqual(['/project/search']);
  });
});

describeMachinePaths(machineRegistry.find((m) => m.id === 'create-project-screen')!, {
  events: [
    { type: 'form.submit', input: INPUT },
    { type: 'form.blur', field: 'name', input: INPUT },
    { type: 'form.change', field: 'name' },
    { type: 'form.cancel' },
    { type: 'record.created', result: created(41) },
  ],
  check: (snapshot) => {
    expect(snapshot.children.form).toBeDefined();
  },
});

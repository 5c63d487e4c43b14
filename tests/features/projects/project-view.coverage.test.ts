import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ProjectView, SprintView } from '@contracts/projects';
import { machineRegistry } from '@/app/machine-registry';
import type { ProjectViewContext } from '@/features/projects/machines/project-view.machine';
import { describeMachinePaths, recordCoverage } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'project-view')!;
const view = { project: { id: 5, name: 'Meter rollout' }, tasks: [], tickets: [], sprints: [], activity: [] } as unknown as ProjectView;
const sprint = { sprint: { id: 9, name: 'Sprint 1' }, tasks: [], burndown: {}, next_sprints: [] } as unknown as SprintView;

// The generated paths name a step by its event type, so of two `project.saved` leading to the same
// state only the first is replayed: the edit that changed nothing is replayed here.
describe('project-view: an edit that changed nothing', () => {
  it('closes the dialog, and the page does not load again', () => {
    const reloads: string[] = [];
    const project = createMachine({ on: { 'query.reload': { actions: () => reloads.push('project') } } });
    const silent = entry.machine.provide({ actors: { project: project as never, editForm: createMachine({}) as never, sprintForm: createMachine({}) as never } });
    const actor = createActor(silent, { input: { projectId: 5 } });
    recordCoverage(actor);
    actor.start();
    actor.send({ type: 'project.edit' });
    actor.send({ type: 'project.saved', result: null });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(reloads).toEqual([]);
    actor.stop();
  });
});

describeMachinePaths(entry, {
  inputs: { 'a project': () => ({ projectId: 5 }) },
  events: [
    { type: 'project.edit' },
    { type: 'sprint.plan' },
    { type: 'dialog.close' },
    { type: 'sprint.set', field: 'name', value: 'Sprint 1' },
    { type: 'sprint.set', field: 'start_date', value: '2026-01-05' },
    { type: 'sprint.blur', field: 'name' },
    { type: 'sprint.submit' },
    { type: 'project.saved', result: view },
    { type: 'project.saved', result: null },
    { type: 'sprint.planned', result: sprint },
  ],
  check: (snapshot) => {
    const c = snapshot.context as ProjectViewContext;
    expect(c.projectId).toBe(5);
    // The query and Plan sprint's form live as long as the page; Edit project's form once its dialog opened.
    const children = snapshot.children;
    expect(children.project).toBeDefined();
    expect(children.sprintForm).toBeDefined();
    if (snapshot.matches('editing')) expect(children.editForm).toBeDefined();
  },
});

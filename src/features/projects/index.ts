/** Projects, their kanban boards and sprints, for staff. */
import { lazy } from 'react';
import { OPEN_PROJECT_STATUSES } from '@contracts/projects';
import { projectsApi } from './api';
import { cardMoveMachine } from './machines/card-move.machine';
import { createProjectScreenMachine } from './machines/create-project.machine';
import { kanbanBoardMachine } from './machines/kanban-board.machine';
import { projectViewScreenMachine } from './machines/project-view.machine';
import { sprintLifecycleMachine } from './machines/sprint-lifecycle.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  { id: 'kanban-board', machine: kanbanBoardMachine, description: 'The kanban board screen: its query, mover and forms as children, filters, progressive columns, focus after a move, notices.' },
  { id: 'card-move', machine: cardMoveMachine, description: 'A kanban card move: shown at once, settled by the server or rolled back with its reason.' },
  { id: 'sprint-lifecycle', machine: sprintLifecycleMachine, description: "A sprint from planned to active to closed, with the close dialog for unfinished work; the sprint's query loads again after each step." },
  { id: 'project-view', machine: projectViewScreenMachine, description: "A project's page: its query and the Edit project and Plan sprint forms as children; the open dialog, closed and the page loaded again once saved." },
  { id: 'create-project-screen', machine: createProjectScreenMachine, description: 'Create Project: the save and the page it opens (the new project, or the project search on Cancel).' },
];

/** The company view's Projects section (the company page lists the company's projects). */
export const CompanyProjectsSection = lazy(() => import('./screens/CompanyProjectsSection'));


/**
 * Open projects (planned, active, on hold) matching what was typed, by name, company or owner, for
 * another feature's picker (the timesheet's Add row): the first 20, labelled "Project · Company".
 */
export async function searchOpenProjects(text: string): Promise<{ id: number; name: string; company: string; label: string }[]> {
  const page = await projectsApi.search({ q: text, size: '50', sort: 'name' });
  return page.rows
    .filter((p) => OPEN_PROJECT_STATUSES.includes(p.status))
    .slice(0, 20)
    .map((p) => ({ id: p.id, name: p.name, company: p.company_name, label: `${p.name} · ${p.company_name}` }));
}

/** Projects: the query and form machines of the screens, and the server-mode project table. */
import { PROJECTS, type Board, type CreateProjectInput, type CreateSprintInput, type CreateTaskInput, type ProjectStats, type ProjectView, type SprintRow, type SprintView, type Task as Task, type UpdateProjectInput, type UpdateTaskInput } from '@contracts/projects';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine, type FormSchema } from '@/shared/machines/submit.machine';
import { createSearchTableMachine, type SearchTableSpec } from '@/shared/machines/table/search-table';
import { projectsApi } from '../api';

export const createProjectMachine = createSubmitMachine<CreateProjectInput, ProjectView>('createProject', (i) => projectsApi.create(i), { schema: PROJECTS.create.body });
export const projectViewMachine = createQueryMachine('projectView', (id: number): Promise<ProjectView> => projectsApi.view(id));
/** The board's data (project, cards, sprints, people); the query is the project id. */
export const boardMachine = createQueryMachine('board', (id: number): Promise<Board> => projectsApi.board(id));
export const sprintViewMachine = createQueryMachine('sprintView', (id: number): Promise<SprintView> => projectsApi.sprint(id));
export const sprintListMachine = createQueryMachine('sprintList', (params: Record<string, string>): Promise<{ sprints: SprintRow[] }> => projectsApi.sprints(params));
export const projectStatsMachine = createQueryMachine('projectStats', (): Promise<ProjectStats> => projectsApi.stats());

export const addTaskMachine = createSubmitMachine<{ projectId: number; input: CreateTaskInput }, Task>('addTask', (a) => projectsApi.addTask(a.projectId, a.input));
export const updateTaskMachine = createSubmitMachine<{ id: number; input: UpdateTaskInput }, Task>('updateTask', (a) => projectsApi.updateTask(a.id, a.input));
/** Deletes a card (the input is its id). */
export const deleteTaskMachine = createSubmitMachine<number, { ok: true }>('deleteTask', (id) => projectsApi.deleteTask(id));
export const updateProjectMachine = createSubmitMachine<{ id: number; input: UpdateProjectInput }, ProjectView>('updateProject', (a) => projectsApi.update(a.id, a.input));
/**
 * What Edit project checks before it sends: the changed fields against the endpoint's body schema
 * (nothing changed is no problem: the save answers "Nothing changed" without sending).
 */
const editProjectSchema: FormSchema = {
  safeParse: (value) => {
    const { input } = value as { input: UpdateProjectInput };
    return Object.keys(input).length === 0 ? { success: true } : PROJECTS.update.body.safeParse(input);
  },
};
/** The Edit project dialog's save: only the fields that changed are sent; with none, nothing is sent (answered null). */
export const editProjectMachine = createSubmitMachine<{ id: number; input: UpdateProjectInput }, ProjectView | null>(
  'editProject',
  (a) => (Object.keys(a.input).length === 0 ? Promise.resolve(null) : projectsApi.update(a.id, a.input)),
  { schema: editProjectSchema },
);
/** Plan sprint checks the sprint against the endpoint's body schema before it sends. */
const sprintSchema: FormSchema = { safeParse: (value) => PROJECTS.createSprint.body.safeParse((value as { input: CreateSprintInput }).input) };
export const createSprintMachine = createSubmitMachine<{ projectId: number; input: CreateSprintInput }, SprintView>('createSprint', (a) => projectsApi.createSprint(a.projectId, a.input), { schema: sprintSchema });

/** Every project: search by name, company or owner; status filter; overdue and over-budget drill-downs. */
export const PROJECT_TABLE: SearchTableSpec = {
  search: (p) => projectsApi.search(p),
  filters: { status: 'status' },
  pageSizeMax: 100,
};
export const projectTableMachine = (extra: Record<string, string> = {}) => createSearchTableMachine(PROJECT_TABLE, extra);

/** Staff (owners, assignees) and companies matching a text, for the pickers. */
export const projectOptionsMachine = createQueryMachine('projectOptions', (q: string) => projectsApi.options(q));

/** Service calls of projects, their boards and sprints. */
import {
  PROJECTS,
  type CloseSprintInput,
  type CreateProjectInput,
  type CreateSprintInput,
  type CreateTaskInput,
  type MoveTaskInput,
  type ProjectSearchQuery,
  type SprintListQuery,
  type UpdateProjectInput,
  type UpdateTaskInput,
} from '@contracts/projects';
import { call, type QueryParams } from '@/shared/http/http';

export const projectsApi = {
  /** The search table's query string as it stands; the server checks each parameter and names a bad one. */
  search: (params: QueryParams) => call(PROJECTS.search, { query: params as ProjectSearchQuery }),
  options: (q = '') => call(PROJECTS.options, { query: q ? { q } : {} }),
  stats: () => call(PROJECTS.stats),
  create: (input: CreateProjectInput) => call(PROJECTS.create, { body: input }),
  view: (id: number) => call(PROJECTS.view, { params: { id } }),
  update: (id: number, input: UpdateProjectInput) => call(PROJECTS.update, { params: { id }, body: input }),
  board: (id: number) => call(PROJECTS.board, { params: { id } }),
  addTask: (projectId: number, input: CreateTaskInput) => call(PROJECTS.addTask, { params: { id: projectId }, body: input }),
  updateTask: (id: number, input: UpdateTaskInput) => call(PROJECTS.updateTask, { params: { id }, body: input }),
  deleteTask: (id: number) => call(PROJECTS.deleteTask, { params: { id } }),
  moveTask: (id: number, input: MoveTaskInput) => call(PROJECTS.moveTask, { params: { id }, body: input }),
  sprints: (params: QueryParams = {}) => call(PROJECTS.sprints, { query: params as SprintListQuery }),
  createSprint: (projectId: number, input: CreateSprintInput) => call(PROJECTS.createSprint, { params: { id: projectId }, body: input }),
  sprint: (id: number) => call(PROJECTS.sprint, { params: { id } }),
  startSprint: (id: number) => call(PROJECTS.startSprint, { params: { id } }),
  closeSprint: (id: number, input: CloseSprintInput) => call(PROJECTS.closeSprint, { params: { id }, body: input }),
};

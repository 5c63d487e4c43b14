/** Service calls of projects, their boards and sprints. */
import type { Paged } from '@contracts/companies';
import type {
  Board,
  CloseSprintInput,
  CreateProjectInput,
  CreateSprintInput,
  CreateTaskInput,
  MoveTaskInput,
  ProjectOptions,
  ProjectRow,
  ProjectStats,
  ProjectView,
  SprintRow,
  SprintView,
  TaskCard,
  UpdateProjectInput,
  UpdateTaskInput,
} from '@contracts/projects';
import { dataOf, http, type QueryParams } from '@/shared/http/http';

export const projectsApi = {
  search: (params: QueryParams): Promise<Paged<ProjectRow>> => dataOf(http.get<Paged<ProjectRow>>('/api/v2/projects', { params })),
  options: (q = ''): Promise<ProjectOptions> => dataOf(http.get<ProjectOptions>('/api/v2/projects/options', { params: q ? { q } : {} })),
  stats: (): Promise<ProjectStats> => dataOf(http.get<ProjectStats>('/api/v2/projects/stats')),
  create: (input: CreateProjectInput): Promise<ProjectView> => dataOf(http.post<ProjectView>('/api/v2/projects', input)),
  view: (id: number): Promise<ProjectView> => dataOf(http.get<ProjectView>(`/api/v2/projects/${id}`)),
  update: (id: number, input: UpdateProjectInput): Promise<ProjectView> => dataOf(http.patch<ProjectView>(`/api/v2/projects/${id}`, input)),
  board: (id: number): Promise<Board> => dataOf(http.get<Board>(`/api/v2/projects/${id}/board`)),
  addTask: (projectId: number, input: CreateTaskInput): Promise<TaskCard> => dataOf(http.post<TaskCard>(`/api/v2/projects/${projectId}/tasks`, input)),
  updateTask: (id: number, input: UpdateTaskInput): Promise<TaskCard> => dataOf(http.patch<TaskCard>(`/api/v2/tasks/${id}`, input)),
  deleteTask: (id: number): Promise<{ ok: true }> => dataOf(http.delete<{ ok: true }>(`/api/v2/tasks/${id}`)),
  moveTask: (id: number, input: MoveTaskInput): Promise<TaskCard> => dataOf(http.post<TaskCard>(`/api/v2/tasks/${id}/move`, input)),
  sprints: (params: QueryParams = {}): Promise<{ sprints: SprintRow[] }> => dataOf(http.get<{ sprints: SprintRow[] }>('/api/v2/sprints', { params })),
  createSprint: (projectId: number, input: CreateSprintInput): Promise<SprintView> => dataOf(http.post<SprintView>(`/api/v2/projects/${projectId}/sprints`, input)),
  sprint: (id: number): Promise<SprintView> => dataOf(http.get<SprintView>(`/api/v2/sprints/${id}`)),
  startSprint: (id: number): Promise<SprintView> => dataOf(http.post<SprintView>(`/api/v2/sprints/${id}/start`)),
  closeSprint: (id: number, input: CloseSprintInput): Promise<SprintView> => dataOf(http.post<SprintView>(`/api/v2/sprints/${id}/close`, input)),
};

import type { Pool } from 'pg';
import { PROJECTS } from '@contracts/projects';
import { endpointRows, staffOnly, type MatrixIds } from '@tests/support/authz';

/** A project with a task and a planned sprint, made for the matrix so the rows touch nothing else. */
export async function prepare(pool: Pool): Promise<Record<string, number>> {
  const { rows: owner } = await pool.query<{ id: number }>("SELECT id FROM staff_users WHERE email = 'agent@demo.test'");
  const { rows: project } = await pool.query<{ id: number }>(
    "INSERT INTO projects (name, company_id, owner_id) VALUES ('Matrix project', 1, $1) RETURNING id",
    [owner[0]!.id],
  );
  const projectId = project[0]!.id;
  const { rows: task } = await pool.query<{ id: number }>("INSERT INTO tasks (project_id, title, rank) VALUES ($1, 'Matrix task', 'V') RETURNING id", [projectId]);
  const { rows: sprint } = await pool.query<{ id: number }>(
    "INSERT INTO sprints (project_id, name, start_date, end_date) VALUES ($1, 'Matrix sprint', '2026-01-05', '2026-01-16') RETURNING id",
    [projectId],
  );
  return { matrixProject: projectId, matrixTask: task[0]!.id, matrixSprint: sprint[0]!.id };
}

/** Projects, boards and sprints: staff of every role; clients and anonymous callers see nothing of them. */
export const ROWS = endpointRows([
  [PROJECTS.search, { url: '/api/v2/projects?q=matrix', expect: staffOnly() }],
  [PROJECTS.options, { url: '/api/v2/projects/options?q=a', expect: staffOnly() }],
  [PROJECTS.stats, { expect: staffOnly() }],
  [PROJECTS.create, { body: ({ self }: MatrixIds) => ({ name: 'Matrix created', company_id: 1, owner_id: self }), expect: staffOnly(201) }],
  [PROJECTS.view, { url: ({ extra }: MatrixIds) => `/api/v2/projects/${extra.matrixProject}`, expect: staffOnly() }],
  [PROJECTS.update, { url: ({ extra }: MatrixIds) => `/api/v2/projects/${extra.matrixProject}`, body: { budget_hours: 40 }, expect: staffOnly() }],
  [PROJECTS.board, { url: ({ extra }: MatrixIds) => `/api/v2/projects/${extra.matrixProject}/board`, expect: staffOnly() }],
  [PROJECTS.addTask, { url: ({ extra }: MatrixIds) => `/api/v2/projects/${extra.matrixProject}/tasks`, body: { title: 'Matrix card' }, expect: staffOnly(201) }],
  [PROJECTS.updateTask, { url: ({ extra }: MatrixIds) => `/api/v2/tasks/${extra.matrixTask}`, body: { estimate: 3 }, expect: staffOnly() }],
  [PROJECTS.moveTask, { url: ({ extra }: MatrixIds) => `/api/v2/tasks/${extra.matrixTask}/move`, body: { column: 'todo' }, expect: staffOnly() }],
  [PROJECTS.deleteTask, { url: '/api/v2/tasks/999999', expect: staffOnly(404) }],
  [PROJECTS.sprints, { url: '/api/v2/sprints?status=planned', expect: staffOnly() }],
  [
    PROJECTS.createSprint,
    {
      url: ({ extra }: MatrixIds) => `/api/v2/projects/${extra.matrixProject}/sprints`,
      body: { name: 'Matrix sprint 2', start_date: '2026-02-02', end_date: '2026-02-13' },
      expect: staffOnly(201),
    },
  ],
  [PROJECTS.sprint, { url: ({ extra }: MatrixIds) => `/api/v2/sprints/${extra.matrixSprint}`, expect: staffOnly() }],
  // Starting and closing are checked on a sprint that does not exist, so no row changes what another sees.
  [PROJECTS.startSprint, { url: '/api/v2/sprints/999999/start', expect: staffOnly(404) }],
  [PROJECTS.closeSprint, { url: '/api/v2/sprints/999999/close', body: { unfinished: 'backlog' }, expect: staffOnly(404) }],
]);

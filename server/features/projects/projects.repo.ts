/** Projects, their tasks (the kanban board's items) and sprints: the SQL, with typed rows. */
import type { z } from 'zod';
import type { Paged } from '@contracts/companies';
import {
  BOARD_COLUMN_LABELS,
  BOARD_COLUMNS,
  computeBurndown,
  OPEN_PROJECT_STATUSES,
  PROJECT_LIMITS,
  PROJECT_STATUSES,
  RANK_RENUMBER_LENGTH,
  rankBetween,
  spreadRanks,
  wipLimitsOf,
  type ActivityEntry,
  type Board,
  type BoardColumn,
  type BurndownFigures,
  type closeSprintSchema,
  type createProjectSchema,
  type createSprintSchema,
  type createTaskSchema,
  type moveTaskSchema,
  type Person,
  type Project,
  type ProjectRow,
  type ProjectStats,
  type ProjectStatus,
  type ProjectView,
  type projectSearchQuerySchema,
  type SprintRow,
  type SprintView,
  type sprintListQuerySchema,
  type Task,
  type TaskEvent,
  type updateProjectSchema,
  type updateTaskSchema,
} from '@contracts/projects';
import { audit, type AuditActor } from '@server/platform/audit';
import { conflict, invalidField, notFound } from '@server/platform/http/errors';
import { containing, foldedLike, iso, offsetOf, type Queryable } from '@server/platform/sql';
import { sprintEvents, type TaskState } from './events';

const day = (column: string, as = column.split('.').pop()!) => `to_char(${column}, 'YYYY-MM-DD') AS ${as}`;

// ---------------------------------------------------------------------------------------------
// Projects

const HOURS_USED = `COALESCE((SELECT sum(te.minutes) FROM time_entries te WHERE te.project_id = p.id), 0) / 60.0`;
const PROJECT_ROW = `p.id, p.name, p.company_id, c.name AS company_name, p.owner_id, o.name AS owner_name, p.status,
  ${day('p.start_date')}, ${day('p.due_date')}, p.budget_hours::float8 AS budget_hours, round((${HOURS_USED})::numeric, 2)::float8 AS hours_used`;
const PROJECT_FROM = 'projects p JOIN companies c ON c.id = p.company_id JOIN staff_users o ON o.id = p.owner_id';

const SORT_SQL: Record<string, string> = {
  name: 'lower(name)',
  company_name: 'lower(company_name)',
  owner_name: 'lower(owner_name)',
  status: 'status',
  due_date: 'due_date',
  hours_used: 'hours_used',
};

async function assertStaff(db: Queryable, id: number | null | undefined, field: string): Promise<void> {
  if (!id) return;
  const { rows } = await db.query('SELECT 1 FROM staff_users WHERE id = $1 AND active', [id]);
  if (!rows.length) throw invalidField(field, 'No such staff user');
}
async function assertCompany(db: Queryable, id: number | undefined): Promise<void> {
  if (!id) return;
  const { rows } = await db.query('SELECT 1 FROM companies WHERE id = $1', [id]);
  if (!rows.length) throw invalidField('company_id', 'No such company');
}

/** Active staff and companies matching `q`, for the pickers of the project and task forms. */
export async function projectOptions(db: Queryable, q: string | undefined): Promise<{ staff: Person[]; companies: Person[] }> {
  const { rows: staff } = await db.query<Person>('SELECT id, name FROM staff_users WHERE active ORDER BY name LIMIT 1000');
  const { rows: companies } = await db.query<Person>(
    `SELECT id, name FROM companies ${q ? 'WHERE name ILIKE $1' : ''} ORDER BY lower(name), id LIMIT 50`,
    q ? [containing(q)] : [],
  );
  return { staff, companies };
}

export async function searchProjects(db: Queryable, search: z.output<typeof projectSearchQuerySchema>, today: string): Promise<Paged<ProjectRow>> {
  const values: unknown[] = [];
  const conds: string[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    values.push(value);
    conds.push(sql(values.length));
  };
  if (search.q) add((n) => `(${['name', 'company_name', 'owner_name'].map((c) => foldedLike(c, `$${n}`)).join(' OR ')})`, containing(search.q));
  if (search.status) add((n) => `status = $${n}`, search.status);
  if (search.company_id) add((n) => `company_id = $${n}`, search.company_id);
  if (search.overdue === 'true') {
    add((n) => `due_date < $${n} AND status = ANY($${n + 1})`, today);
    values.push(OPEN_PROJECT_STATUSES);
  }
  if (search.over_budget === 'true') conds.push('budget_hours IS NOT NULL AND hours_used > budget_hours');
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const sort = search.sort?.length ? search.sort : [{ field: 'due_date' as const, dir: 'asc' as const }];
  const order = [...sort.map((s) => `${SORT_SQL[s.field]} ${s.dir.toUpperCase()} NULLS LAST`), 'id'].join(', ');
  const base = `SELECT ${PROJECT_ROW} FROM ${PROJECT_FROM}`;
  const { rows: count } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${base}) x ${where}`, values);
  const { rows } = await db.query<ProjectRow>(
    `SELECT * FROM (${base}) x ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, search.size, offsetOf(search.page, search.size)],
  );
  return { rows, page: search.page, size: search.size, total: count[0]!.n, totalExact: true };
}

export async function insertProject(db: Queryable, input: z.output<typeof createProjectSchema>, actor: AuditActor): Promise<number> {
  await assertCompany(db, input.company_id);
  await assertStaff(db, input.owner_id, 'owner_id');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO projects (name, company_id, owner_id, status, start_date, due_date, budget_hours, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [input.name, input.company_id, input.owner_id, input.status, input.start_date ?? null, input.due_date ?? null, input.budget_hours ?? null, input.description],
  );
  const id = rows[0]!.id;
  await audit(db, { actor, entity: 'project', entityId: id, action: 'create', detail: { project_id: String(id), name: input.name } });
  return id;
}

async function loadProjectRow(db: Queryable, id: number): Promise<Project | null> {
  const { rows } = await db.query<Project>(
    `SELECT ${PROJECT_ROW}, p.description, p.wip_limits, ${iso('p.created_at')} FROM ${PROJECT_FROM} WHERE p.id = $1`,
    [id],
  );
  return rows[0] ? { ...rows[0], wip_limits: wipLimitsOf(rows[0].wip_limits) } : null;
}

export async function updateProject(db: Queryable, id: number, input: z.output<typeof updateProjectSchema>, actor: AuditActor): Promise<void> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT name, company_id, owner_id, status, ${day('start_date')}, ${day('due_date')}, budget_hours::float8 AS budget_hours, description, wip_limits
       FROM projects WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const before = rows[0];
  if (!before) throw notFound('No such project');
  await assertCompany(db, input.company_id);
  await assertStaff(db, input.owner_id, 'owner_id');
  const fields = Object.entries(input).filter(([, v]) => v !== undefined) as [string, unknown][];
  const start = input.start_date !== undefined ? input.start_date : (before.start_date as string | null);
  const due = input.due_date !== undefined ? input.due_date : (before.due_date as string | null);
  if (start && due && due < start) throw invalidField('due_date', 'Due date must be on or after the start date');
  const stored = fields.map(([k, v]) => [k, k === 'wip_limits' ? JSON.stringify(wipLimitsOf(v)) : v] as [string, unknown]);
  await db.query(`UPDATE projects SET ${stored.map(([k], i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...stored.map(([, v]) => v)]);
  const changes = Object.fromEntries(
    fields.filter(([k, v]) => JSON.stringify(before[k]) !== JSON.stringify(v)).map(([k, v]) => [k, { from: before[k], to: v }]),
  );
  await audit(db, { actor, entity: 'project', entityId: id, action: 'update', detail: { project_id: String(id), name: before.name, changes } });
}

// ---------------------------------------------------------------------------------------------
// Tasks

const TASK_COLUMNS = `t.id, t.project_id, t.title, t.description, t.board_column AS "column", t.rank, t.assignee_id, a.name AS assignee_name,
  t.estimate, t.sprint_id, s.name AS sprint_name, t.ticket_id, k.title AS ticket_title, ${iso('t.updated_at')}`;
const TASK_FROM = `tasks t LEFT JOIN staff_users a ON a.id = t.assignee_id LEFT JOIN sprints s ON s.id = t.sprint_id LEFT JOIN tickets k ON k.id = t.ticket_id`;

async function tasksWhere(db: Queryable, where: string, values: unknown[]): Promise<Task[]> {
  const { rows } = await db.query<Task>(
    `SELECT ${TASK_COLUMNS} FROM ${TASK_FROM} WHERE ${where}
      ORDER BY array_position($${values.length + 1}::text[], t.board_column::text), t.rank, t.id LIMIT ${PROJECT_LIMITS.boardTasks}`,
    [...values, BOARD_COLUMNS],
  );
  return rows;
}

export async function loadTask(db: Queryable, id: number): Promise<Task | null> {
  return (await tasksWhere(db, 't.id = $1', [id]))[0] ?? null;
}

/** Locks the project row: every write to a board's order goes one at a time, so concurrent moves end in one order. */
async function lockProject(db: Queryable, id: number): Promise<{ id: number; name: string }> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM projects WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw notFound('No such project');
  return rows[0];
}

async function activeSprintIds(db: Queryable, projectId: number): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>("SELECT id FROM sprints WHERE project_id = $1 AND status = 'active'", [projectId]);
  return new Set(rows.map((r) => r.id));
}

/** Writes what a change means for the burndown of the active sprints it touches, as happening at `now`. */
async function writeEvents(db: Queryable, projectId: number, before: TaskState | null, after: TaskState | null, taskId: number, now: Date): Promise<void> {
  const active = await activeSprintIds(db, projectId);
  for (const e of sprintEvents(before, after, (s) => active.has(s))) {
    await db.query('INSERT INTO task_events (sprint_id, task_id, kind, points, at) VALUES ($1, $2, $3, $4, $5)', [e.sprint_id, taskId, e.kind, e.points, now]);
  }
}

async function assertSprintOfProject(db: Queryable, sprintId: number | null | undefined, projectId: number): Promise<void> {
  if (!sprintId) return;
  const { rows } = await db.query<{ status: string }>('SELECT status FROM sprints WHERE id = $1 AND project_id = $2', [sprintId, projectId]);
  if (!rows[0]) throw invalidField('sprint_id', 'No such sprint in this project');
  if (rows[0].status === 'closed') throw invalidField('sprint_id', 'This sprint is closed');
}
async function assertTicket(db: Queryable, id: number | null | undefined): Promise<void> {
  if (!id) return;
  const { rows } = await db.query('SELECT 1 FROM tickets WHERE id = $1', [id]);
  if (!rows.length) throw invalidField('ticket_id', 'No such ticket');
}

async function lastRank(db: Queryable, projectId: number, column: BoardColumn, except = 0): Promise<string | null> {
  const { rows } = await db.query<{ rank: string }>(
    'SELECT rank FROM tasks WHERE project_id = $1 AND board_column = $2 AND id <> $3 ORDER BY rank DESC, id DESC LIMIT 1',
    [projectId, column, except],
  );
  return rows[0]?.rank ?? null;
}

export async function insertTask(db: Queryable, projectId: number, input: z.output<typeof createTaskSchema>, actor: AuditActor, now: Date): Promise<number> {
  await lockProject(db, projectId);
  await assertStaff(db, input.assignee_id, 'assignee_id');
  await assertSprintOfProject(db, input.sprint_id, projectId);
  await assertTicket(db, input.ticket_id);
  const rank = rankBetween(await lastRank(db, projectId, input.column), null);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO tasks (project_id, title, description, board_column, rank, assignee_id, estimate, sprint_id, ticket_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [projectId, input.title, input.description, input.column, rank, input.assignee_id ?? null, input.estimate ?? null, input.sprint_id ?? null, input.ticket_id ?? null],
  );
  const id = rows[0]!.id;
  await writeEvents(db, projectId, null, { sprint_id: input.sprint_id ?? null, estimate: input.estimate ?? null, column: input.column }, id, now);
  await audit(db, { actor, entity: 'task', entityId: id, action: 'create', detail: { project_id: String(projectId), title: input.title, column: input.column } });
  return id;
}

type TaskLock = TaskState & { id: number; project_id: number; title: string; rank: string };
async function lockTask(db: Queryable, id: number): Promise<TaskLock> {
  const { rows: found } = await db.query<{ project_id: number }>('SELECT project_id FROM tasks WHERE id = $1', [id]);
  if (!found[0]) throw notFound('No such task');
  await lockProject(db, found[0].project_id);
  const { rows } = await db.query<TaskLock>(
    'SELECT id, project_id, title, rank, sprint_id, estimate, board_column AS "column" FROM tasks WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!rows[0]) throw notFound('No such task');
  return rows[0];
}

export async function updateTask(db: Queryable, id: number, input: z.output<typeof updateTaskSchema>, actor: AuditActor, now: Date): Promise<void> {
  const before = await lockTask(db, id);
  await assertStaff(db, input.assignee_id, 'assignee_id');
  if (input.sprint_id !== before.sprint_id) await assertSprintOfProject(db, input.sprint_id, before.project_id);
  await assertTicket(db, input.ticket_id);
  const fields = Object.entries(input).filter(([, v]) => v !== undefined) as [string, unknown][];
  await db.query(`UPDATE tasks SET ${fields.map(([k], i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [id, ...fields.map(([, v]) => v)]);
  const after: TaskState = {
    column: before.column,
    sprint_id: input.sprint_id !== undefined ? input.sprint_id : before.sprint_id,
    estimate: input.estimate !== undefined ? input.estimate : before.estimate,
  };
  await writeEvents(db, before.project_id, before, after, id, now);
  const changes = Object.fromEntries(fields.map(([k, v]) => [k, { from: (before as Record<string, unknown>)[k] ?? null, to: v }]));
  await audit(db, { actor, entity: 'task', entityId: id, action: 'update', detail: { project_id: String(before.project_id), title: before.title, changes } });
}

export async function deleteTask(db: Queryable, id: number, actor: AuditActor, now: Date): Promise<void> {
  const before = await lockTask(db, id);
  await writeEvents(db, before.project_id, before, null, id, now);
  await db.query('DELETE FROM tasks WHERE id = $1', [id]);
  await audit(db, { actor, entity: 'task', entityId: id, action: 'delete', detail: { project_id: String(before.project_id), title: before.title } });
}

/**
 * Moves a task: one transaction under the project's lock that writes the task's column and rank
 * (one row) and its event. The rank falls between the neighbours found now, so two people moving
 * tasks at once end in one order. A rank grown too long renumbers its column, rarely.
 */
export async function moveTask(db: Queryable, id: number, input: z.output<typeof moveTaskSchema>, actor: AuditActor, now: Date): Promise<void> {
  const task = await lockTask(db, id);
  const neighbour = async (nid: number, field: string) => {
    if (nid === id) throw invalidField(field, 'A task cannot be placed beside itself');
    const { rows } = await db.query<{ rank: string }>('SELECT rank FROM tasks WHERE id = $1 AND project_id = $2 AND board_column = $3', [nid, task.project_id, input.column]);
    if (!rows[0]) throw invalidField(field, 'No such task in that column');
    return rows[0].rank;
  };
  const step = async (rank: string, dir: 'before' | 'after') => {
    const { rows } = await db.query<{ rank: string }>(
      `SELECT rank FROM tasks WHERE project_id = $1 AND board_column = $2 AND id <> $3 AND rank ${dir === 'before' ? '<' : '>'} $4
        ORDER BY rank ${dir === 'before' ? 'DESC' : 'ASC'} LIMIT 1`,
      [task.project_id, input.column, id, rank],
    );
    return rows[0]?.rank ?? null;
  };
  let lo: string | null;
  let hi: string | null;
  if (input.before_id) {
    hi = await neighbour(input.before_id, 'before_id');
    lo = await step(hi, 'before');
  } else if (input.after_id) {
    lo = await neighbour(input.after_id, 'after_id');
    hi = await step(lo, 'after');
  } else {
    lo = await lastRank(db, task.project_id, input.column, id);
    hi = null;
  }
  let rank = lo !== null && hi !== null && lo >= hi ? null : rankBetween(lo, hi);
  if (rank === null || rank.length > RANK_RENUMBER_LENGTH) rank = await renumber(db, task.project_id, input.column, id, input.before_id ?? null, input.after_id ?? null);
  await db.query('UPDATE tasks SET board_column = $2, rank = $3, updated_at = now() WHERE id = $1', [id, input.column, rank]);
  await writeEvents(db, task.project_id, task, { ...task, column: input.column }, id, now);
  await audit(db, {
    actor,
    entity: 'task',
    entityId: id,
    action: 'move',
    detail: { project_id: String(task.project_id), title: task.title, from: task.column, to: input.column },
  });
}

/** Spreads a column's ranks evenly again with the moved task in its place; answers the task's new rank. */
async function renumber(db: Queryable, projectId: number, column: BoardColumn, id: number, beforeId: number | null, afterId: number | null): Promise<string> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM tasks WHERE project_id = $1 AND board_column = $2 AND id <> $3 ORDER BY rank, id', [projectId, column, id]);
  const order = rows.map((r) => r.id);
  const at = beforeId ? order.indexOf(beforeId) : afterId ? order.indexOf(afterId) + 1 : order.length;
  order.splice(at < 0 ? order.length : at, 0, id);
  const ranks = spreadRanks(order.length);
  await db.query(
    `UPDATE tasks SET rank = v.rank FROM unnest($1::int[], $2::text[]) AS v(id, rank) WHERE tasks.id = v.id AND tasks.id <> $3`,
    [order, ranks, id],
  );
  return ranks[order.indexOf(id)]!;
}

// ---------------------------------------------------------------------------------------------
// Board and project view

export async function loadBoard(db: Queryable, projectId: number): Promise<Board | null> {
  const project = await loadProjectRow(db, projectId);
  if (!project) return null;
  const tasks = await tasksWhere(db, 't.project_id = $1', [projectId]);
  const { rows: sprints } = await db.query<Board['sprints'][number]>(
    "SELECT id, name, status FROM sprints WHERE project_id = $1 ORDER BY status = 'closed', start_date, id",
    [projectId],
  );
  const { rows: staff } = await db.query<Person>('SELECT id, name FROM staff_users WHERE active ORDER BY name LIMIT 1000');
  return {
    project: { id: project.id, name: project.name, company_name: project.company_name, status: project.status, wip_limits: project.wip_limits },
    tasks,
    sprints,
    staff,
  };
}

const SPRINT_ROW = `s.id, s.project_id, p.name AS project_name, s.name, s.goal, ${day('s.start_date')}, ${day('s.end_date')}, s.status,
  CASE WHEN s.status = 'planned' THEN COALESCE((SELECT sum(estimate) FROM tasks t WHERE t.sprint_id = s.id), 0) ELSE COALESCE(s.committed_points, 0) END::int AS committed_points,
  CASE WHEN s.status = 'closed' THEN COALESCE(s.done_points, 0)
       ELSE COALESCE((SELECT sum(CASE e.kind WHEN 'done' THEN e.points ELSE -e.points END) FROM task_events e WHERE e.sprint_id = s.id AND e.kind IN ('done', 'undone')), 0) END::int AS done_points,
  (SELECT count(*) FROM tasks t WHERE t.sprint_id = s.id)::int AS task_count`;

export async function listSprints(db: Queryable, query: z.output<typeof sprintListQuerySchema>): Promise<SprintRow[]> {
  const values: unknown[] = [];
  const conds: string[] = [];
  if (query.status) {
    values.push(query.status);
    conds.push(`s.status = $${values.length}`);
  }
  if (query.project_id) {
    values.push(query.project_id);
    conds.push(`s.project_id = $${values.length}`);
  }
  const { rows } = await db.query<SprintRow>(
    `SELECT ${SPRINT_ROW} FROM sprints s JOIN projects p ON p.id = s.project_id ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''}
      ORDER BY array_position(ARRAY['active', 'planned', 'closed'], s.status::text), s.start_date DESC, s.id DESC LIMIT ${PROJECT_LIMITS.sprintList}`,
    values,
  );
  return rows;
}

function summarize(entity: string, action: string, d: Record<string, unknown>): string {
  const title = typeof d.title === 'string' ? `“${d.title}”` : '';
  const name = typeof d.name === 'string' ? d.name : '';
  const col = (c: unknown) => BOARD_COLUMN_LABELS[c as BoardColumn] ?? String(c);
  if (entity === 'project') {
    if (action === 'create') return `created the project`;
    const keys = Object.keys((d.changes as object | undefined) ?? {});
    return keys.length ? `changed ${keys.map((k) => k.replace(/_/g, ' ')).join(', ')}` : 'saved the project';
  }
  if (entity === 'task') {
    if (action === 'create') return `added ${title} to ${col(d.column)}`;
    if (action === 'move') return d.from === d.to ? `reordered ${title} in ${col(d.to)}` : `moved ${title} from ${col(d.from)} to ${col(d.to)}`;
    if (action === 'delete') return `deleted ${title}`;
    const keys = Object.keys((d.changes as object | undefined) ?? {});
    return `changed ${keys.map((k) => k.replace(/_id$/, '').replace(/_/g, ' ')).join(', ')} of ${title}`;
  }
  if (action === 'create') return `planned sprint ${name}`;
  if (action === 'start') return `started sprint ${name}`;
  if (action === 'close') return `closed sprint ${name}`;
  return `${action} sprint ${name}`;
}

export async function loadProjectView(db: Queryable, id: number): Promise<ProjectView | null> {
  const project = await loadProjectRow(db, id);
  if (!project) return null;
  const tasks = await tasksWhere(db, 't.project_id = $1', [id]);
  const { rows: tickets } = await db.query<ProjectView['tickets'][number]>(
    `SELECT k.id, k.title, k.status, t.id AS task_id, t.title AS task_title FROM tasks t JOIN tickets k ON k.id = t.ticket_id
      WHERE t.project_id = $1 ORDER BY k.id LIMIT 500`,
    [id],
  );
  const sprints = await listSprints(db, { project_id: id });
  const { rows: audits } = await db.query<{ id: number; at: string; actor_name: string | null; entity: string; entity_id: number | null; action: string; detail: Record<string, unknown> }>(
    `SELECT l.id::int, ${iso('l.created_at', 'at')}, u.name AS actor_name, l.entity, l.entity_id, l.action, l.detail
       FROM audit_log l LEFT JOIN staff_users u ON l.actor_type = 'staff' AND u.id = l.actor_id
      WHERE l.entity IN ('project', 'task', 'sprint') AND l.detail->>'project_id' = $1
      ORDER BY l.created_at DESC, l.id DESC LIMIT 50`,
    [String(id)],
  );
  const activity: ActivityEntry[] = audits.map(({ detail, ...a }) => ({ ...a, summary: summarize(a.entity, a.action, detail) }));
  return { project, tasks, tickets, sprints, activity };
}

// ---------------------------------------------------------------------------------------------
// Sprints

export async function insertSprint(db: Queryable, projectId: number, input: z.output<typeof createSprintSchema>, actor: AuditActor): Promise<number> {
  await lockProject(db, projectId);
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO sprints (project_id, name, goal, start_date, end_date) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [projectId, input.name, input.goal, input.start_date, input.end_date],
  );
  const id = rows[0]!.id;
  await audit(db, { actor, entity: 'sprint', entityId: id, action: 'create', detail: { project_id: String(projectId), name: input.name } });
  return id;
}

type SprintLock = { id: number; project_id: number; name: string; status: string; start_date: string; end_date: string; committed_points: number | null; started_at: string | null };
async function lockSprint(db: Queryable, id: number): Promise<SprintLock> {
  const { rows: found } = await db.query<{ project_id: number }>('SELECT project_id FROM sprints WHERE id = $1', [id]);
  if (!found[0]) throw notFound('No such sprint');
  await lockProject(db, found[0].project_id);
  const { rows } = await db.query<SprintLock>(
    `SELECT id, project_id, name, status, ${day('start_date')}, ${day('end_date')}, committed_points, ${iso('started_at')} FROM sprints WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0]!;
}

export async function startSprint(db: Queryable, id: number, actor: AuditActor, now: Date): Promise<void> {
  const sprint = await lockSprint(db, id);
  if (sprint.status !== 'planned') throw conflict(`This sprint is ${sprint.status}; only a planned sprint starts`);
  const { rows: active } = await db.query<{ name: string }>("SELECT name FROM sprints WHERE project_id = $1 AND status = 'active'", [sprint.project_id]);
  if (active[0]) throw conflict(`Sprint ${active[0].name} is still active; close it first`);
  const { rows } = await db.query<{ points: number }>(
    "SELECT COALESCE(sum(estimate), 0)::int AS points FROM tasks WHERE sprint_id = $1 AND board_column <> 'done'",
    [id],
  );
  await db.query("UPDATE sprints SET status = 'active', started_at = $3, committed_points = $2 WHERE id = $1", [id, rows[0]!.points, now]);
  await audit(db, { actor, entity: 'sprint', entityId: id, action: 'start', detail: { project_id: String(sprint.project_id), name: sprint.name, committed_points: rows[0]!.points } });
}

async function sprintEventsOf(db: Queryable, id: number): Promise<TaskEvent[]> {
  const { rows } = await db.query<TaskEvent>(`SELECT kind, points, ${iso('at')} FROM task_events WHERE sprint_id = $1 ORDER BY at, id`, [id]);
  return rows;
}

export async function closeSprint(db: Queryable, id: number, input: z.output<typeof closeSprintSchema>, actor: AuditActor, now: Date): Promise<void> {
  const sprint = await lockSprint(db, id);
  if (sprint.status !== 'active') throw conflict(`This sprint is ${sprint.status}; only an active sprint closes`);
  if (input.unfinished === 'next') {
    const { rows } = await db.query("SELECT 1 FROM sprints WHERE id = $1 AND project_id = $2 AND status = 'planned'", [input.next_sprint_id, sprint.project_id]);
    if (!rows.length) throw invalidField('next_sprint_id', 'Choose a planned sprint of this project');
  }
  const burndown = computeBurndown({
    start_date: sprint.start_date,
    end_date: sprint.end_date,
    committed: sprint.committed_points ?? 0,
    events: await sprintEventsOf(db, id),
    until: now.toISOString(),
  });
  const done = burndown.done.reduce((a, b) => a + b, 0);
  const { rows: unfinished } = await db.query<{ id: number; estimate: number | null }>(
    "SELECT id, estimate FROM tasks WHERE sprint_id = $1 AND board_column <> 'done' ORDER BY array_position($2::text[], board_column::text), rank, id",
    [id, BOARD_COLUMNS],
  );
  const spillover = unfinished.reduce((a, t) => a + (t.estimate ?? 0), 0);
  if (input.unfinished === 'next') {
    await db.query('UPDATE tasks SET sprint_id = $2, updated_at = now() WHERE id = ANY($1)', [unfinished.map((t) => t.id), input.next_sprint_id]);
  } else {
    let rank = await lastRank(db, sprint.project_id, 'backlog');
    for (const t of unfinished) {
      rank = rankBetween(rank, null);
      await db.query("UPDATE tasks SET sprint_id = NULL, board_column = 'backlog', rank = $2, updated_at = now() WHERE id = $1", [t.id, rank]);
    }
  }
  await db.query(
    "UPDATE sprints SET status = 'closed', closed_at = $2, done_points = $3, spillover_points = $4, burndown = $5 WHERE id = $1",
    [id, now, done, spillover, JSON.stringify(burndown)],
  );
  await audit(db, {
    actor,
    entity: 'sprint',
    entityId: id,
    action: 'close',
    detail: { project_id: String(sprint.project_id), name: sprint.name, done_points: done, spillover_points: spillover, unfinished: input.unfinished, tasks: unfinished.map((t) => t.id) },
  });
}

export async function loadSprintView(db: Queryable, id: number, now: Date): Promise<SprintView | null> {
  const { rows } = await db.query<SprintView['sprint'] & { burndown: BurndownFigures | null }>(
    `SELECT ${SPRINT_ROW}, ${iso('s.started_at')}, ${iso('s.closed_at')}, s.spillover_points, s.burndown
       FROM sprints s JOIN projects p ON p.id = s.project_id WHERE s.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { burndown: frozen, ...sprint } = row;
  // A closed sprint's tasks are those it closed with: the done ones stay in it, the rest moved on.
  const tasks = await tasksWhere(db, 't.sprint_id = $1', [id]);
  const burndown =
    frozen ??
    computeBurndown({
      start_date: sprint.start_date,
      end_date: sprint.end_date,
      committed: sprint.committed_points,
      events: sprint.status === 'active' ? await sprintEventsOf(db, id) : [],
      until: sprint.status === 'active' ? now.toISOString() : `${sprint.start_date}T00:00:00.000Z`,
    });
  const { rows: next } = await db.query<{ id: number; name: string }>(
    "SELECT id, name FROM sprints WHERE project_id = $1 AND status = 'planned' AND id <> $2 ORDER BY start_date, id",
    [sprint.project_id, id],
  );
  return { sprint, tasks, burndown, next_sprints: next };
}

// ---------------------------------------------------------------------------------------------
// Stats

export async function projectStats(db: Queryable, today: string): Promise<ProjectStats> {
  const { rows: counts } = await db.query<{ status: ProjectStatus; n: number }>('SELECT status, count(*)::int AS n FROM projects GROUP BY status');
  const by_status = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<ProjectStatus, number>;
  const base = `SELECT * FROM (SELECT ${PROJECT_ROW} FROM ${PROJECT_FROM}) x`;
  const { rows: overdue } = await db.query<ProjectRow>(`${base} WHERE due_date < $1 AND status = ANY($2) ORDER BY due_date, id LIMIT 10`, [today, OPEN_PROJECT_STATUSES]);
  const { rows: over_budget } = await db.query<ProjectRow>(
    `${base} WHERE budget_hours IS NOT NULL AND hours_used > budget_hours ORDER BY hours_used - budget_hours DESC, id LIMIT 10`,
  );
  const { rows: velocity } = await db.query<ProjectStats['velocity'][number]>(
    `SELECT s.id, s.name, p.name AS project_name, COALESCE(s.committed_points, 0)::int AS committed_points, COALESCE(s.done_points, 0)::int AS done_points, ${day('s.end_date')}
       FROM sprints s JOIN projects p ON p.id = s.project_id WHERE s.status = 'closed' ORDER BY s.closed_at DESC, s.id DESC LIMIT 8`,
  );
  return { by_status, overdue, over_budget, velocity: velocity.reverse() };
}

-- Projects, their tasks (the kanban cards), sprints, the task event log the burndown is computed
-- from, and time logged against a project (docs/adr/0086-projects-kanban-sprints.md).

CREATE TABLE projects (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         varchar(200) NOT NULL,
  company_id   integer NOT NULL REFERENCES companies(id),
  owner_id     integer NOT NULL REFERENCES staff_users(id),
  status       varchar(10) NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'active', 'on_hold', 'done', 'cancelled')),
  start_date   date,
  due_date     date,
  budget_hours numeric(8, 2) CHECK (budget_hours IS NULL OR budget_hours >= 0),
  description  text NOT NULL DEFAULT '',
  -- Optional work-in-progress limits per column: {"in_progress": 3, "review": 2}.
  wip_limits   jsonb NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (due_date IS NULL OR start_date IS NULL OR due_date >= start_date)
);
CREATE INDEX projects_company_idx ON projects (company_id);
CREATE INDEX projects_status_idx ON projects (status, due_date);
CREATE INDEX projects_name_idx ON projects (lower(name), id);

CREATE TABLE sprints (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name             varchar(120) NOT NULL,
  goal             varchar(500) NOT NULL DEFAULT '',
  start_date       date NOT NULL,
  end_date         date NOT NULL CHECK (end_date >= start_date),
  status           varchar(7) NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'active', 'closed')),
  started_at       timestamptz,
  closed_at        timestamptz,
  -- Snapshots: the points committed when the sprint started, done and carried over when it closed,
  -- and the burndown as it stood at closing (a closed sprint's chart never changes).
  committed_points integer,
  done_points      integer,
  spillover_points integer,
  burndown         jsonb,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sprints_project_idx ON sprints (project_id, start_date);
-- One active sprint per project.
CREATE UNIQUE INDEX sprints_one_active_idx ON sprints (project_id) WHERE status = 'active';

CREATE TABLE tasks (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title       varchar(200) NOT NULL,
  description text NOT NULL DEFAULT '',
  board_column varchar(11) NOT NULL DEFAULT 'backlog' CHECK (board_column IN ('backlog', 'todo', 'in_progress', 'review', 'done')),
  -- Fractional rank (base-62 digits, compared byte-wise): a move writes only the moved row.
  rank        varchar(200) COLLATE "C" NOT NULL,
  assignee_id integer REFERENCES staff_users(id),
  estimate    integer CHECK (estimate IS NULL OR (estimate >= 0 AND estimate <= 1000)),
  sprint_id   integer REFERENCES sprints(id) ON DELETE SET NULL,
  ticket_id   integer REFERENCES tickets(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_board_idx ON tasks (project_id, board_column, rank);
CREATE INDEX tasks_sprint_idx ON tasks (sprint_id);
CREATE INDEX tasks_ticket_idx ON tasks (ticket_id) WHERE ticket_id IS NOT NULL;

-- What moves a sprint's burndown, written in the transaction of the change while the sprint is
-- active: `points` are the task's points (added and undone raise what remains, removed and done
-- lower it); for an estimate change the signed difference.
CREATE TABLE task_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sprint_id  integer NOT NULL REFERENCES sprints(id) ON DELETE CASCADE,
  task_id    integer REFERENCES tasks(id) ON DELETE SET NULL,
  kind       varchar(8) NOT NULL CHECK (kind IN ('added', 'removed', 'estimate', 'done', 'undone')),
  points     integer NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_events_sprint_idx ON task_events (sprint_id, at);

-- Time logged against a project (the time feature writes the same table).
ALTER TABLE time_entries ADD COLUMN IF NOT EXISTS project_id integer REFERENCES projects(id);
CREATE INDEX IF NOT EXISTS time_entries_project_idx ON time_entries (project_id, work_date);

-- A project's activity history: its own audit rows and those of its tasks and sprints.
CREATE INDEX audit_log_project_idx ON audit_log ((detail->>'project_id'), created_at) WHERE entity IN ('project', 'task', 'sprint');

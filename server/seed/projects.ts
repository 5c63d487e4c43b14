/**
 * Demo projects: a few believable client projects with cards across the board, sprints (one
 * closed with its frozen burndown, one active, one planned) and time logged on project rows.
 * Deterministic (no random draws, so the rest of the seed is unchanged) and dated relative to
 * today, like the tickets, so the active sprint is always under way. Time is logged by staff the
 * timesheet tests do not use, on companies without a managed-services plan.
 */
import type { PoolClient } from 'pg';
import { computeBurndown, spreadRanks, type BoardColumn, type TaskEventKind } from '@contracts/projects';

type Card = { title: string; column: BoardColumn; estimate: number | null; who?: string; sprint?: number; description?: string };
type SprintSeed = { name: string; goal: string; from: number; to: number; status: 'closed' | 'active' | 'planned' };
type ProjectSeed = {
  name: string;
  company: number;
  owner: string;
  status: 'planned' | 'active' | 'on_hold' | 'done';
  from: number | null;
  due: number | null;
  budget: number | null;
  description: string;
  wip?: Partial<Record<BoardColumn, number>>;
  sprints?: SprintSeed[];
  cards: Card[];
  /** Hours logged: [staff email, days ago, hours, what]. */
  time?: [string, number, number, string][];
};

const DEV = 'dana.dev@demo.test';
const QA = 'quinn.qa@demo.test';
const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';

/** Company indexes into the seeded companies: none of them has a managed-services plan (every third one does). */
const PROJECTS: ProjectSeed[] = [
  {
    name: 'Customer portal upgrade',
    company: 1,
    owner: DEV,
    status: 'active',
    from: -40,
    due: 35,
    budget: 160,
    description:
      'Move the customer portal to the new identity provider, rebuild the billing pages and retire the legacy report exports. Two-week sprints; demo to the client at the end of each.',
    wip: { in_progress: 3, review: 2 },
    sprints: [
      { name: 'Portal sprint 1', goal: 'Single sign-on works end to end', from: -28, to: -15, status: 'closed' },
      { name: 'Portal sprint 2', goal: 'Billing pages on the new design', from: -6, to: 7, status: 'active' },
      { name: 'Portal sprint 3', goal: 'Retire the legacy exports', from: 8, to: 21, status: 'planned' },
    ],
    cards: [
      { title: 'Configure the identity provider tenant', column: 'done', estimate: 3, who: DEV, sprint: 0 },
      { title: 'Map portal roles to identity groups', column: 'done', estimate: 5, who: DEV, sprint: 0 },
      { title: 'Sign-in and sign-out flows', column: 'done', estimate: 5, who: DEV, sprint: 0 },
      { title: 'Regression pass on account settings', column: 'done', estimate: 2, who: QA, sprint: 0 },
      { title: 'Invoice list with filters', column: 'done', estimate: 5, who: DEV, sprint: 1 },
      { title: 'Invoice detail and PDF download', column: 'review', estimate: 3, who: DEV, sprint: 1 },
      { title: 'Payment method form', column: 'in_progress', estimate: 5, who: DEV, sprint: 1, description: 'Card and bank transfer; the processor tokenises the card.' },
      { title: 'Test plan for billing pages', column: 'in_progress', estimate: 2, who: QA, sprint: 1 },
      { title: 'Usage charts on the dashboard', column: 'todo', estimate: 3, sprint: 1 },
      { title: 'Accessibility review of billing', column: 'todo', estimate: 2, who: QA, sprint: 1 },
      { title: 'Export usage as CSV', column: 'backlog', estimate: 3, sprint: 2 },
      { title: 'Remove the legacy report endpoints', column: 'backlog', estimate: 5, sprint: 2 },
      { title: 'Announce the change to portal users', column: 'backlog', estimate: 1 },
      { title: 'Dark mode for the portal', column: 'backlog', estimate: null },
    ],
    time: [
      [DEV, 30, 6, 'Identity provider set-up'],
      [DEV, 25, 7, 'Role mapping'],
      [DEV, 20, 6.5, 'Sign-in flows'],
      [QA, 16, 4, 'Regression pass'],
      [DEV, 9, 7.5, 'Invoice list'],
      [DEV, 8, 5, 'Invoice detail'],
      [QA, 8, 3, 'Billing test plan'],
    ],
  },
  {
    name: 'Head office switch replacement',
    company: 2,
    owner: MANAGER,
    status: 'active',
    from: -45,
    due: -4,
    budget: 40,
    description: 'Replace the end-of-life core and access switches at head office, out of hours, with a rollback plan for each closet.',
    cards: [
      { title: 'Survey the wiring closets', column: 'done', estimate: 2, who: DEV },
      { title: 'Order switches and optics', column: 'done', estimate: 1, who: MANAGER },
      { title: 'Stage and configure the new switches', column: 'done', estimate: 3, who: DEV },
      { title: 'Cut over the second floor', column: 'review', estimate: 3, who: DEV },
      { title: 'Cut over the ground floor', column: 'todo', estimate: 3, who: DEV },
      { title: 'Update the network diagrams', column: 'todo', estimate: 1, who: QA },
    ],
    time: [
      [DEV, 35, 8, 'Closet survey'],
      [DEV, 28, 7, 'Staging'],
      [DEV, 21, 8, 'Staging and configuration'],
      [DEV, 14, 9, 'Second floor cut-over (overnight)'],
      [QA, 12, 4, 'Port tests after the cut-over'],
      [DEV, 6, 6, 'Ground floor preparation'],
    ],
  },
  {
    name: 'Backup migration to cloud storage',
    company: 4,
    owner: ADMIN,
    status: 'planned',
    from: 14,
    due: 60,
    budget: 60,
    description: 'Move the nightly backups from tape to cloud object storage with 30-day retention and a quarterly restore test.',
    cards: [
      { title: 'Size the backup set and retention', column: 'backlog', estimate: 2 },
      { title: 'Choose the storage tier', column: 'backlog', estimate: 1 },
      { title: 'Write the restore runbook', column: 'backlog', estimate: 3 },
    ],
  },
  {
    name: 'Phone system rollout',
    company: 5,
    owner: MANAGER,
    status: 'done',
    from: -90,
    due: -30,
    budget: 24,
    description: 'Hosted phone system for the branch offices: numbers ported, handsets provisioned, staff trained.',
    cards: [
      { title: 'Port the branch numbers', column: 'done', estimate: 2, who: MANAGER },
      { title: 'Provision the handsets', column: 'done', estimate: 3, who: DEV },
      { title: 'Train the reception staff', column: 'done', estimate: 1, who: QA },
    ],
    time: [
      [DEV, 70, 6, 'Handset provisioning'],
      [QA, 50, 3, 'Reception training'],
    ],
  },
];

const DAY_MS = 86_400_000;

export async function seedProjects(client: PoolClient, companyIds: number[]): Promise<void> {
  const { rows: staff } = await client.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
  const who = (email: string) => staff.find((s) => s.email === email)!.id;
  const now = Date.now();
  const dayAt = (offset: number, hour = 9) => new Date(Math.floor(now / DAY_MS) * DAY_MS + offset * DAY_MS + hour * 3_600_000);
  const day = (offset: number) => dayAt(offset).toISOString().slice(0, 10);
  // Nothing was written in the future: a sprint planned ahead was planned an hour ago at the latest.
  const past = (d: Date) => (d.getTime() > now ? new Date(now - 3_600_000) : d);
  const log = (actor: number, entity: string, entityId: number, action: string, detail: object, at: Date) =>
    client.query('INSERT INTO audit_log (actor_type, actor_id, entity, entity_id, action, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      'staff',
      actor,
      entity,
      entityId,
      action,
      JSON.stringify(detail),
      past(at),
    ]);

  for (const p of PROJECTS) {
    const owner = who(p.owner);
    const created = dayAt((p.from ?? 0) - 7, 10);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO projects (name, company_id, owner_id, status, start_date, due_date, budget_hours, description, wip_limits, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [p.name, companyIds[p.company], owner, p.status, p.from === null ? null : day(p.from), p.due === null ? null : day(p.due), p.budget, p.description, JSON.stringify(p.wip ?? {}), created],
    );
    const projectId = rows[0]!.id;
    const pid = String(projectId);
    await log(owner, 'project', projectId, 'create', { project_id: pid, name: p.name }, created);

    const sprintIds: number[] = [];
    for (const s of p.sprints ?? []) {
      const { rows: sr } = await client.query<{ id: number }>(
        `INSERT INTO sprints (project_id, name, goal, start_date, end_date, status, started_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [projectId, s.name, s.goal, day(s.from), day(s.to), s.status, s.status === 'planned' ? null : dayAt(s.from, 9), past(dayAt(s.from - 3))],
      );
      sprintIds.push(sr[0]!.id);
      await log(owner, 'sprint', sr[0]!.id, 'create', { project_id: pid, name: s.name }, dayAt(s.from - 3));
    }

    const ranks = new Map<BoardColumn, string[]>();
    const byColumn = new Map<BoardColumn, Card[]>();
    for (const c of p.cards) byColumn.set(c.column, [...(byColumn.get(c.column) ?? []), c]);
    for (const [column, cards] of byColumn) ranks.set(column, spreadRanks(cards.length));
    const taskIds = new Map<Card, number>();
    for (const [column, cards] of byColumn) {
      for (const [i, c] of cards.entries()) {
        const { rows: tr } = await client.query<{ id: number }>(
          `INSERT INTO tasks (project_id, title, description, board_column, rank, assignee_id, estimate, sprint_id, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
          [projectId, c.title, c.description ?? '', column, ranks.get(column)![i], c.who ? who(c.who) : null, c.estimate, c.sprint === undefined ? null : sprintIds[c.sprint], dayAt((p.from ?? 0) - 5, 11)],
        );
        taskIds.set(c, tr[0]!.id);
      }
    }

    // Sprints: the committed points at the start, the events of the days since, and for the
    // closed one its figures and burndown as they stood at closing.
    for (const [i, s] of (p.sprints ?? []).entries()) {
      if (s.status === 'planned') continue;
      const id = sprintIds[i]!;
      const cards = p.cards.filter((c) => c.sprint === i);
      // The last card of the closed sprint was added two days in; the rest were committed at the start.
      const added = s.status === 'closed' ? cards.at(-1) : undefined;
      const committed = cards.filter((c) => c !== added).reduce((a, c) => a + (c.estimate ?? 0), 0);
      const events: { kind: TaskEventKind; points: number; at: string; task: number }[] = [];
      if (added) events.push({ kind: 'added', points: added.estimate ?? 0, at: dayAt(s.from + 2, 14).toISOString(), task: taskIds.get(added)! });
      const length = s.to - s.from;
      const done = cards.filter((c) => c.column === 'done');
      for (const [k, c] of done.entries()) {
        // Done cards finish spread over the sprint (the active one: over its days so far).
        const span = s.status === 'closed' ? length - 1 : Math.max(1, -s.from - 1);
        events.push({ kind: 'done', points: c.estimate ?? 0, at: dayAt(s.from + 1 + Math.round(((k + 1) * span) / (done.length + 1)), 16).toISOString(), task: taskIds.get(c)! });
      }
      if (s.status === 'active') {
        // An estimate raised mid-sprint: scope grows and the chart marks it.
        const grown = cards.find((c) => c.column === 'in_progress');
        if (grown) events.push({ kind: 'estimate', points: 2, at: dayAt(s.from + 3, 11).toISOString(), task: taskIds.get(grown)! });
        if (grown) await client.query('UPDATE tasks SET estimate = estimate + 2 WHERE id = $1', [taskIds.get(grown)]);
      }
      for (const e of events) {
        await client.query('INSERT INTO task_events (sprint_id, task_id, kind, points, at) VALUES ($1, $2, $3, $4, $5)', [id, e.task, e.kind, e.points, e.at]);
      }
      await client.query('UPDATE sprints SET committed_points = $2 WHERE id = $1', [id, committed]);
      await log(owner, 'sprint', id, 'start', { project_id: pid, name: s.name, committed_points: committed }, dayAt(s.from, 9));
      if (s.status === 'closed') {
        const closedAt = dayAt(s.to, 17);
        const burndown = computeBurndown({ start_date: day(s.from), end_date: day(s.to), committed, events, until: closedAt.toISOString() });
        const donePoints = burndown.done.reduce((a, b) => a + b, 0);
        await client.query("UPDATE sprints SET status = 'closed', closed_at = $2, done_points = $3, spillover_points = 0, burndown = $4 WHERE id = $1", [
          id,
          closedAt,
          donePoints,
          JSON.stringify(burndown),
        ]);
        await log(owner, 'sprint', id, 'close', { project_id: pid, name: s.name, done_points: donePoints, spillover_points: 0, unfinished: 'backlog', tasks: [] }, closedAt);
      }
    }

    for (const [email, ago, hours, what] of p.time ?? []) {
      await client.query(
        `INSERT INTO time_entries (staff_user_id, project_id, company_id, work_date, minutes, billable, description, source, created_at)
         VALUES ($1, $2, $3, $4, $5, true, $6, 'timesheet', $7)`,
        [who(email), projectId, companyIds[p.company], day(-ago), Math.round(hours * 60), what, dayAt(-ago, 18)],
      );
    }
  }
}

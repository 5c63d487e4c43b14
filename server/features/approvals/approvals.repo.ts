/** The SQL of the approval engine: requests, their history, policies, delegations, and the people rules. */
import type { ApprovalContext, ApprovalState, Delegation, FormType, HistoryEntry, PolicyStep, RequestSummary } from '@contracts/approvals';
import { DUE_SOON_HOURS } from '@contracts/approvals';
import { iso, type Queryable } from '@server/platform/sql';

export type RequestRow = {
  id: number;
  form_type: FormType;
  policy_version: number;
  requester_id: number;
  title: string;
  payload: Record<string, unknown>;
  state: ApprovalState;
  context: ApprovalContext;
  version: number;
  due_at: Date | null;
};

export async function latestPolicy(db: Queryable, formType: FormType): Promise<{ version: number; steps: PolicyStep[] } | undefined> {
  const { rows } = await db.query<{ version: number; steps: PolicyStep[] }>(
    'SELECT version, steps FROM approval_policies WHERE form_type = $1 ORDER BY version DESC LIMIT 1',
    [formType],
  );
  return rows[0];
}

export async function lockRequest(db: Queryable, id: number): Promise<RequestRow | undefined> {
  const { rows } = await db.query<RequestRow>(
    'SELECT id, form_type, policy_version, requester_id, title, payload, state, context, version, due_at FROM approval_requests WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0];
}

export async function insertRequest(
  db: Queryable,
  r: { formType: FormType; policyVersion: number; requesterId: number; title: string; payload: unknown; context: ApprovalContext; now: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO approval_requests (form_type, policy_version, requester_id, title, payload, state, context, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7, $7) RETURNING id`,
    [r.formType, r.policyVersion, r.requesterId, r.title.slice(0, 200), JSON.stringify(r.payload), JSON.stringify(r.context), r.now],
  );
  return rows[0]!.id;
}

export async function saveRequest(
  db: Queryable,
  id: number,
  s: { state: ApprovalState; context: ApprovalContext; waitingOn: number[]; dueAt: Date | null; now: Date; submitted: boolean; payload?: unknown; title?: string; policyVersion?: number },
): Promise<void> {
  await db.query(
    `UPDATE approval_requests SET state = $2, context = $3, waiting_on = $4, due_at = $5, updated_at = $6, version = version + 1,
            submitted_at = CASE WHEN $7 THEN $6 ELSE submitted_at END,
            payload = COALESCE($8, payload), title = COALESCE($9, title), policy_version = COALESCE($10, policy_version)
      WHERE id = $1`,
    [id, s.state, JSON.stringify(s.context), s.waitingOn, s.dueAt, s.now, s.submitted, s.payload === undefined ? null : JSON.stringify(s.payload), s.title?.slice(0, 200) ?? null, s.policyVersion ?? null],
  );
}

export type HistoryInsert = {
  requestId: number;
  action: string;
  actorId: number | null;
  onBehalfOfId: number | null;
  fromState: ApprovalState | null;
  toState: ApprovalState;
  step: string | null;
  comment: string | null;
  at: Date;
};

export async function addHistory(db: Queryable, h: HistoryInsert): Promise<void> {
  await db.query(
    `INSERT INTO approval_history (request_id, action, actor_id, on_behalf_of_id, from_state, to_state, step, comment, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [h.requestId, h.action, h.actorId, h.onBehalfOfId, h.fromState, h.toState, h.step, h.comment, h.at],
  );
}

export type Person = { id: number; name: string; email: string; manager_id: number | null; role: string };

export async function people(db: Queryable, ids: number[]): Promise<Map<number, Person>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<Person>('SELECT id, name, email, manager_id, role FROM staff_users WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((p) => [p.id, p]));
}

/** The manager `levels` up the chain of a person (null when the chain ends first). */
export async function managerUp(db: Queryable, personId: number, levels: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `WITH RECURSIVE chain(id, depth) AS (
       SELECT manager_id, 1 FROM staff_users WHERE id = $1
       UNION ALL
       SELECT s.manager_id, c.depth + 1 FROM chain c JOIN staff_users s ON s.id = c.id WHERE c.depth < $2
     )
     SELECT c.id FROM chain c JOIN staff_users s ON s.id = c.id AND s.active WHERE c.depth = $2`,
    [personId, levels],
  );
  return rows[0]?.id ?? null;
}

export async function activeStaff(db: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ id: number }>('SELECT id FROM staff_users WHERE active AND id = ANY($1::int[]) ORDER BY id', [ids]);
  return rows.map((r) => r.id);
}

export async function staffOfRole(db: Queryable, role: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM staff_users WHERE active AND role = $1 ORDER BY id', [role]);
  return rows.map((r) => r.id);
}

/** The delegate standing in for a person at an instant, if one is named for that window. */
export async function delegateAt(db: Queryable, personId: number, at: Date): Promise<number | null> {
  const { rows } = await db.query<{ delegate_id: number }>(
    `SELECT d.delegate_id FROM approval_delegations d JOIN staff_users s ON s.id = d.delegate_id AND s.active
      WHERE d.delegator_id = $1 AND d.starts_at <= $2 AND d.ends_at > $2 ORDER BY d.id DESC LIMIT 1`,
    [personId, at],
  );
  return rows[0]?.delegate_id ?? null;
}

const SUMMARY = (onBehalf: string) => `
  r.id, r.form_type AS "formType", r.title, u.name AS requester, r.requester_id AS "requesterId", r.state,
  CASE WHEN r.state = 'inReview' THEN r.context->'steps'->((r.context->>'step')::int)->>'name' END AS step,
  r.version, ${iso('r.submitted_at', '"submittedAt"')}, ${iso('r.due_at', '"dueAt"')}, ${iso('r.updated_at', '"updatedAt"')},
  ${onBehalf} AS "onBehalfOf"`;

/** The inbox's rule: a request in review waits on the people in `deciders` (an int[] expression) when one of them may decide now. */
const WAITING_ON = (deciders: string) => `r.waiting_on && ${deciders} AND r.state = 'inReview'`;

/** What waits for a person's decision, oldest first. */
export async function inbox(db: Queryable, me: number, filters: { formType?: FormType | undefined; due?: 'soon' | 'overdue' | undefined }, now: Date): Promise<RequestSummary[]> {
  const { rows } = await db.query<RequestSummary>(
    `SELECT ${SUMMARY(`(SELECT f.name FROM jsonb_array_elements(r.context->'steps'->((r.context->>'step')::int)->'approvers') a
                          JOIN staff_users f ON f.id = (a->>'for')::int WHERE (a->>'id')::int = $1 LIMIT 1)`)}
       FROM approval_requests r JOIN staff_users u ON u.id = r.requester_id
      WHERE ${WAITING_ON('ARRAY[$1::int]')}
        AND ($2::text IS NULL OR r.form_type = $2)
        AND ($3::text IS NULL OR ($3 = 'overdue' AND r.due_at <= $4) OR ($3 = 'soon' AND r.due_at > $4 AND r.due_at <= $4 + make_interval(hours => $5)))
      ORDER BY r.submitted_at, r.id LIMIT 500`,
    [me, filters.formType ?? null, filters.due ?? null, now, DUE_SOON_HOURS],
  );
  return rows;
}

export async function waitingCount(db: Queryable, me: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM approval_requests WHERE waiting_on @> ARRAY[$1::int] AND state = 'inReview'`, [me]);
  return rows[0]!.n;
}

export async function mine(db: Queryable, me: number, formType: FormType | undefined): Promise<RequestSummary[]> {
  const { rows } = await db.query<RequestSummary>(
    `SELECT ${SUMMARY('NULL')} FROM approval_requests r JOIN staff_users u ON u.id = r.requester_id
      WHERE r.requester_id = $1 AND ($2::text IS NULL OR r.form_type = $2) ORDER BY r.id DESC LIMIT 500`,
    [me, formType ?? null],
  );
  return rows;
}

export async function summary(db: Queryable, id: number): Promise<(RequestSummary & { payload: Record<string, unknown>; context: ApprovalContext; waitingOnIds: number[] }) | undefined> {
  const { rows } = await db.query<RequestSummary & { payload: Record<string, unknown>; context: ApprovalContext; waitingOnIds: number[] }>(
    `SELECT ${SUMMARY('NULL')}, r.payload, r.context, r.waiting_on AS "waitingOnIds"
       FROM approval_requests r JOIN staff_users u ON u.id = r.requester_id WHERE r.id = $1`,
    [id],
  );
  return rows[0];
}

export async function historyOf(db: Queryable, id: number): Promise<(HistoryEntry & { actorId: number | null })[]> {
  const { rows } = await db.query<HistoryEntry & { actorId: number | null }>(
    `SELECT h.id::int AS id, h.action, a.name AS actor, h.actor_id AS "actorId", b.name AS "onBehalfOf", h.from_state AS "fromState", h.to_state AS "toState",
            h.step, h.comment, ${iso('h.at', 'at')}
       FROM approval_history h LEFT JOIN staff_users a ON a.id = h.actor_id LEFT JOIN staff_users b ON b.id = h.on_behalf_of_id
      WHERE h.request_id = $1 ORDER BY h.id`,
    [id],
  );
  return rows;
}

export async function delegationsOf(db: Queryable, me: number, now: Date): Promise<Delegation[]> {
  const { rows } = await db.query<Delegation>(
    `SELECT d.id, s.name AS delegate, d.delegate_id AS "delegateId", ${iso('d.starts_at', '"startsAt"')}, ${iso('d.ends_at', '"endsAt"')}
       FROM approval_delegations d JOIN staff_users s ON s.id = d.delegate_id
      WHERE d.delegator_id = $1 AND d.ends_at > $2 ORDER BY d.starts_at`,
    [me, now],
  );
  return rows;
}

export async function insertDelegation(db: Queryable, me: number, d: { delegateId: number; startsAt: string; endsAt: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO approval_delegations (delegator_id, delegate_id, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [me, d.delegateId, d.startsAt, d.endsAt],
  );
  return rows[0]!.id;
}

export async function overlappingDelegation(db: Queryable, me: number, d: { startsAt: string; endsAt: string }): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM approval_delegations WHERE delegator_id = $1 AND starts_at < $3 AND ends_at > $2', [me, d.startsAt, d.endsAt]);
  return rows.length > 0;
}

export async function deleteDelegation(db: Queryable, me: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM approval_delegations WHERE id = $1 AND delegator_id = $2', [id, me]);
  return (rowCount ?? 0) > 0;
}

/** Requests waiting on any of these people to decide (the inbox's rule), oldest first, with the days since they were submitted. */
export async function requestsWaitingOn(
  db: Queryable,
  deciderIds: readonly number[],
  now: Date,
): Promise<{ id: number; title: string; formType: string; requester: string; submittedOn: string; ageDays: number }[]> {
  const { rows } = await db.query<{ id: number; title: string; formType: string; requester: string; submittedOn: string; ageDays: number }>(
    `SELECT r.id, r.title, r.form_type AS "formType", u.name AS requester,
            to_char(coalesce(r.submitted_at, r.created_at), 'YYYY-MM-DD') AS "submittedOn",
            floor(extract(epoch FROM ($2::timestamptz - coalesce(r.submitted_at, r.created_at))) / 86400)::int AS "ageDays"
       FROM approval_requests r JOIN staff_users u ON u.id = r.requester_id
      WHERE ${WAITING_ON('$1::int[]')}
      ORDER BY coalesce(r.submitted_at, r.created_at), r.id`,
    [deciderIds, now],
  );
  return rows;
}

/**
 * Demo data of the approval engine: kudos over the last months, corrections in every state, and
 * requests waiting for each manager and admin (some near their due time, one delegated), so a
 * fresh demo's /approvals and Home are not empty.
 */
import type { PoolClient } from 'pg';
import type { ApprovalContext, ApprovalState } from '@contracts/approvals';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const KUDOS: [from: string, to: string, value: string, daysAgo: number, message: string][] = [
  ['manager', 'agent', 'Customer first', 2, 'Stayed on the phone with Acme until their meters were reading again. They wrote to thank us.'],
  ['agent', 'quinn.qa', 'Better together', 6, 'Found the duplicate-ticket bug before the release and paired with me to reproduce it.'],
  ['admin', 'manager', 'Own it', 11, 'Took the weekend outage from first call to the root-cause write-up without being asked.'],
  ['dana.dev', 'agent', 'Keep learning', 19, 'Learned the mail import in a week and now answers the hard questions about it.'],
  ['sam.sales', 'dana.dev', 'Customer first', 27, 'Built the Globex export overnight so the renewal could be signed on time.'],
  ['quinn.qa', 'sam.sales', 'Do the right thing', 38, 'Told Initech the honest timeline instead of the one they wanted to hear. They renewed anyway.'],
  ['manager', 'quinn.qa', 'Own it', 52, 'Rewrote the release checklist after the March incident; nothing has slipped since.'],
  ['admin', 'dana.dev', 'Better together', 66, 'Mentored two new engineers through their first on-call week.'],
  ['agent', 'manager', 'Keep learning', 81, 'Ran the knowledge-base workshop that halved our repeat questions.'],
  ['sam.sales', 'agent', 'Customer first', 97, 'Turned a furious Umbrella Gas call into a signed support plan.'],
];

type Seeded = { by: string; summary: string; state: ApprovalState; approver: string; ageHours: number; dueInHours: number | null; delegate?: string; comment?: string };

const CORRECTIONS: Seeded[] = [
  { by: 'agent', summary: 'Acme meter reads missed for two hours', state: 'inReview', approver: 'manager', ageHours: 40, dueInHours: 8 },
  { by: 'quinn.qa', summary: 'Release notes sent to the wrong client list', state: 'inReview', approver: 'manager', ageHours: 6, dueInHours: 42 },
  { by: 'agent', summary: 'Globex ticket closed before the customer confirmed', state: 'inReview', approver: 'manager', ageHours: 30, dueInHours: 18, delegate: 'quinn.qa' },
  { by: 'manager', summary: 'On-call rota left a gap on Sunday night', state: 'inReview', approver: 'admin', ageHours: 45, dueInHours: 3 },
  { by: 'dana.dev', summary: 'Invoice export rounded minutes the wrong way', state: 'inReview', approver: 'admin', ageHours: 12, dueInHours: 36 },
  { by: 'sam.sales', summary: 'Quote sent with last year’s prices', state: 'inReview', approver: 'admin', ageHours: 60, dueInHours: -12 },
  { by: 'agent', summary: 'Password reset mail delayed by the outbox', state: 'applied', approver: 'manager', ageHours: 24 * 9, dueInHours: null },
  { by: 'quinn.qa', summary: 'Regression in the ticket search filters', state: 'changesRequested', approver: 'manager', ageHours: 24 * 3, dueInHours: null, comment: 'Add the ticket numbers that were affected, please.' },
  { by: 'dana.dev', summary: 'Duplicate survey mails after a retry', state: 'rejected', approver: 'admin', ageHours: 24 * 14, dueInHours: null, comment: 'Already covered by the correction of 3 March.' },
  { by: 'sam.sales', summary: 'Wrong contact on the Hooli renewal', state: 'withdrawn', approver: 'admin', ageHours: 24 * 5, dueInHours: null },
];

export async function seedApprovals(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
  const id = (who: string) => rows.find((r) => r.email === `${who}@demo.test`)!.id;
  const now = Date.now();

  for (const [from, to, value, daysAgo, message] of KUDOS) {
    const at = new Date(now - daysAgo * DAY - 3 * HOUR);
    const context: ApprovalContext = { requesterId: id(from), steps: [], step: 0, approvals: [], decidedBy: [], round: 1 };
    const payload = { toId: id(to), message, value };
    const { rows: r } = await client.query<{ id: number }>(
      `INSERT INTO approval_requests (form_type, policy_version, requester_id, title, payload, state, context, version, submitted_at, created_at, updated_at)
       VALUES ('kudo', 1, $1, $2, $3, 'applied', $4, 2, $5, $5, $5) RETURNING id`,
      [id(from), `Kudo: ${value}`, JSON.stringify(payload), JSON.stringify(context), at],
    );
    await history(client, r[0]!.id, [['submitted', id(from), null, 'draft', 'approved', null, null, at], ['applied', null, null, 'approved', 'applied', null, null, at]]);
    await client.query('INSERT INTO kudos (request_id, from_id, to_id, message, value, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [r[0]!.id, id(from), id(to), message, value, at]);
  }

  // Quinn decided for Morgan while Morgan was out (ended two hours ago): the request that arrived then stays Quinn's.
  await client.query('INSERT INTO approval_delegations (delegator_id, delegate_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [id('manager'), id('quinn.qa'), new Date(now - 3 * DAY), new Date(now - 2 * HOUR)]);

  for (const c of CORRECTIONS) {
    const submitted = new Date(now - c.ageHours * HOUR);
    const approver = c.delegate ? { id: id(c.delegate), for: id(c.approver) } : { id: id(c.approver), for: null };
    const decided = c.state !== 'inReview' && c.state !== 'withdrawn' ? [approver.id] : [];
    const context: ApprovalContext = {
      requesterId: id(c.by), steps: [{ name: 'Manager review', approvers: [approver], need: 1, dueHours: 48 }], step: 0,
      approvals: c.state === 'applied' ? [{ step: 0, by: approver.id }] : [], decidedBy: decided, round: 1,
    };
    const payload = {
      summary: c.summary,
      customerImpact: 'The customer noticed before we did and called the support line.',
      rootCause: 'A manual step was skipped under time pressure; nothing checked it.',
      correctiveAction: 'The step is now on the checklist and the tool warns when it is missed.',
    };
    const later = new Date(submitted.getTime() + 20 * HOUR);
    const { rows: r } = await client.query<{ id: number }>(
      `INSERT INTO approval_requests (form_type, policy_version, requester_id, title, payload, state, context, waiting_on, version, submitted_at, due_at, created_at, updated_at)
       VALUES ('correction', 1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10) RETURNING id`,
      [
        id(c.by), c.summary, JSON.stringify(payload), c.state, JSON.stringify(context), c.state === 'inReview' ? [approver.id] : [],
        c.state === 'inReview' ? 2 : 3, submitted, c.dueInHours === null ? null : new Date(now + c.dueInHours * HOUR), c.state === 'inReview' ? submitted : later,
      ],
    );
    const steps: HistoryRow[] = [['submitted', id(c.by), null, 'draft', 'inReview', 'Manager review', null, submitted]];
    if (c.state === 'applied') steps.push(['approved', approver.id, approver.for, 'inReview', 'approved', 'Manager review', null, later], ['applied', null, null, 'approved', 'applied', null, null, later]);
    if (c.state === 'rejected') steps.push(['rejected', approver.id, approver.for, 'inReview', 'rejected', 'Manager review', c.comment ?? null, later]);
    if (c.state === 'changesRequested') steps.push(['sentBack', approver.id, approver.for, 'inReview', 'changesRequested', 'Manager review', c.comment ?? null, later]);
    if (c.state === 'withdrawn') steps.push(['withdrawn', id(c.by), null, 'inReview', 'withdrawn', 'Manager review', null, later]);
    await history(client, r[0]!.id, steps);
  }
}

type HistoryRow = [action: string, actor: number | null, onBehalfOf: number | null, from: string | null, to: string, step: string | null, comment: string | null, at: Date];

async function history(client: PoolClient, requestId: number, entries: HistoryRow[]): Promise<void> {
  for (const [action, actor, onBehalfOf, from, to, step, comment, at] of entries) {
    await client.query(
      'INSERT INTO approval_history (request_id, action, actor_id, on_behalf_of_id, from_state, to_state, step, comment, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [requestId, action, actor, onBehalfOf, from, to, step, comment, at],
    );
  }
}

/**
 * Demo data of the weekly schedule and PTO: the four teams with their owners, weekday shifts for
 * this week and the next three, an on-call rotation for Support and Development, everyone on the
 * standard PTO plan with a year and more of accruals, leave taken, approved and pending, and
 * certifications, some expiring soon. Pending leave waits on a team lead, not on the demo manager,
 * whose inbox other demos count on.
 */
import type { PoolClient } from 'pg';
import type { ApprovalContext } from '@contracts/approvals';
import { instantAt } from '@server/features/people/calendar';
import { dueEntries, type LedgerEntry, type PtoPlan } from '@server/features/people/pto-ledger';

const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

const TEAMS = [
  { name: 'Support', owner: 'manager', zone: 'America/Chicago', region: 'US', members: ['manager', 'agent', 'noah.kim', 'priya.patel', 'lucas.silva', 'hannah.muller'] },
  { name: 'Development', owner: 'riley.chen', zone: 'America/Chicago', region: 'US', members: ['riley.chen', 'dana.dev', 'mateo.garcia', 'olivia.brown', 'ahmed.okafor'] },
  { name: 'Quality Assurance', owner: 'taylor.brooks', zone: 'Europe/Berlin', region: 'DE', members: ['taylor.brooks', 'quinn.qa', 'sofia.rossi', 'liam.dubois'] },
  { name: 'Sales', owner: 'jamie.ortiz', zone: 'America/Denver', region: 'US', members: ['jamie.ortiz', 'sam.sales', 'emma.nguyen', 'chen.johnson'] },
] as const;

export const DEMO_PLAN: PtoPlan & { name: string } = { name: 'Standard', hoursPerMonth: 10, capHours: 160, carryOverHours: 40, carryOverExpires: 3, floorHours: 0, hoursPerDay: 8 };

const CERTS: [who: string, name: string, issuer: string, earnedDaysAgo: number, expiresInDays: number | null][] = [
  ['agent', 'ITIL 4 Foundation', 'PeopleCert', 700, 25],
  ['agent', 'CompTIA A+', 'CompTIA', 400, 690],
  ['manager', 'PRINCE2 Practitioner', 'PeopleCert', 1000, 80],
  ['noah.kim', 'CCNA', 'Cisco', 1050, 5],
  ['priya.patel', 'Microsoft 365 Administrator', 'Microsoft', 300, 60],
  ['lucas.silva', 'CompTIA Security+', 'CompTIA', 900, 190],
  ['mateo.garcia', 'AWS Solutions Architect – Associate', 'Amazon Web Services', 1000, 40],
  ['sofia.rossi', 'ISTQB Foundation', 'ISTQB', 500, null],
  ['dana.dev', 'Certified Kubernetes Administrator', 'Cloud Native Computing Foundation', 600, 130],
  // The Programming queue requires Secure Coding (QUEUE_RULES): the developers hold it, one renewal is due soon.
  ['dana.dev', 'Secure Coding', 'OWASP Foundation', 400, 330],
  ['manager', 'Secure Coding', 'OWASP Foundation', 650, 80],
  ['agent', 'Secure Coding', 'OWASP Foundation', 720, 9],
];

/** The demo's queue rules (docs/adr/0223): who may take a ticket in the queue must hold a valid certification of that name. */
const QUEUE_RULES: [queue: string, certification: string, setBy: string][] = [['Programming', 'Secure Coding', 'admin']];

export async function seedSchedule(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: number; email: string; manager_id: number | null }>('SELECT id, email, manager_id FROM staff_users');
  const id = (who: string) => rows.find((r) => r.email === `${who}@demo.test`)!.id;
  const now = Date.now();
  const today = dayOf(now);
  const monday = dayOf(now - ((new Date(now).getUTCDay() + 6) % 7) * DAY);

  for (const t of TEAMS) {
    const { rows: tr } = await client.query<{ id: number }>('INSERT INTO teams (name, owner_id, time_zone, region) VALUES ($1, $2, $3, $4) RETURNING id', [t.name, id(t.owner), t.zone, t.region]);
    const teamId = tr[0]!.id;
    for (const m of t.members) await client.query('INSERT INTO team_members (team_id, staff_id) VALUES ($1, $2)', [teamId, id(m)]);
    // Weekday shifts this week and the next three; one early and one late pattern, a night shift on Fridays in Support.
    for (let d = 0; d < 28; d++) {
      const day = dayOf(Date.parse(`${monday}T00:00:00Z`) + d * DAY);
      const weekday = d % 7;
      if (weekday > 4) continue;
      for (const [i, m] of t.members.entries()) {
        if (m === t.owner && weekday === 4) continue;
        const [start, end] = i % 3 === 1 ? ['07:00', '15:00'] : i % 3 === 2 ? ['10:00', '18:00'] : ['09:00', '17:00'];
        const nextDay = dayOf(Date.parse(`${day}T00:00:00Z`) + DAY);
        await client.query('INSERT INTO shifts (team_id, staff_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [teamId, id(m), instantAt(day, start, t.zone), instantAt(day, end, t.zone)]);
        if (t.name === 'Support' && weekday === 4 && m === 'lucas.silva') {
          await client.query('INSERT INTO shifts (team_id, staff_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [teamId, id(m), instantAt(day, '22:00', t.zone), instantAt(nextDay, '06:00', t.zone)]);
        }
      }
    }
    if (t.name === 'Support' || t.name === 'Development') {
      const onCall = t.name === 'Support' ? ['agent', 'noah.kim', 'priya.patel', 'lucas.silva', 'hannah.muller'] : ['mateo.garcia', 'olivia.brown', 'ahmed.okafor', 'dana.dev'];
      await client.query('INSERT INTO on_call_rotations (team_id, rule, time_zone, handover, starts_on, members) VALUES ($1, $2, $3, $4, $5, $6)', [
        teamId, 'FREQ=WEEKLY;BYDAY=MO', t.zone, '09:00', dayOf(Date.parse(`${monday}T00:00:00Z`) - 2 * 7 * DAY), onCall.map(id),
      ]);
    }
  }
  // The development rotation leaves Sunday nights of the week after next to a standby from the QA team lead's side: an override.
  const devTeam = (await client.query<{ id: number }>(`SELECT id FROM teams WHERE name = 'Development'`)).rows[0]!.id;
  const sunday = dayOf(Date.parse(`${monday}T00:00:00Z`) + 13 * DAY);
  await client.query('INSERT INTO on_call_overrides (team_id, staff_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [devTeam, id('riley.chen'), instantAt(sunday, '18:00', 'America/Chicago'), instantAt(dayOf(Date.parse(`${sunday}T00:00:00Z`) + DAY), '06:00', 'America/Chicago')]);

  const { rows: pr } = await client.query<{ id: number }>(
    'INSERT INTO pto_plans (name, hours_per_month, cap_hours, carry_over_hours, carry_over_expires, floor_hours, hours_per_day) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [DEMO_PLAN.name, DEMO_PLAN.hoursPerMonth, DEMO_PLAN.capHours, DEMO_PLAN.carryOverHours, DEMO_PLAN.carryOverExpires, DEMO_PLAN.floorHours, DEMO_PLAN.hoursPerDay],
  );
  const ledgers = new Map<number, LedgerEntry[]>();
  for (const r of rows) {
    await client.query('INSERT INTO pto_plan_members (staff_id, plan_id) VALUES ($1, $2)', [r.id, pr[0]!.id]);
    // Accruals month by month since January of last year, as the job would have added them.
    const ledger: LedgerEntry[] = [];
    const start = new Date(`${Number(today.slice(0, 4)) - 1}-01-01T00:00:00Z`);
    for (let m = new Date(start); dayOf(m.getTime()) <= today; m.setUTCMonth(m.getUTCMonth() + 1)) {
      const day = dayOf(m.getTime()) < today ? dayOf(m.getTime()) : today;
      ledger.push(...dueEntries(DEMO_PLAN, ledger, day));
      // A week taken each summer, booked with the accruals.
      if (day.slice(5, 7) === '07' && !ledger.some((e) => e.source === `summer:${day.slice(0, 4)}`)) ledger.push({ kind: 'taken', hours: -40, on: day, source: `summer:${day.slice(0, 4)}` });
    }
    ledgers.set(r.id, ledger);
  }

  // Leave through the engine: Lucas's approved week off next week (he is on call then: a gap), Hannah's past day, Priya's pending request.
  const nextMonday = dayOf(Date.parse(`${monday}T00:00:00Z`) + 7 * DAY);
  const nextFriday = dayOf(Date.parse(`${monday}T00:00:00Z`) + 11 * DAY);
  const leave: [who: string, from: string, to: string, hours: number, state: 'applied' | 'inReview', note: string][] = [
    ['lucas.silva', nextMonday, nextFriday, 40, 'applied', 'Family visit'],
    ['hannah.muller', dayOf(Date.parse(`${monday}T00:00:00Z`) - 10 * DAY), dayOf(Date.parse(`${monday}T00:00:00Z`) - 10 * DAY), 8, 'applied', 'Moving house'],
    ['priya.patel', dayOf(Date.parse(`${monday}T00:00:00Z`) + 16 * DAY), dayOf(Date.parse(`${monday}T00:00:00Z`) + 18 * DAY), 24, 'inReview', 'Diwali with family'],
    ['mateo.garcia', dayOf(Date.parse(`${monday}T00:00:00Z`) + 21 * DAY), dayOf(Date.parse(`${monday}T00:00:00Z`) + 22 * DAY), 16, 'inReview', 'Conference'],
  ];
  for (const [who, from, to, hours, state, note] of leave) {
    const requester = id(who);
    const approverId = rows.find((r) => r.id === requester)!.manager_id!;
    const context: ApprovalContext = {
      requesterId: requester, steps: [{ name: 'Manager approval', approvers: [{ id: approverId, for: null }], need: 1, dueHours: 48 }], step: 0,
      approvals: state === 'applied' ? [{ step: 0, by: approverId }] : [], decidedBy: state === 'applied' ? [approverId] : [], round: 1,
    };
    const submitted = new Date(now - 2 * DAY);
    const { rows: ar } = await client.query<{ id: number }>(
      `INSERT INTO approval_requests (form_type, policy_version, requester_id, title, payload, state, context, waiting_on, version, submitted_at, due_at, created_at, updated_at)
       VALUES ('pto', 1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $8) RETURNING id`,
      [requester, from === to ? `Time off on ${from}` : `Time off ${from} to ${to}`, JSON.stringify({ from, to, unit: 'days', note }), state, JSON.stringify(context), state === 'inReview' ? [approverId] : [], state === 'inReview' ? 2 : 3, submitted, state === 'inReview' ? new Date(now + DAY) : null],
    );
    await client.query(`INSERT INTO approval_history (request_id, action, actor_id, from_state, to_state, step, at) VALUES ($1, 'submitted', $2, 'draft', 'inReview', 'Manager approval', $3)`, [ar[0]!.id, requester, submitted]);
    if (state === 'applied') {
      await client.query(`INSERT INTO approval_history (request_id, action, actor_id, from_state, to_state, step, at) VALUES ($1, 'approved', $2, 'inReview', 'approved', 'Manager approval', $3), ($1, 'applied', NULL, 'approved', 'applied', NULL, $3)`, [ar[0]!.id, approverId, new Date(now - DAY)]);
      ledgers.get(requester)!.push({ kind: 'taken', hours: -hours, on: from, source: `request:${ar[0]!.id}` });
    }
  }
  for (const [staffId, ledger] of ledgers) {
    for (const e of ledger) {
      const requestId = e.source.startsWith('request:') ? Number(e.source.slice(8)) : null;
      await client.query('INSERT INTO pto_ledger (staff_id, kind, hours, effective_on, source, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [staffId, e.kind, e.hours, e.on, e.source, requestId, new Date(now)]);
    }
  }

  for (const [who, name, issuer, earned, expires] of CERTS) {
    await client.query('INSERT INTO certifications (staff_id, name, issuer, earned_on, expires_on) VALUES ($1, $2, $3, $4, $5)', [id(who), name, issuer, dayOf(now - earned * DAY), expires === null ? null : dayOf(now + expires * DAY)]);
  }
  for (const [queue, certification, setBy] of QUEUE_RULES) {
    await client.query('INSERT INTO queue_certifications (queue, certification, set_by, set_at) VALUES ($1, $2, $3, $4)', [queue, certification, id(setBy), new Date(now)]);
  }
}

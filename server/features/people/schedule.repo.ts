/**
 * The SQL of the schedule, certifications and PTO (migration 0042). Only the people feature writes
 * these tables; PTO requests and swaps are read from the approval engine's requests.
 */
import type { Certification, PtoRequest } from '@contracts/people-schedule';
import { iso, type Queryable } from '@server/platform/sql';
import type { LedgerEntry, LedgerKind, PtoPlan } from './pto-ledger';

// --- Teams and shifts ----------------------------------------------------------------------------

export type TeamRow = { id: number; name: string; owner_id: number | null; owner_name: string | null; time_zone: string; region: string };

export async function teams(db: Queryable): Promise<TeamRow[]> {
  const { rows } = await db.query<TeamRow>(
    `SELECT t.id, t.name, t.owner_id, o.name AS owner_name, t.time_zone, t.region FROM teams t LEFT JOIN staff_users o ON o.id = t.owner_id ORDER BY t.name`,
  );
  return rows;
}

export async function teamOf(db: Queryable, id: number): Promise<TeamRow | undefined> {
  return (await teams(db)).find((t) => t.id === id);
}

export async function teamMembers(db: Queryable, teamId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT u.id, u.name FROM team_members m JOIN staff_users u ON u.id = m.staff_id WHERE m.team_id = $1 AND u.active ORDER BY u.name`,
    [teamId],
  );
  return rows;
}

/** The teams a person is in (their public holidays come from the first). */
export async function teamsOfPerson(db: Queryable, staffId: number): Promise<TeamRow[]> {
  const { rows } = await db.query<{ team_id: number }>('SELECT team_id FROM team_members WHERE staff_id = $1 ORDER BY team_id', [staffId]);
  const all = await teams(db);
  return rows.map((r) => all.find((t) => t.id === r.team_id)!).filter(Boolean);
}

type ShiftRow = { id: number; staffId: number; startsAt: string; endsAt: string; version: number; teamId: number };
const SHIFT_COLUMNS = `id, staff_id AS "staffId", ${iso('starts_at', '"startsAt"')}, ${iso('ends_at', '"endsAt"')}, version, team_id AS "teamId"`;

export async function shiftsBetween(db: Queryable, teamId: number, from: Date, to: Date): Promise<ShiftRow[]> {
  const { rows } = await db.query<ShiftRow>(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE team_id = $1 AND ends_at > $2 AND starts_at < $3 ORDER BY starts_at, id`, [teamId, from, to]);
  return rows;
}

export async function shiftsOfPersonBetween(db: Queryable, staffId: number, from: Date, to: Date): Promise<ShiftRow[]> {
  const { rows } = await db.query<ShiftRow>(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE staff_id = $1 AND ends_at > $2 AND starts_at < $3 ORDER BY starts_at, id`, [staffId, from, to]);
  return rows;
}

export async function insertShift(db: Queryable, s: { teamId: number; staffId: number; startsAt: string; endsAt: string }): Promise<ShiftRow> {
  const { rows } = await db.query<ShiftRow>(`INSERT INTO shifts (team_id, staff_id, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING ${SHIFT_COLUMNS}`, [s.teamId, s.staffId, s.startsAt, s.endsAt]);
  return rows[0]!;
}

/** Locks shifts (in id order, so two swaps of the same shifts wait for each other instead of deadlocking). */
export async function lockShifts(db: Queryable, ids: number[]): Promise<ShiftRow[]> {
  const { rows } = await db.query<ShiftRow>(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [ids]);
  return rows;
}

export async function shiftById(db: Queryable, id: number): Promise<ShiftRow | undefined> {
  const { rows } = await db.query<ShiftRow>(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE id = $1`, [id]);
  return rows[0];
}

/** Changes a shift as it was read; undefined when its version moved on. */
export async function updateShift(db: Queryable, id: number, version: number, s: { staffId: number; startsAt: string; endsAt: string }): Promise<ShiftRow | undefined> {
  const { rows } = await db.query<ShiftRow>(
    `UPDATE shifts SET staff_id = $3, starts_at = $4, ends_at = $5, version = version + 1 WHERE id = $1 AND version = $2 RETURNING ${SHIFT_COLUMNS}`,
    [id, version, s.staffId, s.startsAt, s.endsAt],
  );
  return rows[0];
}

export async function setShiftPerson(db: Queryable, id: number, staffId: number): Promise<void> {
  await db.query('UPDATE shifts SET staff_id = $2, version = version + 1 WHERE id = $1', [id, staffId]);
}

export async function deleteShift(db: Queryable, id: number): Promise<boolean> {
  return Boolean((await db.query('DELETE FROM shifts WHERE id = $1', [id])).rowCount);
}

// --- On call -------------------------------------------------------------------------------------

export type RotationRow = { rule: string; timeZone: string; handover: string; startsOn: string; members: number[] };

export async function rotationOf(db: Queryable, teamId: number): Promise<RotationRow | null> {
  const { rows } = await db.query<RotationRow>(
    `SELECT rule, time_zone AS "timeZone", to_char(handover, 'HH24:MI') AS handover, to_char(starts_on, 'YYYY-MM-DD') AS "startsOn", members::int[] AS members FROM on_call_rotations WHERE team_id = $1`,
    [teamId],
  );
  return rows[0] ?? null;
}

export async function saveRotation(db: Queryable, teamId: number, r: RotationRow): Promise<void> {
  await db.query(
    `INSERT INTO on_call_rotations (team_id, rule, time_zone, handover, starts_on, members) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (team_id) DO UPDATE SET rule = EXCLUDED.rule, time_zone = EXCLUDED.time_zone, handover = EXCLUDED.handover, starts_on = EXCLUDED.starts_on, members = EXCLUDED.members`,
    [teamId, r.rule, r.timeZone, r.handover, r.startsOn, r.members],
  );
}

export async function overridesBetween(db: Queryable, teamId: number, from: Date, to: Date): Promise<{ staffId: number; startsAt: string; endsAt: string }[]> {
  const { rows } = await db.query<{ staffId: number; startsAt: string; endsAt: string }>(
    `SELECT staff_id AS "staffId", ${iso('starts_at', '"startsAt"')}, ${iso('ends_at', '"endsAt"')} FROM on_call_overrides WHERE team_id = $1 AND ends_at > $2 AND starts_at < $3 ORDER BY id`,
    [teamId, from, to],
  );
  return rows;
}

export async function insertOverride(db: Queryable, teamId: number, o: { staffId: number; startsAt: string; endsAt: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO on_call_overrides (team_id, staff_id, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id', [teamId, o.staffId, o.startsAt, o.endsAt]);
  return rows[0]!.id;
}

/** A team's overrides that end after an instant, earliest first. */
export async function overridesAfter(db: Queryable, teamId: number, after: Date): Promise<{ id: number; staffId: number; startsAt: string; endsAt: string }[]> {
  const { rows } = await db.query<{ id: number; staffId: number; startsAt: string; endsAt: string }>(
    `SELECT id, staff_id AS "staffId", ${iso('starts_at', '"startsAt"')}, ${iso('ends_at', '"endsAt"')} FROM on_call_overrides WHERE team_id = $1 AND ends_at > $2 ORDER BY starts_at, id`,
    [teamId, after],
  );
  return rows;
}

export async function overrideById(db: Queryable, id: number): Promise<{ id: number; teamId: number; staffId: number } | undefined> {
  const { rows } = await db.query<{ id: number; teamId: number; staffId: number }>('SELECT id, team_id AS "teamId", staff_id AS "staffId" FROM on_call_overrides WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

export async function deleteOverride(db: Queryable, id: number): Promise<boolean> {
  return Boolean((await db.query('DELETE FROM on_call_overrides WHERE id = $1', [id])).rowCount);
}

export async function isMember(db: Queryable, teamId: number, staffId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM team_members WHERE team_id = $1 AND staff_id = $2', [teamId, staffId])).rows.length > 0;
}

// --- Feeds ---------------------------------------------------------------------------------------

export type FeedRow = { id: number; teamId: number | null; teamName: string | null; staffId: number | null; createdAt: string };

export async function feedsOf(db: Queryable, ownerId: number): Promise<FeedRow[]> {
  const { rows } = await db.query<FeedRow>(
    `SELECT f.id, f.team_id AS "teamId", t.name AS "teamName", f.staff_id AS "staffId", ${iso('f.created_at', '"createdAt"')}
       FROM schedule_feeds f LEFT JOIN teams t ON t.id = f.team_id WHERE f.owner_id = $1 AND f.revoked_at IS NULL ORDER BY f.id`,
    [ownerId],
  );
  return rows;
}

export async function insertFeed(db: Queryable, f: { ownerId: number; teamId: number | null; tokenHash: Buffer; now: Date }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO schedule_feeds (owner_id, staff_id, team_id, token_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [f.ownerId, f.teamId === null ? f.ownerId : null, f.teamId, f.tokenHash, f.now],
  );
  return rows[0]!.id;
}

export async function revokeFeed(db: Queryable, ownerId: number, id: number, now: Date): Promise<boolean> {
  return Boolean((await db.query('UPDATE schedule_feeds SET revoked_at = $3 WHERE id = $1 AND owner_id = $2 AND revoked_at IS NULL', [id, ownerId, now])).rowCount);
}

export async function feedByHash(db: Queryable, hash: Buffer): Promise<{ staffId: number | null; teamId: number | null } | undefined> {
  const { rows } = await db.query<{ staffId: number | null; teamId: number | null }>(
    'SELECT staff_id AS "staffId", team_id AS "teamId" FROM schedule_feeds WHERE token_hash = $1 AND revoked_at IS NULL',
    [hash],
  );
  return rows[0];
}

// --- PTO ---------------------------------------------------------------------------------------------

export async function planOf(db: Queryable, staffId: number): Promise<(PtoPlan & { name: string }) | null> {
  const { rows } = await db.query<PtoPlan & { name: string }>(
    `SELECT p.name, p.hours_per_month::float8 AS "hoursPerMonth", p.cap_hours::float8 AS "capHours", p.carry_over_hours::float8 AS "carryOverHours",
            p.carry_over_expires AS "carryOverExpires", p.floor_hours::float8 AS "floorHours", p.hours_per_day::float8 AS "hoursPerDay"
       FROM pto_plan_members m JOIN pto_plans p ON p.id = m.plan_id WHERE m.staff_id = $1`,
    [staffId],
  );
  return rows[0] ?? null;
}

export async function planMembers(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ staff_id: number }>('SELECT m.staff_id FROM pto_plan_members m JOIN staff_users u ON u.id = m.staff_id WHERE u.active ORDER BY 1');
  return rows.map((r) => r.staff_id);
}

export async function ledgerOf(db: Queryable, staffId: number): Promise<LedgerEntry[]> {
  const { rows } = await db.query<LedgerEntry>(
    `SELECT kind, hours::float8 AS hours, to_char(effective_on, 'YYYY-MM-DD') AS on, source FROM pto_ledger WHERE staff_id = $1 ORDER BY effective_on, id`,
    [staffId],
  );
  return rows;
}

/** Adds ledger entries; one whose source the person already has is skipped. Answers how many were added. */
export async function addLedgerEntries(db: Queryable, staffId: number, entries: readonly (LedgerEntry & { requestId?: number })[], now: Date): Promise<number> {
  let added = 0;
  for (const e of entries) {
    const { rowCount } = await db.query(
      `INSERT INTO pto_ledger (staff_id, kind, hours, effective_on, source, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (staff_id, source) DO NOTHING`,
      [staffId, e.kind satisfies LedgerKind, e.hours, e.on, e.source, e.requestId ?? null, now],
    );
    added += rowCount ?? 0;
  }
  return added;
}

/** Serialises a person's PTO changes (a request's check, an approval, the accrual job). */
export async function lockPto(db: Queryable, staffId: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['pto', staffId]);
}

type PtoRequestRow = { id: number; payload: { from: string; to: string; unit: 'days' | 'hours'; hours?: number; note?: string }; state: string; requester: string; requesterId: number };

/** PTO requests of the engine: of some people (null: everyone), in some states, touching a range of days. */
export async function ptoRequests(db: Queryable, f: { staffIds: number[] | null; states: string[]; from?: string; to?: string; waitingOn?: number }): Promise<PtoRequestRow[]> {
  const { rows } = await db.query<PtoRequestRow>(
    `SELECT r.id, r.payload, r.state, u.name AS requester, r.requester_id AS "requesterId"
       FROM approval_requests r JOIN staff_users u ON u.id = r.requester_id
      WHERE r.form_type = 'pto' AND r.state = ANY($2::text[]) AND ($1::int[] IS NULL OR r.requester_id = ANY($1::int[]))
        AND ($3::text IS NULL OR r.payload->>'to' >= $3) AND ($4::text IS NULL OR r.payload->>'from' <= $4)
        AND ($5::int IS NULL OR $5 = ANY(r.waiting_on))
      ORDER BY r.payload->>'from', r.id`,
    [f.staffIds, f.states, f.from ?? null, f.to ?? null, f.waitingOn ?? null],
  );
  return rows;
}

export async function ptoRequestById(db: Queryable, id: number): Promise<(PtoRequestRow & { approvers: number[] }) | undefined> {
  const { rows } = await db.query<PtoRequestRow & { approvers: number[] }>(
    `SELECT r.id, r.payload, r.state, u.name AS requester, r.requester_id AS "requesterId",
            ARRAY(SELECT (a->>'id')::int FROM jsonb_array_elements(r.context->'steps') s, jsonb_array_elements(s->'approvers') a) AS approvers
       FROM approval_requests r JOIN staff_users u ON u.id = r.requester_id WHERE r.id = $1 AND r.form_type = 'pto'`,
    [id],
  );
  return rows[0];
}

/** A person's zone: the one on their profile, else their first team's, else UTC. */
export async function zoneOf(db: Queryable, staffId: number): Promise<string> {
  const { rows } = await db.query<{ zone: string }>(
    `SELECT COALESCE((SELECT time_zone FROM staff_profiles WHERE staff_id = $1),
                     (SELECT t.time_zone FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.staff_id = $1 ORDER BY t.id LIMIT 1),
                     'UTC') AS zone`,
    [staffId],
  );
  return rows[0]?.zone ?? 'UTC';
}

export async function workDaysOf(db: Queryable, staffId: number): Promise<number[] | null> {
  const { rows } = await db.query<{ days: number[] | null }>('SELECT work_days::int[] AS days FROM staff_profiles WHERE staff_id = $1', [staffId]);
  return rows[0]?.days ?? null;
}

/** The length of a person's working day in hours from their own working hours, or null when they set none. */
export async function workDayHoursOf(db: Queryable, staffId: number): Promise<number | null> {
  const { rows } = await db.query<{ hours: number }>(
    `SELECT (extract(epoch FROM (work_end - work_start)) / 3600 + CASE WHEN work_end > work_start THEN 0 ELSE 24 END)::float8 AS hours FROM staff_profiles WHERE staff_id = $1`,
    [staffId],
  );
  return rows[0]?.hours ?? null;
}

export async function staffNamed(db: Queryable, ids: number[]): Promise<{ id: number; name: string; email: string; managerId: number | null }[]> {
  const { rows } = await db.query<{ id: number; name: string; email: string; managerId: number | null }>(
    'SELECT id, name, email, manager_id AS "managerId" FROM staff_users WHERE id = ANY($1::int[]) AND active',
    [ids],
  );
  return rows;
}

export async function reportsOf(db: Queryable, managerId: number | null): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM staff_users WHERE active AND ($1::int IS NULL OR manager_id = $1) ORDER BY id', [managerId]);
  return rows.map((r) => r.id);
}

// --- Certifications ------------------------------------------------------------------------------

const CERT = `c.id, c.staff_id AS "staffId", u.name AS person, c.name, c.issuer, to_char(c.earned_on, 'YYYY-MM-DD') AS "earnedOn", to_char(c.expires_on, 'YYYY-MM-DD') AS "expiresOn",
              (c.expires_on - $1::date) AS "daysLeft"`;

export async function certificationsOf(db: Queryable, staffIds: number[] | null, today: string, expiringWithin?: number): Promise<Certification[]> {
  const { rows } = await db.query<Certification>(
    `SELECT ${CERT} FROM certifications c JOIN staff_users u ON u.id = c.staff_id
      WHERE ($2::int[] IS NULL OR c.staff_id = ANY($2::int[])) AND ($3::int IS NULL OR (c.expires_on IS NOT NULL AND c.expires_on - $1::date <= $3))
      ORDER BY c.expires_on NULLS LAST, c.name`,
    [today, staffIds, expiringWithin ?? null],
  );
  return rows;
}

export async function insertCertification(db: Queryable, staffId: number, c: { name: string; issuer: string; earnedOn: string; expiresOn: string | null }, today: string): Promise<Certification> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO certifications (staff_id, name, issuer, earned_on, expires_on) VALUES ($1, $2, $3, $4, $5) RETURNING id', [staffId, c.name, c.issuer, c.earnedOn, c.expiresOn]);
  return (await db.query<Certification>(`SELECT ${CERT} FROM certifications c JOIN staff_users u ON u.id = c.staff_id WHERE c.id = $2`, [today, rows[0]!.id])).rows[0]!;
}

export async function deleteCertification(db: Queryable, staffId: number, id: number): Promise<boolean> {
  return Boolean((await db.query('DELETE FROM certifications WHERE id = $1 AND staff_id = $2', [id, staffId])).rowCount);
}

/** Certifications not expired yet whose expiry is within the longest reminder. */
export async function certificationsExpiringWithin(db: Queryable, today: string, days: number): Promise<{ id: number; staffId: number; name: string; expiresOn: string; daysLeft: number; email: string; person: string }[]> {
  const { rows } = await db.query<{ id: number; staffId: number; name: string; expiresOn: string; daysLeft: number; email: string; person: string }>(
    `SELECT c.id, c.staff_id AS "staffId", c.name, to_char(c.expires_on, 'YYYY-MM-DD') AS "expiresOn", (c.expires_on - $1::date) AS "daysLeft", u.email, u.name AS person
       FROM certifications c JOIN staff_users u ON u.id = c.staff_id
      WHERE u.active AND c.expires_on > $1::date AND c.expires_on - $1::date <= $2 ORDER BY c.id`,
    [today, days],
  );
  return rows;
}

/** Marks reminders as sent; answers the ones this call marked (a concurrent run marks none of them twice). */
export async function markReminders(db: Queryable, certificationId: number, days: number[], now: Date): Promise<number[]> {
  const { rows } = await db.query<{ days_before: number }>(
    `INSERT INTO certification_reminders (certification_id, days_before, sent_at) SELECT $1, d, $3 FROM unnest($2::int[]) d
     ON CONFLICT DO NOTHING RETURNING days_before`,
    [certificationId, days, now],
  );
  return rows.map((r) => r.days_before);
}

export type { PtoRequest };

// --- Queues that require a certification ---------------------------------------------------------

export async function queueRules(db: Queryable): Promise<{ queue: string; certification: string }[]> {
  const { rows } = await db.query<{ queue: string; certification: string }>('SELECT queue, certification FROM queue_certifications ORDER BY queue');
  return rows;
}

/** The certification names held, each once (any case: the first spelling by name), by name. */
export async function certificationNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT DISTINCT ON (lower(name)) name FROM certifications ORDER BY lower(name), name');
  return rows.map((r) => r.name);
}

export async function queueRule(db: Queryable, queue: string): Promise<string | null> {
  const { rows } = await db.query<{ certification: string }>('SELECT certification FROM queue_certifications WHERE queue = $1', [queue]);
  return rows[0]?.certification ?? null;
}

export async function setQueueRule(db: Queryable, queue: string, certification: string | null, staffId: number, now: Date): Promise<void> {
  if (certification === null) await db.query('DELETE FROM queue_certifications WHERE queue = $1', [queue]);
  else {
    await db.query(
      `INSERT INTO queue_certifications (queue, certification, set_by, set_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (queue) DO UPDATE SET certification = EXCLUDED.certification, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at`,
      [queue, certification, staffId, now],
    );
  }
}

/** Whether a person holds a certification of this name (any case) that has not expired on a day (their day). */
/**
 * The active staff without a certification of this name (any case) that has no expiry or expires on
 * or after their own day (their profile's zone, else their first team's, else UTC), by id.
 */
export async function staffWithoutValidCertification(db: Queryable, name: string, now: Date): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM staff_users u
      WHERE u.active
        AND NOT EXISTS (
          SELECT 1 FROM certifications c
           WHERE c.staff_id = u.id AND lower(c.name) = lower($1)
             AND (c.expires_on IS NULL OR c.expires_on >= ($2::timestamptz AT TIME ZONE COALESCE(
                   (SELECT p.time_zone FROM staff_profiles p WHERE p.staff_id = u.id),
                   (SELECT t.time_zone FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.staff_id = u.id ORDER BY t.id LIMIT 1),
                   'UTC'))::date))
      ORDER BY u.id`,
    [name, now],
  );
  return rows.map((r) => r.id);
}

export async function holdsValidCertification(db: Queryable, staffId: number, name: string, today: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM certifications WHERE staff_id = $1 AND lower(name) = lower($2) AND (expires_on IS NULL OR expires_on >= $3::date) LIMIT 1',
    [staffId, name, today],
  );
  return rows.length > 0;
}

export async function staffName(db: Queryable, staffId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM staff_users WHERE id = $1', [staffId]);
  return rows[0]?.name ?? null;
}

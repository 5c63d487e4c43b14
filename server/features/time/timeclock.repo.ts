/** The timeclock's SQL: punch in, breaks, punch out; one open punch per person (a partial unique index). */
import { dayInZone, minutesByDay, weekDays, type FlaggedPunch, type Punch, type TimeclockState, type TimeclockView } from '@contracts/time';
import type { OwnPunch } from '@contracts/forms';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { iso, type Queryable } from '@server/platform/sql';

const punchColumns = (p = '') => `${p}id::int AS id, ${iso(`${p}punched_in_at`)}, ${iso(`${p}punched_out_at`)}, ${iso(`${p}break_started_at`)}, ${p}break_seconds,
  (${p}flagged_at IS NOT NULL AND ${p}corrected_by IS NULL) AS flagged, ${p}time_zone`;
const PUNCH_COLUMNS = punchColumns();

const stateOf = (open: Punch | null): TimeclockState => (!open ? 'out' : open.break_started_at ? 'onBreak' : 'in');

/** Worked intervals of punches: breaks (taken and running) are taken off. */
const intervalsOf = (punches: readonly Punch[], now: Date) =>
  punches.map((p) => ({
    start: new Date(p.punched_in_at),
    end: p.punched_out_at ? new Date(p.punched_out_at) : now,
    breakMinutes: (p.break_seconds + (p.break_started_at ? Math.max(0, (now.getTime() - Date.parse(p.break_started_at)) / 1000) : 0)) / 60,
  }));

export async function timeclockView(db: Queryable, userId: number, week: string, timeZone: string, now: Date): Promise<TimeclockView> {
  const days = weekDays(week);
  const { rows: punches } = await db.query<Punch>(
    `SELECT ${PUNCH_COLUMNS} FROM timeclock_punches
      WHERE staff_user_id = $1 AND punched_in_at < ($3::date + 1)::timestamp AT TIME ZONE $4 AND COALESCE(punched_out_at, 'infinity') > $2::date::timestamp AT TIME ZONE $4
      ORDER BY punched_in_at`,
    [userId, days[0], days[6], timeZone],
  );
  const { rows: open } = await db.query<Punch>(`SELECT ${PUNCH_COLUMNS} FROM timeclock_punches WHERE staff_user_id = $1 AND punched_out_at IS NULL`, [userId]);
  const minutes = minutesByDay(intervalsOf(punches, now), days, timeZone, now);
  const today = dayInZone(now, timeZone);
  const todayMinutes = days.includes(today) ? minutes[days.indexOf(today)]! : minutesByDay(intervalsOf(open, now), [today], timeZone, now)[0]!;
  return {
    state: stateOf(open[0] ?? null),
    open: open[0] ?? null,
    punches,
    days,
    minutes,
    today: todayMinutes,
    week: minutes.reduce((a, b) => a + b, 0),
    now: now.toISOString(),
  };
}

/** Opens a punch; the database refuses a second open punch of a person (a unique violation, 23505). */
export async function insertPunch(db: Queryable, userId: number, timeZone: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at) VALUES ($1, $2, $3) RETURNING id::int AS id', [userId, timeZone, now]);
  return rows[0]!.id;
}

/** A person's open punch, locked, or null. */
export async function openPunch(db: Queryable, userId: number): Promise<{ id: number; on_break: boolean } | null> {
  const { rows } = await db.query<{ id: number; on_break: boolean }>(
    'SELECT id::int AS id, break_started_at IS NOT NULL AS on_break FROM timeclock_punches WHERE staff_user_id = $1 AND punched_out_at IS NULL FOR UPDATE',
    [userId],
  );
  return rows[0] ?? null;
}

/** Ends a running break (its seconds added) at an instant. */
const END_BREAK = `break_seconds = break_seconds + CASE WHEN break_started_at IS NULL THEN 0 ELSE GREATEST(0, floor(extract(epoch FROM $2::timestamptz - break_started_at)))::int END, break_started_at = NULL`;

/** Starts a break, ends it, or punches out (ending a running break), at an instant. */
export async function updatePunch(db: Queryable, id: number, action: 'breakStart' | 'breakEnd' | 'out', at: Date): Promise<void> {
  const sql = {
    breakStart: 'UPDATE timeclock_punches SET break_started_at = $2 WHERE id = $1',
    breakEnd: `UPDATE timeclock_punches SET ${END_BREAK} WHERE id = $1`,
    out: `UPDATE timeclock_punches SET ${END_BREAK}, punched_out_at = $2 WHERE id = $1`,
  }[action];
  await db.query(sql, [id, at]);
}

/** The zone the sweep counts a punch's day in: its own, or UTC when the database does not know it (PostgreSQL reads names without regard to case). */
const SWEEP_ZONE = `CASE WHEN lower(time_zone) IN (SELECT lower(name) FROM pg_timezone_names) THEN time_zone ELSE 'UTC' END`;

/**
 * Flags punches left open past the end of the day they started, in the zone they were punched in
 * (UTC for a zone the database does not know); answers those flagged now, with the zone counted in.
 */
export async function flagOpenPunchesPastTheirDay(db: Queryable, now: Date): Promise<{ id: number; zone: string; stored: string }[]> {
  const { rows } = await db.query<{ id: number; zone: string; stored: string }>(
    `WITH open AS (
       SELECT id, punched_in_at, time_zone AS stored, ${SWEEP_ZONE} AS zone
         FROM timeclock_punches WHERE punched_out_at IS NULL AND flagged_at IS NULL
     )
     UPDATE timeclock_punches p SET flagged_at = $1 FROM open o
      WHERE p.id = o.id AND ($1::timestamptz AT TIME ZONE o.zone)::date > (o.punched_in_at AT TIME ZONE o.zone)::date
      RETURNING p.id::int AS id, o.zone, o.stored`,
    [now],
  );
  return rows;
}

/** Open punches, not flagged before this sweep, whose stored zone the database does not know. */
export async function openPunchesInUnknownZones(db: Queryable, now: Date): Promise<{ id: number; time_zone: string }[]> {
  const { rows } = await db.query<{ id: number; time_zone: string }>(
    `SELECT id::int AS id, time_zone FROM timeclock_punches WHERE punched_out_at IS NULL AND (flagged_at IS NULL OR flagged_at = $1) AND ${SWEEP_ZONE} = 'UTC' AND time_zone <> 'UTC'`,
    [now],
  );
  return rows;
}

/** Flagged punches not corrected yet, of the people the principal manages. */
export async function flaggedPunches(db: Queryable, me: StaffPrincipal): Promise<FlaggedPunch[]> {
  const { rows } = await db.query<FlaggedPunch>(
    `SELECT ${punchColumns('p.')}, p.staff_user_id, s.name
       FROM timeclock_punches p JOIN staff_users s ON s.id = p.staff_user_id
      WHERE p.flagged_at IS NOT NULL AND p.corrected_by IS NULL AND p.staff_user_id <> $1 AND ($2 OR s.manager_id = $1)
      ORDER BY p.punched_in_at LIMIT 200`,
    [me.userId, me.role === 'admin'],
  );
  return rows;
}

/** A punch, locked, or null. */
export async function punchForUpdate(db: Queryable, id: number): Promise<{ staff_user_id: number; punched_in_at: Date; punched_out_at: Date | null; time_zone: string } | null> {
  const { rows } = await db.query<{ staff_user_id: number; punched_in_at: Date; punched_out_at: Date | null; time_zone: string }>(
    'SELECT staff_user_id, punched_in_at, punched_out_at, time_zone FROM timeclock_punches WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/** Sets a punch's punch-out (ending a running break then), as corrected by a manager. */
export async function setPunchOut(db: Queryable, id: number, at: Date, correctedBy: number): Promise<void> {
  await db.query(`UPDATE timeclock_punches SET ${END_BREAK}, punched_out_at = $2, corrected_by = $3 WHERE id = $1`, [id, at, correctedBy]);
}

/** A punch as a correction reads and changes it: whose, in and out (null while open). */
export type CorrectablePunch = { staffUserId: number; punchedInAt: string; punchedOutAt: string | null; breakSeconds: number };

/** A punch as a correction reads it (locked when it is to be changed), or null. */
export async function correctablePunch(db: Queryable, id: number, forUpdate = false): Promise<CorrectablePunch | null> {
  const { rows } = await db.query<CorrectablePunch>(
    `SELECT staff_user_id AS "staffUserId", ${iso('punched_in_at', '"punchedInAt"')}, ${iso('punched_out_at', '"punchedOutAt"')}, break_seconds AS "breakSeconds"
       FROM timeclock_punches WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A person's punches that started from a day on (in a zone), newest first. */
export async function ownPunchesSince(db: Queryable, userId: number, fromDay: string, timeZone: string, limit: number): Promise<OwnPunch[]> {
  const { rows } = await db.query<OwnPunch>(
    `SELECT id::int AS id, ${iso('punched_in_at', '"punchedInAt"')}, ${iso('punched_out_at', '"punchedOutAt"')}, time_zone AS "timeZone", break_seconds AS "breakSeconds"
       FROM timeclock_punches WHERE staff_user_id = $1 AND punched_in_at >= $2::date::timestamp AT TIME ZONE $3
      ORDER BY punched_in_at DESC LIMIT $4`,
    [userId, fromDay, timeZone, limit],
  );
  return rows;
}

/** Another punch of the person that overlaps the interval (an open one runs until now), or null. */
export async function overlappingPunch(db: Queryable, userId: number, exceptId: number, start: Date, end: Date): Promise<{ id: number; punchedInAt: string } | null> {
  const { rows } = await db.query<{ id: number; punchedInAt: string }>(
    `SELECT id::int AS id, ${iso('punched_in_at', '"punchedInAt"')} FROM timeclock_punches
      WHERE staff_user_id = $1 AND id <> $2 AND punched_in_at < $4 AND COALESCE(punched_out_at, 'infinity') > $3
      ORDER BY punched_in_at LIMIT 1`,
    [userId, exceptId, start, end],
  );
  return rows[0] ?? null;
}

/** Sets a punch's in and out as an approved correction states them; the approver is its corrector. */
export async function setPunchTimes(db: Queryable, id: number, punchedInAt: string, punchedOutAt: string, correctedBy: number | null): Promise<void> {
  await db.query('UPDATE timeclock_punches SET punched_in_at = $2, punched_out_at = $3, corrected_by = COALESCE($4, corrected_by) WHERE id = $1', [id, punchedInAt, punchedOutAt, correctedBy]);
}

/** The timeclock: punch in, breaks, punch out; one open punch per person (a partial unique index). */
import { dayInZone, minutesByDay, weekDays, type FlaggedPunch, type PunchActionName, type Punch, type TimeclockState, type TimeclockView } from '@contracts/time';
import { audit, SYSTEM, type AuditActor } from '@server/platform/audit';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { forbidden, invalidField, notFound } from '@server/platform/http/errors';
import { iso, type Queryable } from '@server/platform/sql';
import { conflict, manages, person } from './access';

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

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** One punch action; the database refuses a second open punch of a person (two tabs, two devices). */
export async function punch(db: Queryable, actor: AuditActor, userId: number, action: PunchActionName, timeZone: string, now: Date): Promise<void> {
  if (action === 'in') {
    try {
      const { rows } = await db.query<{ id: number }>('INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at) VALUES ($1, $2, $3) RETURNING id::int AS id', [userId, timeZone, now]);
      await audit(db, { actor, entity: 'punch', entityId: rows[0]!.id, action: 'in' });
      return;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('You are already punched in (in another tab or on another device)');
      throw error;
    }
  }
  const { rows } = await db.query<{ id: number; on_break: boolean }>(
    'SELECT id::int AS id, break_started_at IS NOT NULL AS on_break FROM timeclock_punches WHERE staff_user_id = $1 AND punched_out_at IS NULL FOR UPDATE',
    [userId],
  );
  const open = rows[0];
  if (!open) throw conflict('You are not punched in');
  if (action === 'breakStart' && open.on_break) throw conflict('You are already on a break');
  if (action === 'breakEnd' && !open.on_break) throw conflict('You are not on a break');
  const endBreak = `break_seconds = break_seconds + CASE WHEN break_started_at IS NULL THEN 0 ELSE GREATEST(0, floor(extract(epoch FROM $2::timestamptz - break_started_at)))::int END, break_started_at = NULL`;
  const sql = {
    breakStart: 'UPDATE timeclock_punches SET break_started_at = $2 WHERE id = $1',
    breakEnd: `UPDATE timeclock_punches SET ${endBreak} WHERE id = $1`,
    out: `UPDATE timeclock_punches SET ${endBreak}, punched_out_at = $2 WHERE id = $1`,
  }[action];
  await db.query(sql, [open.id, now]);
  await audit(db, { actor, entity: 'punch', entityId: open.id, action });
}

/** Said when a punch's stored zone is one the database does not know (stored before zones were checked with it). */
export type UnknownZoneLog = (detail: { punch: number; time_zone: string }, message: string) => void;

/** The zone the sweep counts a punch's day in: its own, or UTC when the database does not know it (PostgreSQL reads names without regard to case). */
const SWEEP_ZONE = `CASE WHEN lower(time_zone) IN (SELECT lower(name) FROM pg_timezone_names) THEN time_zone ELSE 'UTC' END`;

/**
 * Flags punches left open past the end of the day they started (in the zone they were punched
 * in): the person forgot to punch out. A punch whose stored zone the database does not know is
 * counted in UTC and logged, so it cannot stop the sweep for everyone. Answers how many were
 * flagged. Idempotent.
 */
export async function flagForgottenPunches(db: Queryable, now: Date, log: UnknownZoneLog = () => undefined): Promise<number> {
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
  const { rows: unknown } = await db.query<{ id: number; time_zone: string }>(
    `SELECT id::int AS id, time_zone FROM timeclock_punches WHERE punched_out_at IS NULL AND (flagged_at IS NULL OR flagged_at = $1) AND ${SWEEP_ZONE} = 'UTC' AND time_zone <> 'UTC'`,
    [now],
  );
  for (const u of unknown) log({ punch: u.id, time_zone: u.time_zone }, 'A punch has a time zone the database does not know; its day is counted in UTC');
  for (const r of rows) {
    const fallback = r.zone !== r.stored ? { counted_in: r.zone, unknown_time_zone: r.stored } : undefined;
    await audit(db, { actor: SYSTEM, entity: 'punch', entityId: r.id, action: 'flag_forgotten_punch_out', ...(fallback ? { detail: fallback } : {}) });
  }
  return rows.length;
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

/** A manager sets the punch-out of a person's punch (a forgotten one); audit logged with before and after. */
export async function correctPunch(db: Queryable, me: StaffPrincipal, id: number, punchedOutAt: Date, now: Date): Promise<void> {
  const { rows } = await db.query<{ staff_user_id: number; punched_in_at: Date; punched_out_at: Date | null }>(
    'SELECT staff_user_id, punched_in_at, punched_out_at FROM timeclock_punches WHERE id = $1 FOR UPDATE',
    [id],
  );
  const p = rows[0];
  if (!p) throw notFound('No such punch');
  if (!manages(me, await person(db, p.staff_user_id))) throw forbidden("Only the person's manager or an admin corrects a punch");
  if (punchedOutAt < p.punched_in_at) throw invalidField('punched_out_at', 'Punched out must be after the punch-in');
  if (punchedOutAt > now) throw invalidField('punched_out_at', 'Punched out must not be in the future');
  if (punchedOutAt.getTime() - p.punched_in_at.getTime() > 24 * 3600_000) throw invalidField('punched_out_at', 'A punch lasts at most 24 hours');
  await db.query(
    `UPDATE timeclock_punches SET break_seconds = break_seconds + CASE WHEN break_started_at IS NULL THEN 0 ELSE GREATEST(0, floor(extract(epoch FROM $2::timestamptz - break_started_at)))::int END,
            break_started_at = NULL, punched_out_at = $2, corrected_by = $3 WHERE id = $1`,
    [id, punchedOutAt, me.userId],
  );
  await audit(db, {
    actor: { type: 'staff', id: me.userId },
    entity: 'punch',
    entityId: id,
    action: 'correct',
    detail: { before: p.punched_out_at?.toISOString() ?? null, after: punchedOutAt.toISOString() },
  });
}

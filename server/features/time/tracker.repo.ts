/**
 * The managed-services timer's SQL. The timer lives in the database (start, pause, paused
 * seconds), so every window and device shows the same running time.
 */
import { timerSeconds, type TrackerTimer, type TrackerView } from '@contracts/time';
import { notFound } from '@server/platform/http/errors';
import { iso, type Queryable } from '@server/platform/sql';
import type { Person } from './access';
import { contractOf } from './managed.repo';

/**
 * A person's timer on a company: its instants to the millisecond for the arithmetic (a start kept
 * to the whole second would begin before an entry that ended earlier in that second, and every
 * stop would then overlap it), and as the answer shows them (ISO, whole seconds).
 */
export type StoredTimer = { view: TrackerTimer; started: Date; paused: Date | null };

export async function timerOf(db: Queryable, userId: number, companyId: number, lock = false): Promise<StoredTimer | null> {
  const { rows } = await db.query<TrackerTimer & { started: Date; paused: Date | null }>(
    `SELECT ${iso('started_at')}, ${iso('paused_at')}, paused_seconds, started_at AS started, paused_at AS paused
       FROM ms_timers WHERE staff_user_id = $1 AND company_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [userId, companyId],
  );
  const row = rows[0];
  if (!row) return null;
  return { view: { started_at: row.started_at, paused_at: row.paused_at, paused_seconds: row.paused_seconds }, started: row.started, paused: row.paused };
}

/** Seconds a stored timer has run at `now`, from its exact instants. */
export const secondsOf = (timer: StoredTimer, now: Date) =>
  timerSeconds({ started_at: timer.started.toISOString(), paused_at: timer.paused?.toISOString() ?? null, paused_seconds: timer.view.paused_seconds }, now);

export async function trackerView(db: Queryable, who: Person, companyId: number, now: Date): Promise<TrackerView> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM companies WHERE id = $1', [companyId]);
  if (!rows[0]) throw notFound('No such company');
  const contract = await contractOf(db, companyId);
  if (!contract) throw notFound(`${rows[0].name} has no managed-services contract`);
  return {
    company: rows[0],
    user: { id: who.id, name: who.name },
    rounding_minutes: contract.rounding_minutes,
    timer: (await timerOf(db, who.id, companyId))?.view ?? null,
    now: now.toISOString(),
  };
}

export async function insertTimer(db: Queryable, userId: number, companyId: number, now: Date): Promise<void> {
  await db.query('INSERT INTO ms_timers (staff_user_id, company_id, started_at) VALUES ($1, $2, $3)', [userId, companyId, now]);
}

export async function pauseTimer(db: Queryable, userId: number, companyId: number, now: Date): Promise<void> {
  await db.query('UPDATE ms_timers SET paused_at = $3 WHERE staff_user_id = $1 AND company_id = $2', [userId, companyId, now]);
}

/** Resumes a paused timer: the pause's whole seconds are added to the paused seconds. */
export async function resumeTimer(db: Queryable, userId: number, companyId: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE ms_timers SET paused_seconds = paused_seconds + GREATEST(0, floor(extract(epoch FROM $3::timestamptz - paused_at)))::int, paused_at = NULL
      WHERE staff_user_id = $1 AND company_id = $2`,
    [userId, companyId, now],
  );
}

export async function deleteTimer(db: Queryable, userId: number, companyId: number): Promise<void> {
  await db.query('DELETE FROM ms_timers WHERE staff_user_id = $1 AND company_id = $2', [userId, companyId]);
}

/** A timed entry of the person overlapping the interval, or null. */
export async function overlappingEntry(db: Queryable, userId: number, start: Date, end: Date): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id::int AS id FROM time_entries WHERE staff_user_id = $1 AND started_at < $3 AND ended_at > $2 LIMIT 1', [userId, start, end]);
  return rows[0]?.id ?? null;
}

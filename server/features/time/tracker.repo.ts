/**
 * The managed-services timer of a person on a company. It lives in the database (start, pause,
 * paused seconds), so every window and device shows the same running time; stopping posts a time
 * entry on the company's contract, rounded by the contract's rule.
 */
import { dayInZone, MINUTES_PER_DAY, roundMinutes, timerSeconds, type TrackerActionName, type TrackerTimer, type TrackerView } from '@contracts/time';
import { audit, type AuditActor } from '@server/platform/audit';
import { notFound } from '@server/platform/http/errors';
import { iso, type Queryable } from '@server/platform/sql';
import { conflict, lockPerson, type Person } from './access';
import { contractOf } from './managed.repo';
import { assertWeekOpen, dayMinutes } from './timesheet.repo';

/**
 * A person's timer on a company: its instants to the millisecond for the arithmetic (a start kept
 * to the whole second would begin before an entry that ended earlier in that second, and every
 * stop would then overlap it), and as the answer shows them (ISO, whole seconds).
 */
type StoredTimer = { view: TrackerTimer; started: Date; paused: Date | null };

async function timerOf(db: Queryable, userId: number, companyId: number, lock = false): Promise<StoredTimer | null> {
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
const secondsOf = (timer: StoredTimer, now: Date) =>
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

export type TrackerResult = Pick<TrackerView, 'posted'>;

/**
 * start, pause, resume, stop (with a note) or discard; each refuses what the timer's state does
 * not allow with a 409. Discard drops a running or paused timer without posting anything: the way
 * out of a timer whose time cannot be posted (it overlaps time tracked meanwhile, or its day is
 * full), for its owner or whoever may act for them.
 */
export async function trackerAction(
  db: Queryable,
  actor: AuditActor,
  who: Person,
  companyId: number,
  input: { action: TrackerActionName; note?: string | undefined; tz: string },
  now: Date,
): Promise<TrackerResult> {
  await lockPerson(db, who.id);
  const contract = await contractOf(db, companyId);
  if (!contract) throw conflict('This company has no managed-services contract, so its time cannot be tracked here');
  const timer = await timerOf(db, who.id, companyId, true);
  const detail = { company_id: companyId };
  switch (input.action) {
    case 'start':
      if (timer) throw conflict('The timer is already running for this company');
      await db.query('INSERT INTO ms_timers (staff_user_id, company_id, started_at) VALUES ($1, $2, $3)', [who.id, companyId, now]);
      break;
    case 'pause':
      if (!timer || timer.paused) throw conflict(timer ? 'The timer is already paused' : 'The timer is not running');
      await db.query('UPDATE ms_timers SET paused_at = $3 WHERE staff_user_id = $1 AND company_id = $2', [who.id, companyId, now]);
      break;
    case 'resume':
      if (!timer?.paused) throw conflict(timer ? 'The timer is not paused' : 'The timer is not running');
      await db.query(
        `UPDATE ms_timers SET paused_seconds = paused_seconds + GREATEST(0, floor(extract(epoch FROM $3::timestamptz - paused_at)))::int, paused_at = NULL
          WHERE staff_user_id = $1 AND company_id = $2`,
        [who.id, companyId, now],
      );
      break;
    case 'discard': {
      if (!timer) throw conflict('The timer is not running');
      await db.query('DELETE FROM ms_timers WHERE staff_user_id = $1 AND company_id = $2', [who.id, companyId]);
      await audit(db, { actor, entity: 'ms_timer', entityId: who.id, action: 'discard', detail: { ...detail, started_at: timer.started.toISOString(), seconds: secondsOf(timer, now) } });
      return {};
    }
    case 'stop': {
      if (!timer) throw conflict('The timer is not running');
      const minutes = roundMinutes(secondsOf(timer, now) / 60, contract.rounding_minutes);
      const day = dayInZone(timer.started, input.tz);
      await assertWeekOpen(db, who.id, day);
      if ((await dayMinutes(db, who.id, day)) + minutes > MINUTES_PER_DAY) throw conflict(`${day} would hold more than 24 hours; discard this timer and log the time on the timesheet`);
      // The entry's interval ends at the pause (or now), and after its start even when stopped at
      // the instant it started, or by a server whose clock is a little behind the one that started it.
      const end = new Date(Math.max((timer.paused ?? now).getTime(), timer.started.getTime() + 1));
      const { rows: overlap } = await db.query<{ id: number }>(
        `SELECT id::int AS id FROM time_entries WHERE staff_user_id = $1 AND started_at < $3 AND ended_at > $2 LIMIT 1`,
        [who.id, timer.started, end],
      );
      if (overlap[0]) throw conflict(`This time overlaps time entry ${overlap[0].id}, which was tracked at the same time; discard this timer and log the time on the timesheet`);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO time_entries (staff_user_id, company_id, work_date, minutes, billable, description, source, started_at, ended_at)
         VALUES ($1, $2, $3, $4, true, $5, 'tracker', $6, $7) RETURNING id::int AS id`,
        [who.id, companyId, day, minutes, input.note ?? '', timer.started, end],
      );
      await db.query('DELETE FROM ms_timers WHERE staff_user_id = $1 AND company_id = $2', [who.id, companyId]);
      await audit(db, { actor, entity: 'time_entry', entityId: rows[0]!.id, action: 'track', detail: { ...detail, minutes, day } });
      return { posted: { id: rows[0]!.id, minutes, work_date: day } };
    }
  }
  await audit(db, { actor, entity: 'ms_timer', entityId: who.id, action: input.action, detail });
  return {};
}

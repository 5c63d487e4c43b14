/**
 * Whose activities a staff user may log: their own; their reports' as their manager
 * (staff_users.manager_id); anyone's as an admin. The same rule as the time feature's "the person,
 * their manager or an admin" (server/features/time/access.ts), which that feature does not export.
 */
import type { SalesReps } from '@contracts/sales';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { ERROR_CODES } from '@contracts/common/errors';
import { ApiError, invalidField } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';

type Me = Pick<StaffPrincipal, 'userId' | 'role'>;

const NOT_YOURS = 'Only the rep, their manager or an admin may log activities for this rep';

/** 400 unless the rep is an active staff user; 403 naming the rep unless `me` is the rep, their manager or an admin. */
export async function assertMayLogFor(db: Queryable, me: Me, staffId: number): Promise<void> {
  const { rows } = await db.query<{ manager_id: number | null }>('SELECT manager_id FROM staff_users WHERE id = $1 AND active', [staffId]);
  if (!rows[0]) throw invalidField('staffId', 'No such rep');
  if (staffId === me.userId || me.role === 'admin' || rows[0].manager_id === me.userId) return;
  throw new ApiError(403, ERROR_CODES.forbidden, NOT_YOURS, { staffId: NOT_YOURS });
}

/** The reps `me` may log for: themselves first, then their active reports by name (every active staff user for an admin). */
export async function repsFor(db: Queryable, me: Me): Promise<SalesReps> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM staff_users
      WHERE active AND (id = $1 OR $2 OR manager_id = $1)
      ORDER BY id <> $1, name, id`,
    [me.userId, me.role === 'admin'],
  );
  return { reps: rows };
}

/** Whose time a staff user may see and change: their own; their team's as its manager; everyone's as admin. */
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { forbidden, notFound } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';

export type Person = { id: number; name: string; manager_id: number | null; email: string };

export async function person(db: Queryable, id: number): Promise<Person> {
  const { rows } = await db.query<Person>('SELECT id, name, manager_id, email FROM staff_users WHERE id = $1', [id]);
  if (!rows[0]) throw notFound('No such staff user');
  return rows[0];
}

/** True when the principal manages the person (their manager, or an admin) and is not the person. */
export const manages = (me: Pick<StaffPrincipal, 'userId' | 'role'>, who: Person) => who.id !== me.userId && (me.role === 'admin' || who.manager_id === me.userId);

/** The person whose time is asked for, when the principal may act for them (else 403). */
export async function actingFor(db: Queryable, me: Pick<StaffPrincipal, 'userId' | 'role'>, userId: number | undefined): Promise<Person> {
  const who = await person(db, userId ?? me.userId);
  if (who.id !== me.userId && !manages(me, who)) throw forbidden("Only the person, their manager or an admin may use this person's time");
  return who;
}

/** Serialises one person's time changes (overlaps and the 24-hour day are checked under it). */
export async function lockPerson(db: Queryable, id: number): Promise<void> {
  await db.query('SELECT id FROM staff_users WHERE id = $1 FOR UPDATE', [id]);
}

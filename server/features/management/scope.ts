/**
 * Whose figures the dashboard shows (docs/adr/0233): an admin everyone, or any manager's subtree or
 * person; a manager their own subtree of the org chart (every level, themselves included), or a
 * person or sub-team inside it. Outside it is 403, whether or not the person exists.
 */
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { forbidden, notFound } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import { everyone, peopleOf, staffRef, subtreeOf } from './management.repo';

type Ref = { id: number; name: string };
export type ResolvedScope = { ids: number[]; manager: Ref | null; person: Ref | null; people: Ref[]; managers: Ref[] };

const OUTSIDE = 'You may see only your own team: this person is not in it';

export async function resolveScope(db: Queryable, me: Pick<StaffPrincipal, 'userId' | 'role'>, q: { manager?: number; person?: number }): Promise<ResolvedScope> {
  const admin = me.role === 'admin';
  const allowed = admin ? await everyone(db) : await subtreeOf(db, me.userId);
  const pick = async (id: number): Promise<Ref> => {
    const ref = allowed.includes(id) ? await staffRef(db, id) : undefined;
    if (ref) return ref;
    if (admin) throw notFound('No such staff member');
    throw forbidden(OUTSIDE);
  };
  const { people, managers } = await peopleOf(db, allowed);
  if (q.person !== undefined) {
    const person = await pick(q.person);
    const manager = q.manager !== undefined ? await pick(q.manager) : null;
    if (manager && !(await subtreeOf(db, manager.id)).includes(person.id)) throw forbidden(`${person.name} is not in ${manager.name}'s team`);
    return { ids: [person.id], manager, person, people, managers };
  }
  if (q.manager !== undefined) {
    const manager = await pick(q.manager);
    return { ids: await subtreeOf(db, manager.id), manager, person: null, people, managers };
  }
  if (admin) return { ids: allowed, manager: null, person: null, people, managers };
  const self = await staffRef(db, me.userId);
  return { ids: allowed, manager: self ?? null, person: null, people, managers };
}

/** Whether the scope is everyone (an admin with no team or person picked): unassigned tickets of every queue are theirs then. */
export const everyoneIn = (scope: ResolvedScope): boolean => scope.manager === null && scope.person === null;

/**
 * The ticket search's views (docs/adr/0136): the built-in ones and each staff user's saved
 * filters, private to their owner (another user's view answers 404, as if it did not exist), and
 * the staff preferences the data tables remember (docs/adr/0137). SQL only here.
 */
import { BUILT_IN_TICKET_VIEWS, TICKET_VIEW_ME, TICKET_VIEWS_PER_USER_MAX, type CountedTicketView, type SavedTicketView, type TicketViewFilters } from '@contracts/ticket-views';
import { ticketSearchQuerySchema } from '@contracts/tickets';
import { conflict, notFound } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import { countTickets } from './search';

type ViewRow = { id: number; name: string; filters: Record<string, string> };

/** A saved name already taken by the same user (any case). */
const UNIQUE_VIOLATION = '23505';
const nameTaken = (name: string) => conflict(`You already have a view named "${name}"`, { name: `You already have a view named "${name}"` });

async function renamed<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw nameTaken(name);
    throw e;
  }
}

/** The built-in views (the signed-in user put in "My open") and the user's saved ones, each with its exact count. */
export async function ticketViewsOf(db: Queryable, staffId: number, now: Date): Promise<CountedTicketView[]> {
  const { rows: saved } = await db.query<ViewRow>(`SELECT id, name, filters FROM ticket_saved_views WHERE staff_id = $1 ORDER BY lower(name), id`, [staffId]);
  const builtIn = BUILT_IN_TICKET_VIEWS.map((v) => ({
    key: v.key,
    id: null,
    name: v.name,
    filters: Object.fromEntries(Object.entries(v.filters).map(([k, value]) => [k, value === TICKET_VIEW_ME ? String(staffId) : value])),
  }));
  const views = [...builtIn, ...saved.map((v) => ({ key: `saved-${v.id}`, id: v.id, name: v.name, filters: v.filters }))];
  // A saved view's filters were checked when it was saved; one the search no longer takes counts none.
  const searches = views.map((v) => ticketSearchQuerySchema.safeParse(v.filters));
  const counts = await countTickets(db, searches.flatMap((s) => (s.success ? [s.data] : [])), now);
  let next = 0;
  return views.map((v, i) => ({ ...v, count: searches[i]!.success ? counts[next++]! : 0 }));
}

/** Saves the user's filters under a name: 409 when the name is theirs already or they keep the most views allowed. */
export async function saveTicketView(db: Queryable, staffId: number, name: string, filters: TicketViewFilters): Promise<SavedTicketView> {
  // One save at a time per user, so the limit holds under concurrent saves.
  await db.query(`SELECT 1 FROM staff_users WHERE id = $1 FOR UPDATE`, [staffId]);
  const { rows: kept } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ticket_saved_views WHERE staff_id = $1`, [staffId]);
  if (kept[0]!.n >= TICKET_VIEWS_PER_USER_MAX) throw conflict(`You keep ${TICKET_VIEWS_PER_USER_MAX} saved views already; delete one first`);
  return renamed(name, async () => {
    const { rows } = await db.query<ViewRow>(
      `INSERT INTO ticket_saved_views (staff_id, name, filters) VALUES ($1, $2, $3) RETURNING id, name, filters`,
      [staffId, name, JSON.stringify(filters)],
    );
    return rows[0]!;
  });
}

/** Renames one of the user's views (404 for anyone else's). */
export async function renameTicketView(db: Queryable, staffId: number, id: number, name: string, now: Date): Promise<SavedTicketView> {
  return renamed(name, async () => {
    const { rows } = await db.query<ViewRow>(
      `UPDATE ticket_saved_views SET name = $3, updated_at = $4 WHERE id = $1 AND staff_id = $2 RETURNING id, name, filters`,
      [id, staffId, name, now],
    );
    if (!rows[0]) throw notFound('No such saved view');
    return rows[0];
  });
}

/** Deletes one of the user's views (404 for anyone else's, and for one deleted already). */
export async function deleteTicketView(db: Queryable, staffId: number, id: number): Promise<void> {
  const { rowCount } = await db.query(`DELETE FROM ticket_saved_views WHERE id = $1 AND staff_id = $2`, [id, staffId]);
  if (!rowCount) throw notFound('No such saved view');
}

/** The key of a table's rows per page in `staff_preferences`. */
const pageSizeKey = (table: string) => `table-size:${table}`;

/** The rows per page the user last chose for a table, or null. */
export async function rememberedPageSize(db: Queryable, staffId: number, table: string): Promise<number | null> {
  const { rows } = await db.query<{ value: unknown }>(`SELECT value FROM staff_preferences WHERE staff_id = $1 AND key = $2`, [staffId, pageSizeKey(table)]);
  const value = rows[0]?.value;
  return typeof value === 'number' ? value : null;
}

/** Remembers the rows per page the user chose for a table (the last choice wins). */
export async function rememberPageSize(db: Queryable, staffId: number, table: string, size: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO staff_preferences (staff_id, key, value, updated_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (staff_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [staffId, pageSizeKey(table), JSON.stringify(size), now],
  );
}

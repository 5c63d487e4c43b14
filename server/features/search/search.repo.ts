/**
 * Search everything (docs/adr/0119): a few hits of companies, contacts, projects and quotes in one
 * statement, read-only. Every match is the folded one of the features' own searches
 * (`foldedLike`, migration 0024), so the same trigram indexes serve it; tickets come from the
 * ticket search itself (`searchTickets`), which knows how to find a page at a million tickets.
 */
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@contracts/quotes';
import type { SearchGroup, SearchHit } from '@contracts/search';
import { containing, foldedLike, type Queryable } from '@server/platform/sql';

type Hit = SearchHit;
export type OtherGroup = Exclude<SearchGroup, 'tickets'>;

/** The hits of each group as a JSON array, the best few first. `$1` is the LIKE pattern, `$2` the limit. */
const GROUP_SQL: Record<OtherGroup, string> = {
  companies: `SELECT c.id, c.name AS title, concat_ws(' · ', c.account_number, initcap(c.status)) AS detail, NULL::int AS "companyId"
                FROM companies c
               WHERE ${foldedLike('c.name', '$1')} OR ${foldedLike('c.account_number', '$1')}
               ORDER BY lower(c.name), c.id LIMIT $2`,
  contacts: `SELECT k.id, k.name AS title, concat_ws(' · ', NULLIF(k.email, ''), c.name) AS detail, k.company_id AS "companyId"
               FROM contacts k JOIN companies c ON c.id = k.company_id
              WHERE ${foldedLike('k.name', '$1')} OR ${foldedLike('k.email', '$1')}
              ORDER BY lower(k.name), k.id LIMIT $2`,
  projects: `SELECT p.id, p.name AS title, c.name AS detail, p.company_id AS "companyId"
               FROM projects p JOIN companies c ON c.id = p.company_id
              WHERE ${foldedLike('p.name', '$1')}
              ORDER BY lower(p.name), p.id LIMIT $2`,
  quotes: `SELECT q.id, concat_ws(' ', q.number, NULLIF(q.title, '')) AS title,
                  COALESCE(c.name, NULLIF(q.client_name, ''), '') AS detail, q.status, q.company_id AS "companyId"
             FROM quotes q LEFT JOIN companies c ON c.id = q.company_id
            WHERE NOT q.superseded AND q.number IS NOT NULL
              AND (${foldedLike('q.number', '$1')} OR ${foldedLike('q.title', '$1')} OR ${foldedLike('q.client_name', '$1')})
            ORDER BY q.updated_at DESC, q.id DESC LIMIT $2`,
};

/** The hits of the groups asked for, each at most `limit`, in one round trip. */
export async function searchOthers(db: Queryable, q: string, groups: readonly OtherGroup[], limit: number): Promise<Record<OtherGroup, Hit[]>> {
  const empty: Record<OtherGroup, Hit[]> = { companies: [], contacts: [], projects: [], quotes: [] };
  if (!groups.length) return empty;
  const columns = groups.map((g) => `(SELECT COALESCE(json_agg(x), '[]'::json) FROM (${GROUP_SQL[g]}) x) AS ${g}`);
  const { rows } = await db.query<Record<OtherGroup, Hit[]>>(`SELECT ${columns.join(', ')}`, [containing(q), limit]);
  const found = { ...empty, ...rows[0] };
  // A quote's detail: its company and its status, in the words the quote screens use.
  found.quotes = (found.quotes as (Hit & { status: QuoteStatus })[]).map(({ status, ...hit }) => ({
    ...hit,
    detail: [hit.detail, QUOTE_STATUS_LABELS[status]].filter(Boolean).join(' · '),
  }));
  return found;
}

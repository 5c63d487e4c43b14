/**
 * The passage index: the re-index (what changed since the last run is rewritten, what is gone is
 * dropped) and the ONE read of passages. Who may read what is enforced here, not in any prompt:
 * `searchPassages` takes the asker's scope and adds its predicate to the SQL (docs/adr/0172); no
 * other code reads assistant_passages.
 */
import type { Queryable } from '@server/platform/sql';
import type { SourceKind } from '@contracts/assistant';
import { articlePassages, ticketPassages, type PassageInput } from './passages';

/** Whose passages a question may reach: staff everything; a client published articles and their own company's tickets and public notes. */
export type AskerScope = { audience: 'staff' } | { audience: 'client'; companyId: number };

/** The SQL predicate of a scope over `p` (assistant_passages), its company id as parameter `$n`. */
function scopePredicate(scope: AskerScope, n: number): { sql: string; values: unknown[] } {
  if (scope.audience === 'staff') return { sql: 'TRUE', values: [] };
  if (!Number.isInteger(scope.companyId)) throw new Error('A client scope needs its company');
  return { sql: `(p.visibility = 'public' OR (p.visibility = 'company' AND p.company_id = $${n}))`, values: [scope.companyId] };
}

export type PassageHit = { id: number; kind: SourceKind; sourceId: number; title: string; body: string; rank: number; lexemes: string[] };
export type SearchResult = { queryLexemes: string[]; hits: PassageHit[] };

/** The most words of a question the search keeps (the first ones); the rest do not search. */
const LEXEMES_MAX = 10;

/** How many candidates, those holding most of the question's words, are ranked by cover density (the costly part). */
const RANKED_MAX = 50;

/** How many of the question's words a candidate must hold together, at most (the index's filter). */
const PAIR = 2;

/**
 * A word held by at least this many passages is common: it is left out of the index's filter when
 * the question has rarer words (it still counts and ranks). The cost of a filter is the passages
 * it lets through, so the bound is a count, not a share (docs/adr/0216).
 */
const COMMON_PASSAGES = 2000;

/** Every way to pick `k` of `items` (k small: at most C(10, 2) = 45). */
function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

/**
 * The index's filter for a question's lexemes (a tsquery): passages holding `need` of them
 * together (an OR of ANDs). Given `common` words, every group must hold a word that is not
 * common, unless no word of the question is rare (then every group counts).
 */
export function matchFilter(lexemes: readonly string[], need: number, common: ReadonlySet<string> = new Set()): string {
  const rare = lexemes.some((l) => !common.has(l));
  return combinations(lexemes, need)
    .filter((group) => !rare || group.some((l) => !common.has(l)))
    .map((group) => `(${group.map((l) => `'${l}'`).join(' & ')})`)
    .join(' | ');
}

type Row = { id: string; kind: SourceKind; source_id: number; title: string; body: string; rank: number; held: number; passage_lexemes: string[] };

/**
 * The passages that answer a question, best first: those holding at least `minShare` of the
 * question's words, two of them when the share asks for more (stemmed, stop words dropped; any
 * word when 0); only what the scope may read. The index itself filters (an OR of ANDs), so a
 * common word alone does not make every passage a candidate, and a word most passages hold
 * (COMMON_PASSAGES) is left out of the filter when the question has rarer ones: only when those
 * find no passage holding as many of the question's words as there are common ones is the whole
 * filter asked. The candidates are ordered by how many of the question's words they hold (cheap:
 * no positions read), and only the first RANKED_MAX are ranked by cover density (ts_rank_cd,
 * normalised by length), which costs about a millisecond a passage on a busy machine
 * (docs/adr/0216).
 * `kinds` narrows to articles (the new-ticket suggestions).
 */
export async function searchPassages(
  db: Queryable,
  scope: AskerScope,
  question: string,
  limit: number,
  kinds: readonly SourceKind[] = ['article', 'ticket'],
  minShare = 0,
): Promise<SearchResult> {
  const { rows: words } = await db.query<{ lexemes: string[] | null; common: string[] | null }>(
    `SELECT array_agg(l ORDER BY position) AS lexemes,
            array_agg(l) FILTER (WHERE EXISTS (SELECT 1 FROM assistant_common_lexemes c WHERE c.lexeme = l)) AS common
       FROM (SELECT DISTINCT ON (l) l, position FROM unnest(to_tsvector('english', $1)) AS v(l, positions, weights), LATERAL (SELECT positions[1] AS position) p
              WHERE l !~ '[''\\:&|!()<>*]' ORDER BY l, position) w`,
    [question],
  );
  const queryLexemes = (words[0]?.lexemes ?? []).slice(0, LEXEMES_MAX);
  if (!queryLexemes.length) return { queryLexemes, hits: [] };
  const common = new Set((words[0]?.common ?? []).filter((l) => queryLexemes.includes(l)));
  // Two words together already narrow the index enough; the share itself is checked on the candidates.
  const need = Math.min(PAIR, Math.max(1, Math.ceil(queryLexemes.length * minShare)));
  const where = scopePredicate(scope, 6);
  // Only a narrowing by kind is written: without statistics (a fresh index) the planner would
  // otherwise read the (kind, source_id) index over every passage beside the text index.
  const narrow = (['article', 'ticket'] as const).some((k) => !kinds.includes(k));
  const byKind = narrow ? `AND p.kind = ANY($${6 + where.values.length})` : '';
  const find = async (filter: string) =>
    (
      await db.query<Row>(
        `WITH candidates AS MATERIALIZED (
           SELECT p.id, length(p.search) - length(ts_delete(p.search, $3::text[])) AS held,
                  length(ts_filter(p.search, '{a}')) - length(ts_delete(ts_filter(p.search, '{a}'), $3::text[])) AS held_in_title
             FROM assistant_passages p
            WHERE p.search @@ CAST($1 AS tsquery) ${byKind} AND ${where.sql}
            ORDER BY held DESC, held_in_title DESC, length(p.search), p.id
            LIMIT $4)
         SELECT p.id, p.kind, p.source_id, p.title, p.body, ts_rank_cd(p.search, CAST($5 AS tsquery), 1) AS rank, c.held, tsvector_to_array(p.search) AS passage_lexemes
           FROM candidates c JOIN assistant_passages p ON p.id = c.id
          ORDER BY c.held DESC, rank DESC, p.id
          LIMIT $2`,
        [filter, limit, queryLexemes, RANKED_MAX, matchFilter(queryLexemes, need), ...where.values, ...(narrow ? [kinds] : [])],
      )
    ).rows;
  let rows = await find(matchFilter(queryLexemes, need, common));
  // A passage holding only common words cannot hold more of the question than there are common words.
  if (common.size && common.size < queryLexemes.length && (rows[0]?.held ?? 0) < common.size) rows = await find(matchFilter(queryLexemes, need));
  const hits = rows.map((r) => ({ id: Number(r.id), kind: r.kind, sourceId: r.source_id, title: r.title, body: r.body, rank: Number(r.rank), lexemes: r.passage_lexemes }));
  return { queryLexemes, hits };
}

/**
 * Measures again which words are common (COMMON_PASSAGES), after a re-index that changed the
 * passages, or when a large index was never measured. The words are counts, never shown.
 */
export async function refreshCommonLexemes(db: Queryable, changed: boolean, atLeast = COMMON_PASSAGES): Promise<void> {
  if (!changed) {
    const { rows } = await db.query<{ due: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM assistant_common_lexemes) AND EXISTS (SELECT 1 FROM assistant_passages OFFSET $1) AS due`,
      [atLeast - 1],
    );
    if (!rows[0]?.due) return;
  }
  await db.query(
    `WITH stat AS (SELECT word, ndoc FROM ts_stat('SELECT search FROM assistant_passages') WHERE ndoc >= $1),
          gone AS (DELETE FROM assistant_common_lexemes c WHERE NOT EXISTS (SELECT 1 FROM stat WHERE stat.word = c.lexeme))
     INSERT INTO assistant_common_lexemes (lexeme, passages) SELECT word, ndoc FROM stat
     ON CONFLICT (lexeme) DO UPDATE SET passages = EXCLUDED.passages`,
    [atLeast],
  );
}

/** For each sentence, how many of the lexemes it holds (the extractive answer's scoring, in the database's stemming). */
export async function sentenceMatches(db: Queryable, sentences: readonly string[], lexemes: readonly string[]): Promise<number[]> {
  if (!sentences.length) return [];
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*)::int FROM unnest(tsvector_to_array(to_tsvector('english', s))) x WHERE x = ANY($2)) AS n
       FROM unnest($1::text[]) WITH ORDINALITY AS t(s, i) ORDER BY i`,
    [sentences, lexemes],
  );
  return rows.map((r) => r.n);
}

/** What the last run indexed differs from the sources: fingerprints of articles and closed tickets (with their notes). */
const ARTICLE_FINGERPRINT = `md5(concat_ws(E'\\x1f', a.title, a.body, a.published::text))`;
const TICKET_FINGERPRINT = `md5(concat_ws(E'\\x1f', t.title, t.description, t.company_id::text,
  (SELECT string_agg(n.id || ':' || n.internal::text || ':' || md5(n.body), ',' ORDER BY n.id) FROM ticket_notes n WHERE n.ticket_id = t.id)))`;

export type ReindexResult = { articles: number; tickets: number; dropped: number };

/**
 * Brings the index up to date: documents gone (a deleted article, a ticket reopened or deleted)
 * are dropped, changed ones rewritten. Idempotent: a run with nothing changed writes nothing.
 * `batch` bounds the documents rewritten per run (the job runs again a minute later).
 */
export async function reindex(db: Queryable, batch = 5000): Promise<ReindexResult> {
  const dropped = await db.query(
    `DELETE FROM assistant_documents d
      WHERE (d.kind = 'article' AND NOT EXISTS (SELECT 1 FROM knowledge_articles a WHERE a.id = d.source_id))
         OR (d.kind = 'ticket' AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.id = d.source_id AND t.status = 'C'))`,
  );
  const { rows: articles } = await db.query<{ id: number; title: string; body: string; published: boolean; fp: string }>(
    `SELECT a.id, a.title, a.body, a.published, ${ARTICLE_FINGERPRINT} AS fp
       FROM knowledge_articles a LEFT JOIN assistant_documents d ON d.kind = 'article' AND d.source_id = a.id
      WHERE d.fingerprint IS DISTINCT FROM ${ARTICLE_FINGERPRINT}
      ORDER BY a.id LIMIT $1`,
    [batch],
  );
  for (const a of articles) await writeDocument(db, 'article', a.id, a.fp, articlePassages(a));
  const { rows: changed } = await db.query<{ id: number; fp: string }>(
    `SELECT t.id, ${TICKET_FINGERPRINT} AS fp
       FROM tickets t LEFT JOIN assistant_documents d ON d.kind = 'ticket' AND d.source_id = t.id
      WHERE t.status = 'C' AND d.fingerprint IS DISTINCT FROM ${TICKET_FINGERPRINT}
      ORDER BY t.id LIMIT $1`,
    [batch],
  );
  if (changed.length) {
    const ids = changed.map((c) => c.id);
    const { rows: tickets } = await db.query<{ id: number; title: string; description: string; company_id: number | null }>(
      'SELECT id, title, description, company_id FROM tickets WHERE id = ANY($1)',
      [ids],
    );
    const { rows: notes } = await db.query<{ ticket_id: number; body: string; internal: boolean }>(
      'SELECT ticket_id, body, internal FROM ticket_notes WHERE ticket_id = ANY($1) ORDER BY ticket_id, id',
      [ids],
    );
    const notesOf = new Map<number, { body: string; internal: boolean }[]>();
    for (const n of notes) notesOf.set(n.ticket_id, [...(notesOf.get(n.ticket_id) ?? []), n]);
    const fpOf = new Map(changed.map((c) => [c.id, c.fp]));
    for (const t of tickets) {
      const passages = ticketPassages({ id: t.id, title: t.title, description: t.description, companyId: t.company_id, notes: notesOf.get(t.id) ?? [] });
      await writeDocument(db, 'ticket', t.id, fpOf.get(t.id)!, passages);
    }
  }
  const result = { articles: articles.length, tickets: changed.length, dropped: dropped.rowCount ?? 0 };
  const wrote = result.articles + result.tickets + result.dropped > 0;
  // The text index keeps new entries in a pending list every search reads through until it is
  // merged (by autovacuum, later): a run that changed passages merges it now.
  if (wrote) await db.query(`SELECT gin_clean_pending_list('assistant_passages_search_idx'::regclass)`);
  await refreshCommonLexemes(db, wrote);
  return result;
}

async function writeDocument(db: Queryable, kind: SourceKind, sourceId: number, fingerprint: string, passages: PassageInput[]): Promise<void> {
  await db.query('DELETE FROM assistant_documents WHERE kind = $1 AND source_id = $2', [kind, sourceId]);
  await db.query('INSERT INTO assistant_documents (kind, source_id, fingerprint) VALUES ($1, $2, $3)', [kind, sourceId, fingerprint]);
  if (!passages.length) return;
  await db.query(
    `INSERT INTO assistant_passages (kind, source_id, position, visibility, company_id, title, body)
     SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::int[], $6::text[], $7::text[])`,
    [kind, sourceId, passages.map((p) => p.position), passages.map((p) => p.visibility), passages.map((p) => p.companyId), passages.map((p) => p.title), passages.map((p) => p.body)],
  );
}

import type { ClientBase, Pool } from 'pg';
import { iso, offsetOf } from '@server/platform/sql';
import {
  CSAT_SATISFIED_MIN,
  NPS_DETRACTOR_MAX,
  NPS_PROMOTER_MIN,
  PERCENT_DECIMALS,
  SURVEY_EXPORT_MAX_ROWS,
  SURVEY_Q1_MAX,
  SURVEY_Q1_MIN,
  SURVEY_Q2_MAX,
  SURVEY_Q2_MIN,
  SURVEY_TYPE_CLIENT_CARE,
  SURVEY_TYPE_SUPPORT,
} from '@contracts/common/constants';
import type { TicketSurveys } from '@contracts/tickets';
import { isWellFormedSurveyKey, SURVEY_TEXT_QUESTIONS, type SurveyKeyStatus } from '@contracts/survey-form';
import { toCsv, type CsvColumn } from '@contracts/common/csv';
import { npsScore, type ClientCareRecipient, type SurveyComment, type SurveyResults, type SurveySubmission, type SurveyType } from '@contracts/surveys';

/**
 * Stores one submission against its survey key, received at `now` (the latest received counts);
 * answers false (and stores nothing) for an unknown key.
 */
export async function storeSubmission(client: ClientBase, input: SurveySubmission & { Q1: number }, now: Date): Promise<boolean> {
  const { rows } = await client.query<{ id: number }>('SELECT id::int AS id FROM survey_keys WHERE key = $1 AND type = $2', [
    input.ticket,
    input.type,
  ]);
  const key = rows[0];
  if (!key) return false;
  const q2 = input.type === SURVEY_TYPE_CLIENT_CARE ? input.Q2 : null;
  await client.query('INSERT INTO survey_responses (survey_key_id, type, q1, q2, answers, received_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    key.id,
    input.type,
    input.Q1,
    q2,
    JSON.stringify(input),
    now,
  ]);
  return true;
}

/**
 * Whether a survey link's key is a key of that survey type, and when it was last answered. A key
 * that could never be one (wrong characters or length) is answered without asking the database.
 */
export async function surveyKeyStatus(db: Pick<ClientBase, 'query'>, key: string, type: SurveyType): Promise<SurveyKeyStatus> {
  if (!isWellFormedSurveyKey(key)) return { valid: false, answered: false, answeredAt: null };
  const { rows } = await db.query<{ answered_at: string | null }>(
    `SELECT ${iso('(SELECT max(r.received_at) FROM survey_responses r WHERE r.survey_key_id = k.id)', 'answered_at')}
       FROM survey_keys k WHERE k.key = $1 AND k.type = $2`,
    [key, type],
  );
  const row = rows[0];
  if (!row) return { valid: false, answered: false, answeredAt: null };
  return { valid: true, answered: row.answered_at !== null, answeredAt: row.answered_at };
}

/** Most answers of one ticket's survey the ticket view lists. */
const TICKET_SURVEY_RESPONSES_MAX = 20;

/**
 * The support survey of one ticket, as a JSON array the ticket view's statement selects (the
 * ticket's id is `ticketId`, an SQL expression): one element per answer, newest first, or one with
 * no answer when the survey was sent and not answered yet. `ticketSurveysOf` reads it.
 */
export const ticketSurveysJson = (ticketId: string) => `(
  SELECT COALESCE(json_agg(json_build_object('sent_at', s.sent_at, 'id', s.id, 'q1', s.q1, 'answers', s.answers, 'received_at', s.received_at, 'counts', s.counts)
                           ORDER BY s.at DESC, s.id DESC), '[]')
    FROM (SELECT ${iso('k.created_at', 'sent_at')}, r.id::int AS id, r.q1, r.answers, ${iso('r.received_at')}, r.received_at AS at,
                 row_number() OVER (ORDER BY r.received_at DESC, r.id DESC) = 1 AS counts
            FROM survey_keys k LEFT JOIN survey_responses r ON r.survey_key_id = k.id
           WHERE k.ticket_id = ${ticketId} AND k.type = '${SURVEY_TYPE_SUPPORT}'
           ORDER BY r.received_at DESC, r.id DESC
           LIMIT ${TICKET_SURVEY_RESPONSES_MAX}) s)`;

/** One element of `ticketSurveysJson`'s array. */
type TicketSurveyRow = { sent_at: string; id: number | null; received_at: string | null; q1: number | null; answers: Record<string, unknown> | null; counts: boolean };

/** The support survey of one ticket for its view, from `ticketSurveysJson`: when it was sent, and its answers (the newest counts). */
export function ticketSurveysOf(rows: readonly TicketSurveyRow[]): TicketSurveys {
  return {
    sent_at: rows[0]?.sent_at ?? null,
    responses: rows
      .filter((r) => r.id !== null)
      .map((r) => ({ id: r.id!, received_at: r.received_at!, q1: r.q1!, texts: textAnswers(SURVEY_TYPE_SUPPORT, r.answers!), counts: r.counts })),
  };
}

/** The free-text answers of a submission, by question; empty answers left out. */
function textAnswers(type: SurveyType, answers: Record<string, unknown>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const q of SURVEY_TEXT_QUESTIONS[type]) {
    const v = answers[q];
    if (typeof v === 'string' && v.trim()) texts[q] = v;
  }
  return texts;
}

type Filters = { from?: string; to?: string; companyId?: number; type?: SurveyType };

/** The latest response per survey key, with the filters applied: a CTE named `latest`. */
function latestCte(f: Filters): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (cond: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(cond(`$${params.length}`));
  };
  if (f.type) add((n) => `r.type = ${n}`, f.type);
  if (f.companyId) add((n) => `k.company_id = ${n}`, f.companyId);
  const outer: string[] = [];
  if (f.from) {
    params.push(f.from);
    outer.push(`received_at >= $${params.length}::date`);
  }
  if (f.to) {
    params.push(f.to);
    outer.push(`received_at < $${params.length}::date + 1`);
  }
  const sql = `WITH newest AS (
      SELECT DISTINCT ON (r.survey_key_id) r.id, r.type, r.q1, r.q2, r.answers, r.received_at,
             k.ticket_id, k.contact_id, k.company_id
        FROM survey_responses r JOIN survey_keys k ON k.id = r.survey_key_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY r.survey_key_id, r.received_at DESC, r.id DESC
    ), latest AS (SELECT * FROM newest ${outer.length ? `WHERE ${outer.join(' AND ')}` : ''})`;
  return { sql, params };
}

/** Most companies the company filter lists. */
const SURVEY_COMPANY_OPTIONS_MAX = 1000;

const round = (v: number) => Number(v.toFixed(PERCENT_DECIMALS));

/** CSAT: share of Q1 at 4-5, in percent. */
export function csatOf(q1Counts: number[]): number | null {
  const total = q1Counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const satisfied = q1Counts.slice(CSAT_SATISFIED_MIN - SURVEY_Q1_MIN).reduce((a, b) => a + b, 0);
  return round((satisfied / total) * 100);
}

/** NPS: share of Q2 at 9-10 minus share at 0-6, in points. */
export function npsOf(q2Counts: number[]): number | null {
  const total = q2Counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const promoters = q2Counts.slice(NPS_PROMOTER_MIN - SURVEY_Q2_MIN).reduce((a, b) => a + b, 0);
  const detractors = q2Counts.slice(0, NPS_DETRACTOR_MAX - SURVEY_Q2_MIN + 1).reduce((a, b) => a + b, 0);
  return npsScore(promoters, detractors, total);
}

type CommentRow = {
  id: number;
  type: SurveyType;
  received_at: string;
  q1: number;
  q2: number | null;
  answers: Record<string, unknown>;
  ticket_id: number | null;
  ticket_title: string | null;
  company_id: number | null;
  company_name: string | null;
  contact_name: string | null;
};

function toComment(r: CommentRow): SurveyComment {
  const texts = textAnswers(r.type, r.answers);
  return {
    id: r.id,
    type: r.type,
    receivedAt: r.received_at,
    q1: r.q1,
    q2: r.q2,
    texts,
    ticketId: r.ticket_id,
    ticketTitle: r.ticket_title,
    companyId: r.company_id,
    companyName: r.company_name,
    contactName: r.contact_name,
  };
}

const COMMENT_SELECT = `SELECT l.id::int AS id, l.type, l.q1, l.q2, l.answers,
         ${iso('l.received_at')},
         l.ticket_id, t.title AS ticket_title, l.company_id, co.name AS company_name,
         COALESCE(ct.name, t.contact_name) AS contact_name
    FROM latest l
    LEFT JOIN tickets t ON t.id = l.ticket_id
    LEFT JOIN companies co ON co.id = l.company_id
    LEFT JOIN contacts ct ON ct.id = l.contact_id`;

/** CSAT, NPS, distributions and one page of the counted responses. */
export async function surveyResults(pool: Pool, q: { page: number; pageSize: number } & Filters): Promise<SurveyResults> {
  const { sql, params } = latestCte(q);
  const [q1, q2, page, companies] = await Promise.all([
    pool.query<{ v: number; n: number }>(`${sql} SELECT q1 AS v, count(*)::int AS n FROM latest GROUP BY q1`, params),
    pool.query<{ v: number; n: number }>(`${sql} SELECT q2 AS v, count(*)::int AS n FROM latest WHERE q2 IS NOT NULL GROUP BY q2`, params),
    pool.query<CommentRow & { total: number }>(
      `${sql} ${COMMENT_SELECT.replace('SELECT ', 'SELECT count(*) OVER ()::int AS total, ')}
       ORDER BY l.received_at DESC, l.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.pageSize, offsetOf(q.page, q.pageSize)],
    ),
    pool.query<{ id: number; name: string }>(
      `SELECT co.id, co.name FROM companies co
        WHERE EXISTS (SELECT 1 FROM survey_keys k WHERE k.company_id = co.id)
        ORDER BY co.name LIMIT $1`,
      [SURVEY_COMPANY_OPTIONS_MAX],
    ),
  ]);
  const q1Distribution = Array.from({ length: SURVEY_Q1_MAX - SURVEY_Q1_MIN + 1 }, () => 0);
  for (const r of q1.rows) q1Distribution[r.v - SURVEY_Q1_MIN] = r.n;
  const q2Distribution = Array.from({ length: SURVEY_Q2_MAX - SURVEY_Q2_MIN + 1 }, () => 0);
  for (const r of q2.rows) q2Distribution[r.v - SURVEY_Q2_MIN] = r.n;
  const responses = q1Distribution.reduce((a, b) => a + b, 0);
  let total = page.rows[0]?.total ?? 0;
  if (!page.rows.length && q.page > 1) total = responses;
  return {
    responses,
    csat: csatOf(q1Distribution),
    nps: npsOf(q2Distribution),
    q1Distribution,
    q2Distribution,
    comments: { rows: page.rows.map(toComment), total, page: q.page, pageSize: q.pageSize },
    companies: companies.rows,
  };
}

/** The survey export's columns: the response, its ticket and company, and every answer as sent. */
const CSV_COLUMNS: CsvColumn<CommentRow>[] = [
  { header: 'Received At', value: (r) => r.received_at },
  { header: 'Type', value: (r) => r.type },
  { header: 'Ticket', value: (r) => r.ticket_id },
  { header: 'Ticket Title', value: (r) => r.ticket_title },
  { header: 'Company', value: (r) => r.company_name },
  { header: 'Contact', value: (r) => r.contact_name },
  ...(['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8'] as const).map((q) => ({ header: q, value: (r: CommentRow) => r.answers[q] })),
];

/** The counted responses as CSV (newest first, at most SURVEY_EXPORT_MAX_ROWS), by the one CSV rule. */
export async function surveyResultsCsv(pool: Pool, f: Filters): Promise<string> {
  const { sql, params } = latestCte(f);
  const { rows } = await pool.query<CommentRow>(
    `${sql} ${COMMENT_SELECT} ORDER BY l.received_at DESC, l.id DESC LIMIT $${params.length + 1}`,
    [...params, SURVEY_EXPORT_MAX_ROWS],
  );
  return toCsv(rows, CSV_COLUMNS);
}

/** Whether a company exists (surveys are sent to its contacts). */
/** The contacts of a company a client care survey can go to: those with an email address, by name. */
export async function clientCareRecipients(db: Pick<ClientBase, 'query'>, companyId: number): Promise<ClientCareRecipient[]> {
  const { rows } = await db.query<ClientCareRecipient>(
    `SELECT id, name, email FROM contacts WHERE company_id = $1 AND email IS NOT NULL AND email <> '' ORDER BY lower(name), id`,
    [companyId],
  );
  return rows;
}

export async function companyExists(db: Pick<ClientBase, 'query'>, companyId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
  return Boolean(rowCount);
}

/** A ticket's status, or null when there is no such ticket. */
export async function ticketStatus(db: Pick<ClientBase, 'query'>, ticketId: number): Promise<string | null> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM tickets WHERE id = $1', [ticketId]);
  return rows[0]?.status ?? null;
}

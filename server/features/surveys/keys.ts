import type { ClientBase } from 'pg';
import { SURVEY_KEY_BYTES, SURVEY_KIND_CLIENT_CARE, SURVEY_KIND_SUPPORT, SURVEY_ROUTE_PREFIX, SURVEY_TYPE_CLIENT_CARE, SURVEY_TYPE_SUPPORT } from '@contracts/common/constants';
import { OUTBOX_KIND_CLIENT_CARE_SURVEY, OUTBOX_KIND_SUPPORT_SURVEY, type SurveyType } from '@contracts/surveys';
import { newToken } from '@server/platform/auth/tokens';
import { loadConfig, type Config } from '@server/config';
import { queueEmail } from '@server/platform/mail/outbox';

/** A fresh survey key: 192 random bits, URL-safe (the link's "ticket value"). */
export const newSurveyKey = () => newToken(SURVEY_KEY_BYTES);

/** The respondent's link: /survey/{kind}/{key} on the public address. */
export function surveyLink(publicUrl: string, type: SurveyType, key: string): string {
  const kind = type === SURVEY_TYPE_SUPPORT ? SURVEY_KIND_SUPPORT : SURVEY_KIND_CLIENT_CARE;
  return `${publicUrl}${SURVEY_ROUTE_PREFIX}/${kind}/${encodeURIComponent(key)}`;
}

type KeyRow = { id: number; key: string; created: boolean };

/** The support survey key of a ticket, issued on first use (at `now`). */
async function supportKeyFor(client: ClientBase, ticketId: number, companyId: number | null, email: string, now: Date): Promise<KeyRow> {
  const { rows } = await client.query<{ id: number; key: string; created: boolean }>(
    `INSERT INTO survey_keys (key, type, ticket_id, company_id, email, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (ticket_id) WHERE type = '${SURVEY_TYPE_SUPPORT}' DO NOTHING
     RETURNING id::int AS id, key, true AS created`,
    [newSurveyKey(), SURVEY_TYPE_SUPPORT, ticketId, companyId, email, now],
  );
  if (rows[0]) return rows[0];
  const existing = await client.query<{ id: number; key: string }>(
    `SELECT id::int AS id, key FROM survey_keys WHERE ticket_id = $1 AND type = $2`,
    [ticketId, SURVEY_TYPE_SUPPORT],
  );
  return { ...existing.rows[0]!, created: false };
}

/** The client care survey key of a contact, issued on first use (at `now`). */
async function clientCareKeyFor(client: ClientBase, contactId: number, companyId: number, email: string, now: Date): Promise<KeyRow> {
  const { rows } = await client.query<{ id: number; key: string; created: boolean }>(
    `INSERT INTO survey_keys (key, type, contact_id, company_id, email, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (contact_id) WHERE type = '${SURVEY_TYPE_CLIENT_CARE}' DO UPDATE SET email = EXCLUDED.email
     RETURNING id::int AS id, key, (xmax = 0) AS created`,
    [newSurveyKey(), SURVEY_TYPE_CLIENT_CARE, contactId, companyId, email, now],
  );
  return rows[0]!;
}

export type QueuedSurvey = { key: string; outboxId: number; to: string; link: string };

/**
 * Queues the support-survey email of a ticket to its contact, in the caller's transaction.
 * Called when a ticket is closed. Each ticket gets one survey key and one survey email: a ticket
 * closed again (or one without a contact email) queues nothing and answers null. `now` is the
 * app's clock (the key is issued then: the ticket view's "sent").
 */
export async function queueSupportSurvey(
  client: ClientBase,
  ticketId: number,
  config: Pick<Config, 'publicUrl'> = loadConfig(),
  options: { resend?: boolean; now?: Date } = {},
): Promise<QueuedSurvey | null> {
  const { rows } = await client.query<{ id: number; title: string; company_id: number | null; email: string | null; name: string | null }>(
    `SELECT t.id, t.title, t.company_id, COALESCE(NULLIF(t.contact_email, ''), c.email) AS email,
            COALESCE(t.contact_name, c.name) AS name
       FROM tickets t LEFT JOIN contacts c ON c.id = t.contact_id
      WHERE t.id = $1`,
    [ticketId],
  );
  const ticket = rows[0];
  if (!ticket?.email) return null;
  const key = await supportKeyFor(client, ticket.id, ticket.company_id, ticket.email, options.now ?? new Date());
  if (!key.created && !options.resend) return null;
  const link = surveyLink(config.publicUrl, SURVEY_TYPE_SUPPORT, key.key);
  const body = [
    `Hello${ticket.name ? ` ${ticket.name}` : ''},`,
    '',
    `Your ticket #${ticket.id} "${ticket.title}" has been closed.`,
    'How did our team do? The survey takes a minute:',
    '',
    link,
    '',
    'Thank you for helping us improve.',
  ].join('\n');
  const outboxId = await queueEmail(client, { to: ticket.email, subject: `How did we do with ticket #${ticket.id}?`, body, kind: OUTBOX_KIND_SUPPORT_SURVEY });
  return { key: key.key, outboxId, to: ticket.email, link };
}

/** Queues a client care survey email to each of the given contacts of a company that has an email address (keys issued at `now`). */
export async function queueClientCareSurveys(
  client: ClientBase,
  companyId: number,
  contactIds: readonly number[],
  config: Pick<Config, 'publicUrl'>,
  now: Date = new Date(),
): Promise<QueuedSurvey[]> {
  const { rows } = await client.query<{ id: number; name: string; email: string; company_id: number; company_name: string }>(
    `SELECT c.id, c.name, c.email, c.company_id, co.name AS company_name
       FROM contacts c JOIN companies co ON co.id = c.company_id
      WHERE c.company_id = $1 AND c.id = ANY($2::int[]) AND c.email IS NOT NULL AND c.email <> ''
      ORDER BY c.id`,
    [companyId, contactIds],
  );
  const queued: QueuedSurvey[] = [];
  for (const contact of rows) {
    const key = await clientCareKeyFor(client, contact.id, contact.company_id, contact.email, now);
    const link = surveyLink(config.publicUrl, SURVEY_TYPE_CLIENT_CARE, key.key);
    const body = [
      `Hello ${contact.name},`,
      '',
      `How is ${contact.company_name} finding our service? Our client care survey takes a few minutes:`,
      '',
      link,
      '',
      'Thank you for helping us improve.',
    ].join('\n');
    const outboxId = await queueEmail(client, { to: contact.email, subject: 'Client care survey', body, kind: OUTBOX_KIND_CLIENT_CARE_SURVEY });
    queued.push({ key: key.key, outboxId, to: contact.email, link });
  }
  return queued;
}

import { CHANGES } from '@contracts/changes';
import { endpointKey } from '@contracts/common/endpoint';
import { all, clientOnly, endpointRows, managersOnly, staffOnly, type MatrixIds, type Row } from '@tests/support/authz';
import { sqlOf, type Queryable } from '@tests/support/sql';

/** An SCR of Acme and one of Globex, made for the matrix (the client audience is Acme's). */
export async function prepare(pool: Queryable): Promise<Record<string, number>> {
  const sql = sqlOf(pool);
  const make = async (email: string) =>
    Number(
      (
        await sql.one(
          `INSERT INTO software_change_requests (company_id, title, description) SELECT company_id, 'Matrix change', 'A change for the matrix' FROM client_users WHERE email = $1 RETURNING id`,
          [email],
        )
      ).id,
    );
  return { ownChange: await make('client@acme.demo.test'), otherChange: await make('client@globex.demo.test') };
}

const x = (key: string) => ({ extra }: MatrixIds) => extra[key]!;

/** Change requests: staff of every role; a client reads and comments on its own company's only. */
export const ROWS = endpointRows([
  [CHANGES.list, { expect: staffOnly() }],
  [CHANGES.create, { body: { companyId: 1, title: 'Matrix change', description: 'Raised by staff' }, expect: staffOnly(201) }],
  [CHANGES.view, { url: (ids: MatrixIds) => `/api/v2/changes/${x('ownChange')(ids)}`, expect: staffOnly() }],
  // A move the chart does not allow: refused alike for every role, so the row changes nothing.
  [CHANGES.transition, { url: (ids: MatrixIds) => `/api/v2/changes/${x('ownChange')(ids)}/transitions`, body: { to: 'released', version: 1, releaseNote: 'x' }, expect: staffOnly(409) }],
  // Not an emergency change: refused alike for managers and admins (409), and 403 for other staff.
  [CHANGES.review, { url: (ids: MatrixIds) => `/api/v2/changes/${x('ownChange')(ids)}/review`, body: { version: 1, notes: 'Matrix review' }, expect: managersOnly(409) }],
  [CHANGES.comment, { url: (ids: MatrixIds) => `/api/v2/changes/${x('ownChange')(ids)}/comments`, body: { body: 'Matrix comment' }, expect: staffOnly(201) }],
  // No file sent: refused alike for every role, so the row writes nothing.
  [CHANGES.attach, { url: (ids: MatrixIds) => `/api/v2/changes/${x('ownChange')(ids)}/attachments`, body: {}, expect: staffOnly(400) }],
  [CHANGES.attachment, { url: (ids: MatrixIds) => `/api/v2/changes/${x('ownChange')(ids)}/attachments/999999`, expect: staffOnly(404) }],
  [CHANGES.templates, { expect: staffOnly() }],
  // Bad input, or no such template: refused alike for managers and admins, so the rows write nothing.
  [CHANGES.addTemplate, { body: {}, expect: managersOnly(400) }],
  [CHANGES.updateTemplate, { url: '/api/v2/changes/templates/999999', body: {}, expect: managersOnly(400) }],
  [CHANGES.retireTemplate, { url: '/api/v2/changes/templates/999999/retire', body: { version: 1 }, expect: managersOnly(404) }],
  [CHANGES.calendar, { url: '/api/v2/changes/calendar?weeks=1', expect: staffOnly() }],
  [CHANGES.feeds, { expect: staffOnly() }],
  [CHANGES.addFeed, { body: { unknown: 1 }, expect: staffOnly(400) }],
  [CHANGES.revokeFeed, { url: '/api/v2/changes/feeds/999999', expect: staffOnly(404) }],
  [CHANGES.feed, { url: `/api/v2/changes/feed/${'A'.repeat(43)}.ics`, expect: all(404) }],
  [CHANGES.clientAttachment, { url: (ids: MatrixIds) => `/api/v2/client/scrs/${x('ownChange')(ids)}/attachments/999999`, expect: clientOnly(404) }],
  [CHANGES.clientTimeline, { url: (ids: MatrixIds) => `/api/v2/client/scrs/${x('ownChange')(ids)}/timeline`, expect: clientOnly() }],
  [CHANGES.clientComment, { url: (ids: MatrixIds) => `/api/v2/client/scrs/${x('ownChange')(ids)}/comments`, body: { body: 'Matrix comment' }, expect: clientOnly(201) }],
]);

/** Another company's SCR answers 404 to a client user. */
export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  { route: endpointKey(CHANGES.clientTimeline), label: 'another company', row: { url: (ids) => `/api/v2/client/scrs/${x('otherChange')(ids)}/timeline`, expect: clientOnly(404) } },
  { route: endpointKey(CHANGES.clientComment), label: 'another company', row: { url: (ids) => `/api/v2/client/scrs/${x('otherChange')(ids)}/comments`, body: { body: 'x' }, expect: clientOnly(404) } },
];

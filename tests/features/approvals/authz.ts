import { APPROVALS } from '@contracts/approvals';
import { endpointRows, staffOnly, type MatrixIds } from '@tests/support/authz';

/** No request has this id: the rows check the audience; the guards of a real request are in approvals.api.test.ts. */
const NONE = 999_999;
const correction = { summary: 'Matrix check', customerImpact: 'None', rootCause: 'None', correctiveAction: 'None' };

/** Approvals: every staff member has an inbox, submissions and delegations of their own; clients nothing. */
export const ROWS = endpointRows([
  [APPROVALS.inbox, { expect: staffOnly() }],
  [APPROVALS.waiting, { expect: staffOnly() }],
  [APPROVALS.mine, { expect: staffOnly() }],
  [APPROVALS.view, { url: `/api/v2/approvals/requests/${NONE}`, expect: staffOnly(404) }],
  [
    APPROVALS.create,
    {
      body: ({ other }: MatrixIds) => ({ formType: 'kudo', payload: { toId: other, message: 'Thank you for covering the night shift.', value: 'Better together' } }),
      expect: staffOnly(201),
    },
  ],
  [APPROVALS.decide, { url: `/api/v2/approvals/requests/${NONE}/decision`, body: { decision: 'approve', version: 1 }, expect: staffOnly(404) }],
  [APPROVALS.decideMany, { body: { decision: 'approve', items: [{ id: NONE, version: 1 }] }, expect: staffOnly() }],
  [APPROVALS.withdraw, { url: `/api/v2/approvals/requests/${NONE}/withdraw`, body: { version: 1 }, expect: staffOnly(404) }],
  [APPROVALS.resubmit, { url: `/api/v2/approvals/requests/${NONE}/resubmit`, body: { version: 1, payload: correction }, expect: staffOnly(404) }],
  [APPROVALS.delegations, { expect: staffOnly() }],
  [APPROVALS.delegate, { body: ({ other }: MatrixIds) => ({ delegateId: other, startsAt: '2031-01-05T08:00:00Z', endsAt: '2031-01-09T17:00:00Z' }), expect: staffOnly(201) }],
  [APPROVALS.undelegate, { url: `/api/v2/approvals/delegations/${NONE}`, expect: staffOnly(404) }],
]);

import { QUALITY } from '@contracts/quality';
import { endpointRows, staffOnly } from '@tests/support/authz';

/** The QA queue: staff of every role; clients nothing. */
export const ROWS = endpointRows([
  [QUALITY.queue, { expect: staffOnly() }],
  [QUALITY.figures, { expect: staffOnly() }],
  [QUALITY.item, { url: '/api/v2/quality/items/999999', expect: staffOnly(404) }],
  [QUALITY.take, { url: '/api/v2/quality/items/999999/take', body: { version: 1 }, expect: staffOnly(404) }],
  [QUALITY.attachEvidence, { url: '/api/v2/quality/items/999999/evidence', body: {}, expect: staffOnly(400) }],
  [QUALITY.evidence, { url: '/api/v2/quality/items/999999/evidence/999999', expect: staffOnly(404) }],
  [QUALITY.result, { url: '/api/v2/quality/items/999999/result', body: { result: 'pass', version: 1 }, expect: staffOnly(404) }],
]);

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
  [QUALITY.cases, { expect: staffOnly() }],
  [QUALITY.createCase, { body: {}, expect: staffOnly(400) }],
  [QUALITY.editCase, { url: '/api/v2/quality/cases/999999', body: { productArea: 'Billing', title: 'T', steps: 'S', expectedResult: 'E', version: 1 }, expect: staffOnly(404) }],
  [QUALITY.retireCase, { url: '/api/v2/quality/cases/999999/retire', body: { version: 1 }, expect: staffOnly(404) }],
  [QUALITY.addRunCase, { url: '/api/v2/quality/items/999999/cases', body: { caseId: 1, version: 1 }, expect: staffOnly(404) }],
  [QUALITY.removeRunCase, { url: '/api/v2/quality/items/999999/cases/1/remove', body: { version: 1 }, expect: staffOnly(404) }],
  [QUALITY.recordCase, { url: '/api/v2/quality/items/999999/cases/1/result', body: { result: 'pass', version: 1 }, expect: staffOnly(404) }],
]);

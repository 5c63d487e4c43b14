import { API_REFERENCE, HEALTH } from '@contracts/api-reference';
import { all, endpointRows } from '@tests/support/authz';

/** The platform's own endpoints: health and the API reference are public. */
export const ROWS = endpointRows([
  [HEALTH, { expect: all(200) }],
  [API_REFERENCE.document, { expect: all(200) }],
  [API_REFERENCE.page, { expect: all(200) }],
  [API_REFERENCE.style, { expect: all(200) }],
]);

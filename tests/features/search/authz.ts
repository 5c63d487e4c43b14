import { SEARCH } from '@contracts/search';
import { endpointRows, staffOnly } from '@tests/support/authz';

/** Search everything: staff of every role (each group as its own screen allows); client sessions refused. */
export const ROWS = endpointRows([[SEARCH.everything, { url: '/api/v2/search?q=acme', expect: staffOnly() }]]);

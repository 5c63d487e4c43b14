import { endpointKey } from '@contracts/common/endpoint';
import { OVERDUE } from '@contracts/overdue';
import { endpointRows, managersOnly, staffOnly, type Row } from '@tests/support/authz';

/** The staff shell: overdue check, learning-center link (the management dashboard's row is in tests/features/management). */
export const ROWS: Record<string, Row> = {
  ...endpointRows([[OVERDUE.check, { body: ({ self }: { self: number }) => ({ userId: self }), expect: staffOnly() }]]),
  'POST /api/v2/moodleurl': { body: { dtcUser: true }, expect: staffOnly() },
};

export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  {
    route: endpointKey(OVERDUE.check),
    label: "another user's list",
    row: { body: ({ other }: { other: number }) => ({ userId: other }), expect: managersOnly() },
  },
];

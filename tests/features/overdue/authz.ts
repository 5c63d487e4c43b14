import { endpointKey } from '@contracts/common/endpoint';
import { OVERDUE } from '@contracts/overdue';
import { endpointRows, managersOnly, staffOnly, type Row } from '@tests/support/authz';

/** The staff shell's overdue check (the Learning Center link: tests/features/sign-in; the management dashboard: tests/features/management). */
export const ROWS: Record<string, Row> = {
  ...endpointRows([[OVERDUE.check, { body: ({ self }: { self: number }) => ({ userId: self }), expect: staffOnly() }]]),
};

export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  {
    route: endpointKey(OVERDUE.check),
    label: "another user's list",
    row: { body: ({ other }: { other: number }) => ({ userId: other }), expect: managersOnly() },
  },
];

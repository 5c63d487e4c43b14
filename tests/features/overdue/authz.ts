import { managersOnly, staffOnly, type Row } from '@tests/support/authz';

/** The staff shell: overdue check, management dashboard (the Learning Center link: tests/features/sign-in/authz.ts). */
export const ROWS: Record<string, Row> = {
  'POST /api/v2/ticket/check/overdue': { body: ({ self }: { self: number }) => ({ userId: self }), expect: staffOnly() },
  'GET /api/v2/management/dashboard': { expect: managersOnly() },
};

export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  {
    route: 'POST /api/v2/ticket/check/overdue',
    label: "another user's list",
    row: { body: ({ other }: { other: number }) => ({ userId: other }), expect: managersOnly() },
  },
];

/**
 * The activity kinds of sales and their four reports, as plain data without schemas: the route
 * table (loaded with the sign-in page) reads the report routes from here.
 */
export const ACTIVITY_KINDS = ['call', 'letter', 'lead', 'sale'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The four activity reports: report id = the last segment of its /sales/reports/… route. */
export const SALES_REPORTS: Record<ActivityKind, { id: string; title: string }> = {
  call: { id: 'number-of-calls', title: 'Number of calls' },
  letter: { id: 'number-of-letters-sent', title: 'Number of letters sent' },
  lead: { id: 'new-leads-generated', title: 'New leads generated' },
  sale: { id: 'closed-sales', title: 'Closed sales' },
};

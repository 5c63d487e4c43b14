import type { OverdueTicket } from '@contracts/overdue';
import { severityLabel, statusLabel } from '@contracts/common/codes';
import { toCsv, type CsvColumn } from '@contracts/common/csv';

/** The overdue export of spec section 3. */
export const OVERDUE_CSV_FILENAME = 'overdue_tickets.csv';

const COLUMNS: CsvColumn<OverdueTicket>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'Title', value: (t) => t.title },
  { header: 'Status', value: (t) => statusLabel(t.status) },
  { header: 'Priority', value: (t) => severityLabel(t.severity) },
  { header: 'Company', value: (t) => t.company_name ?? 'N/A' },
  { header: 'Contact', value: (t) => t.contact },
  { header: 'Email', value: (t) => t.contact_email },
  { header: 'Queue', value: (t) => t.queue },
  { header: 'Created At', value: (t) => t.created_at },
];

export function overdueCsv(tickets: readonly OverdueTicket[]): string {
  return toCsv(tickets, COLUMNS);
}

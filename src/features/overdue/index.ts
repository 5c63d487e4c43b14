/** Overdue tickets: the modal the header badge opens, and its CSV export (the poll is the staff session's). */
export { OverdueModal } from './screens/OverdueModal';
export { overdueCsv, OVERDUE_CSV_FILENAME } from './overdue-csv';

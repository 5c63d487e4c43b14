import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { overdueMachine } from '@/shared/session/overdue.machine';
import { overdueCsv, OVERDUE_CSV_FILENAME } from '../overdue-csv';
import type { OverdueTicket } from '@contracts/overdue';
import { severityLabel, statusLabel } from '@contracts/common/codes';
import { Button } from '@/shared/ui/components/button/Button';
import { Dialog } from '@/shared/ui/components/dialog/Dialog';
import { EmptyState } from '@/shared/ui/components/feedback/EmptyState';
import { SeverityBadge, TicketStatusBadge } from '@/shared/ui/components/badge/Badge';
import { formatDate } from '@/shared/ui/tokens/format';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { downloadText } from '@/shared/ui/download';

function overdueColumns(view: (id: number) => void): DataTableColumn<OverdueTicket>[] {
  return [
    { label: 'ID', field: 'id', type: 'number', width: '4rem' },
    { label: 'Title', field: 'title' },
    { label: 'Status', field: 'status', width: '10rem', priority: 2, value: (t) => statusLabel(t.status), cell: (t) => <TicketStatusBadge code={t.status} /> },
    { label: 'Priority', field: 'severity', width: '7.5rem', priority: 2, value: (t) => severityLabel(t.severity), cell: (t) => <SeverityBadge code={t.severity} /> },
    { label: 'Company', field: 'company_name', width: '13rem', priority: 3, value: (t) => t.company_name ?? 'N/A' },
    { label: 'Due Date', field: 'duedate', type: 'date', width: '8rem', priority: 2, dateInputFormat: 'iso', cell: (t) => (t.duedate ? formatDate(t.duedate) : '') },
    {
      label: 'Action',
      field: 'action',
      width: '7rem',
      sortable: false,
      globalSearchDisabled: true,
      cell: (t) => (
        <Button size="sm" variant="quiet" onPress={() => view(t.id)}>
          View Ticket
        </Button>
      ),
    },
  ];
}

/** The overdue-tickets modal of spec 2.1, opened from the header badge: wide, centred, every column at 1366 px. */
export function OverdueModal({ overdue }: { overdue: ActorRefFrom<typeof overdueMachine> }) {
  const open = useSelector(overdue, (s) => s.matches({ modal: 'open' }));
  const tickets = useSelector(overdue, (s) => s.context.tickets);
  const [, navigate] = useLocation();
  const close = () => overdue.send({ type: 'overdue.closeModal' });
  const view = (id: number) => {
    close();
    navigate(`/ticket/${id}`);
  };
  const columns = overdueColumns(view);

  return (
    <Dialog
      size="wide"
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title="Overdue Tickets"
      description={tickets.length > 0 ? `${tickets.length} ticket${tickets.length === 1 ? '' : 's'} past their due date` : undefined}
      footer={
        <Button variant="primary" onPress={() => downloadText(OVERDUE_CSV_FILENAME, overdueCsv(tickets))}>
          Export to CSV
        </Button>
      }
    >
      {tickets.length === 0 ? (
        <EmptyState compact title="No overdue tickets found." headingLevel={null} text="Every open ticket is within its due date." />
      ) : (
        <DataTable caption="Overdue tickets" tableId="overdue" columns={columns} rows={tickets} onRowClick={(t) => view(t.id)} searchable={false} />
      )}
    </Dialog>
  );
}

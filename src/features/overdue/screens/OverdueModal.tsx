import { useSelector } from '@xstate/react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { overdueMachine } from '@/shared/session/overdue.machine';
import { overdueCsv, OVERDUE_CSV_FILENAME } from '../overdue-csv';
import type { OverdueTicket } from '@contracts/overdue';
import { severityLabel, statusLabel } from '@contracts/common/codes';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { downloadText } from '@/shared/ui/download';

function overdueColumns(view: (id: number) => void): DataTableColumn<OverdueTicket>[] {
  return [
    { label: 'ID', field: 'id', type: 'number', width: '80px' },
    { label: 'Title', field: 'title' },
    { label: 'Status', field: 'status', value: (t) => statusLabel(t.status), cell: (t) => <StatusBadge code={t.status} /> },
    { label: 'Priority', field: 'severity', value: (t) => severityLabel(t.severity), cell: (t) => <SeverityBadge code={t.severity} /> },
    { label: 'Company', field: 'company_name', value: (t) => t.company_name ?? 'N/A' },
    { label: 'Due Date', field: 'duedate', type: 'date', dateInputFormat: 'iso' },
    {
      label: 'Action',
      field: 'action',
      sortable: false,
      globalSearchDisabled: true,
      cell: (t) => (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={(e) => {
            e.stopPropagation();
            view(t.id);
          }}
        >
          View Ticket
        </button>
      ),
    },
  ];
}

/** The overdue-tickets modal of spec 2.1, opened from the header badge. */
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
    <ModalOverlay isOpen={open} onOpenChange={(isOpen) => !isOpen && close()} isDismissable className="modal-overlay">
      <Modal className="modal modal-wide">
        <Dialog className="dialog">
          <div className="dialog-header">
            <Heading slot="title">Overdue Tickets</Heading>
            <Button className="btn btn-secondary" onPress={close} aria-label="Close">
              ×
            </Button>
          </div>
          {tickets.length === 0 ? (
            <p>No overdue tickets found.</p>
          ) : (
            <DataTable caption="Overdue tickets" columns={columns} rows={tickets} onRowClick={(t) => view(t.id)} />
          )}
          <div className="dialog-actions">
            <Button className="btn" onPress={() => downloadText(OVERDUE_CSV_FILENAME, overdueCsv(tickets))}>
              Export to CSV
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

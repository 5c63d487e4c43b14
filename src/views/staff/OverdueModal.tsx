import { useSelector } from '@xstate/react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { overdueMachine } from '../../machines/overdue/overdue.machine';
import { overdueCsv, OVERDUE_CSV_FILENAME } from '../../services/overdue-csv';
import { SeverityBadge, StatusBadge } from '../ui/Badges';
import { downloadText } from '../ui/download';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

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
            <div className="table-scroll">
              <table className="simple clickable">
                <thead>
                  <tr>
                    <th scope="col">ID</th>
                    <th scope="col">Title</th>
                    <th scope="col">Status</th>
                    <th scope="col">Priority</th>
                    <th scope="col">Company</th>
                    <th scope="col">Due Date</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tickets.map((t) => (
                    <tr key={t.id} onClick={() => view(t.id)}>
                      <td>{t.id}</td>
                      <td>{t.title}</td>
                      <td>
                        <StatusBadge code={t.status} />
                      </td>
                      <td>
                        <SeverityBadge code={t.severity} />
                      </td>
                      <td>{t.company_name ?? 'N/A'}</td>
                      <td>{formatDate(t.duedate)}</td>
                      <td>
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
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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

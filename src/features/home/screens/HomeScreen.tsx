import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { inspection } from '@/shared/inspection';
import { StaffSession } from '@/shared/session/staff-session';
import { myTicketsMachine } from '../machines/my-tickets.machine';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { Spinner } from '@/shared/ui/Spinner';
import { formatNumericDate } from '@/shared/ui/tokens/format';
import { SimpleTable } from '@/shared/ui/SimpleTable';


export default function HomeScreen() {
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  const tickets = useActorRef(myTicketsMachine, { input: {}, inspect: inspection.inspect });
  const state = useSelector(tickets, (s) => s.value);
  const data = useSelector(tickets, (s) => s.context.data);
  const error = useSelector(tickets, (s) => s.context.error);

  return (
    <>
      <h1>Welcome, {username}</h1>
      <section className="card" aria-labelledby="my-tickets-heading">
        <h2 id="my-tickets-heading">My open tickets</h2>
        {state === 'loading' && !data ? <Spinner label="Loading your tickets" /> : null}
        {state === 'failed' ? (
          <div className="form-error" role="alert">
            {error}{' '}
            <button type="button" className="btn btn-secondary" onClick={() => tickets.send({ type: 'query.reload' })}>
              Try again
            </button>
          </div>
        ) : null}
        {data && data.length === 0 ? <p>You have no open tickets.</p> : null}
        {data && data.length > 0 ? (
          <SimpleTable
            rows={data}
            rowKey={(t) => t.id}
            columns={[
              { header: 'ID', cell: (t) => t.id },
              { header: 'Title', cell: (t) => <Link href={`/ticket/${t.id}`}>{t.title}</Link> },
              { header: 'Status', cell: (t) => <StatusBadge code={t.status} /> },
              { header: 'Priority', cell: (t) => <SeverityBadge code={t.severity} /> },
              { header: 'Company', cell: (t) => t.company_name ?? 'N/A' },
              { header: 'Due Date', cell: (t) => formatNumericDate(t.duedate) },
            ]}
          />
        ) : null}
      </section>
    </>
  );
}

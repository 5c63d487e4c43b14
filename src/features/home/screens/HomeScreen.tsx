import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { inspection } from '@/shared/inspection';
import { StaffSession } from '@/shared/session/staff-session';
import { myTicketsMachine } from '../machines/my-tickets.machine';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { Spinner } from '@/shared/ui/Spinner';
import { formatNumericDate } from '@/shared/ui/tokens/format';


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
          <table className="simple">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Priority</th>
                <th scope="col">Company</th>
                <th scope="col">Due Date</th>
              </tr>
            </thead>
            <tbody>
              {data.map((t) => (
                <tr key={t.id}>
                  <td>{t.id}</td>
                  <td>
                    <Link href={`/ticket/${t.id}`}>{t.title}</Link>
                  </td>
                  <td>
                    <StatusBadge code={t.status} />
                  </td>
                  <td>
                    <SeverityBadge code={t.severity} />
                  </td>
                  <td>{t.company_name ?? 'N/A'}</td>
                  <td>{formatNumericDate(t.duedate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}

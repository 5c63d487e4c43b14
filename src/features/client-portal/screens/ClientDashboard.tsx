import { useActorRef } from '@xstate/react';
import { Link } from 'wouter';
import { ClientSession } from '@/shared/session/client-session';
import { SCR_STATUS_LABELS } from '@contracts/client-portal';
import { dashboardMachine } from '../machines/client-portal.machines';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { Spinner } from '@/shared/ui/Spinner';
import { LoadError, useQueryState } from './form-parts';
import { RelativeTime } from '@/shared/ui/components';

export default function ClientDashboard() {
  const user = ClientSession.useSelector((s) => s.context.user);
  const query = useActorRef(dashboardMachine, { input: { query: null } });
  const { data, failed, error } = useQueryState(query);

  return (
    <>
      <h1>{user?.companyName}</h1>
      <p>Welcome, {user?.name}.</p>
      <nav aria-label="Quick actions" className="quick-actions">
        <Link href="/tickets?new=1" className="btn">
          Create a ticket
        </Link>
        <Link href="/paper" className="btn btn-secondary">
          Order paper
        </Link>
        <Link href="/contact/support" className="btn btn-secondary">
          Contact support
        </Link>
        <Link href="/software/change/request" className="btn btn-secondary">
          Request a software change
        </Link>
      </nav>
      {failed ? <LoadError error={error} onRetry={() => query.send({ type: 'query.reload' })} /> : null}
      {!data && !failed ? <Spinner label="Loading your dashboard" /> : null}
      {data ? (
        <div className="dashboard-grid">
          <section className="card" aria-labelledby="open-tickets-heading">
            <h2 id="open-tickets-heading">Open tickets ({data.openTicketCount})</h2>
            {data.openTickets.length === 0 ? <p>No open tickets.</p> : null}
            <ul className="plain-list">
              {data.openTickets.map((t) => (
                <li key={t.id}>
                  <Link href={`/tickets?id=${t.id}`}>
                    #{t.id} {t.title}
                  </Link>{' '}
                  <StatusBadge code={t.status} /> <SeverityBadge code={t.severity} />
                </li>
              ))}
            </ul>
            <Link href="/tickets">All tickets</Link>
          </section>
          <section className="card" aria-labelledby="replies-heading">
            <h2 id="replies-heading">Recent replies</h2>
            {data.recentReplies.length === 0 ? <p>No replies yet.</p> : null}
            <ul className="plain-list">
              {data.recentReplies.map((r) => (
                <li key={`${r.ticket_id}-${r.created_at}`}>
                  <Link href={`/tickets?id=${r.ticket_id}`}>{r.ticket_title}</Link>
                  <div className="muted">
                    {r.author}, <RelativeTime value={r.created_at} />
                  </div>
                  <p className="excerpt">{r.body}</p>
                </li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="scrs-heading">
            <h2 id="scrs-heading">Open software change requests</h2>
            {data.openScrs.length === 0 ? <p>No open change requests.</p> : null}
            <ul className="plain-list">
              {data.openScrs.map((s) => (
                <li key={s.id}>
                  {s.title} <span className="badge badge-status">{SCR_STATUS_LABELS[s.status]}</span>
                  <div className="muted">Updated <RelativeTime value={s.updated_at} /></div>
                </li>
              ))}
            </ul>
            <Link href="/software/change/request">All change requests</Link>
          </section>
        </div>
      ) : null}
    </>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { INITIAL_PAGE } from '@contracts/common/constants';
import { outboxMachine } from '../machines/outbox.machine';
import { formatNumericDateTime } from '@/shared/ui/tokens/format';


/** Admins read every stored email: invitations, resets and the rest. */
export default function OutboxScreen() {
  const query = useActorRef(outboxMachine, { input: { query: INITIAL_PAGE } });
  const page = useSelector(query, (s) => s.context.data);
  const current = useSelector(query, (s) => s.context.query);
  const failed = useSelector(query, (s) => s.matches('failed'));
  const error = useSelector(query, (s) => s.context.error);
  const last = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <>
      <h1>Outbox</h1>
      <p>Every email the portal sends is kept here; without SMTP configured it is only kept, not sent.</p>
      {failed ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {!page && !failed ? <p role="status">Loading...</p> : null}
      {page && page.rows.length === 0 ? <p>No emails yet.</p> : null}
      {page?.rows.map((m) => (
        <article key={m.id} className="card" aria-labelledby={`mail-${m.id}`}>
          <h2 id={`mail-${m.id}`}>{m.subject}</h2>
          <p className="muted">
            To {m.toAddress} · {m.kind} · stored {formatNumericDateTime(m.createdAt)} · {m.sentAt ? `sent ${formatNumericDateTime(m.sentAt)}` : 'not sent'}
          </p>
          <pre className="mail-body">{m.body}</pre>
        </article>
      ))}
      {page ? (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="btn btn-secondary" disabled={current <= 1} onClick={() => query.send({ type: 'query.set', query: current - 1 })}>
            Previous
          </button>
          <span>
            page {current} of {last}
          </span>
          <button type="button" className="btn btn-secondary" disabled={current >= last} onClick={() => query.send({ type: 'query.set', query: current + 1 })}>
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}

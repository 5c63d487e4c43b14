import { useActorRef, useSelector } from '@xstate/react';
import type { CountRow } from '@contracts/tickets';
import { ticketStatsMachine } from '../machines/tickets.machines';
import { Spinner } from '@/shared/ui/Spinner';

function Breakdown({ title, id, rows, total }: { title: string; id: string; rows: CountRow[]; total: number }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="bars" aria-hidden="true">
        {rows.map((r) => (
          <div key={r.key} className="bar-row">
            <span className="bar-label">{r.label}</span>
            <span className="bar" style={{ width: `${total ? Math.max(1, (r.count / total) * 100) : 0}%` }} />
            <span className="bar-value">{r.count}</span>
          </div>
        ))}
      </div>
      <table className="simple">
        <thead>
          <tr>
            <th scope="col">{title.replace('By ', '')}</th>
            <th scope="col">Open tickets</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.label}</td>
              <td>{r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Open tickets by status, severity, queue, assignee and age, as bar charts and tables. */
export default function ActiveTicketStatsScreen() {
  const actor = useActorRef(ticketStatsMachine, { input: {} });
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <>
      <h1>Active Ticket Stats</h1>
      {error ? <div className="form-error" role="alert">{error}</div> : null}
      {!data && !error ? <Spinner label="Counting open tickets" /> : null}
      {data ? (
        <>
          <section className="kpis" aria-label="Totals">
            <div className="card kpi"><span>Open tickets</span><strong>{data.open_total}</strong></div>
            <div className="card kpi"><span>Overdue</span><strong>{data.overdue_total}</strong></div>
          </section>
          <div className="stats-grid">
            <Breakdown title="By Status" id="by-status" rows={data.by_status} total={data.open_total} />
            <Breakdown title="By Priority" id="by-severity" rows={data.by_severity} total={data.open_total} />
            <Breakdown title="By Queue" id="by-queue" rows={data.by_queue} total={data.open_total} />
            <Breakdown title="By Assignee" id="by-assignee" rows={data.by_assignee} total={data.open_total} />
            <Breakdown title="By Age" id="by-age" rows={data.by_age} total={data.open_total} />
          </div>
        </>
      ) : null}
    </>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { PERCENT_DECIMALS } from '@contracts/common/constants';
import { severityLabel } from '@contracts/common/codes';
import { managementDashboardMachine } from '../machines/management.machine';
import { Spinner } from '@/shared/ui/Spinner';
import { SimpleTable } from '@/shared/ui/SimpleTable';

export default function ManagementDashboardScreen() {
  const actor = useActorRef(managementDashboardMachine, { input: {} });
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));

  return (
    <>
      <h1>Management Dashboard</h1>
      {loading && !data ? <Spinner label="Loading team figures" /> : null}
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {data ? (
        <>
          <section className="kpis" aria-label="Team totals">
            <div className="card kpi">
              <span>Open tickets</span>
              <strong>{data.open}</strong>
            </div>
            <div className="card kpi">
              <span>Overdue</span>
              <strong>{data.overdue}</strong>
            </div>
            <div className="card kpi">
              <span>Closed, last 30 days</span>
              <strong>{data.closed_30d}</strong>
            </div>
            <div className="card kpi">
              <span>Closed on time</span>
              <strong>{data.on_time_pct === null ? '—' : `${data.on_time_pct.toFixed(PERCENT_DECIMALS)}%`}</strong>
            </div>
          </section>
          <section className="card" aria-labelledby="team-heading">
            <h2 id="team-heading">Team</h2>
            <SimpleTable
              rows={data.team}
              rowKey={(m) => m.userid}
              columns={[
                { header: 'Name', cell: (m) => m.name },
                { header: 'Open', cell: (m) => m.open },
                { header: 'Overdue', cell: (m) => m.overdue },
                { header: 'Closed (30 days)', cell: (m) => m.closed_30d },
              ]}
            />
          </section>
          <section className="card" aria-labelledby="severity-heading">
            <h2 id="severity-heading">Open tickets by priority</h2>
            <ul>
              {data.by_severity.map((s) => (
                <li key={s.severity}>
                  {severityLabel(s.severity)}: {s.open}
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@contracts/quote-money';
import { usePageTitle } from '@/shared/page-title';
import { Alert, Badge, Breadcrumbs, Button, Card, EmptyState, PageHeader, SkeletonCard } from '@/shared/ui/components';
import type { ScreenProps } from '@/shared/routing';
import { companyScreenMachine, selectCompany } from '../machines/sales-view.machine';
import { LogActivityButton, SalesFrame, useActivityLog } from './ActivityLog';
import { LogButtons, PipelineStats, Timeline } from './CompanySales';
import styles from './sales.module.css';

/** The newest activities shown at first; the rest are one click away. */
const TIMELINE_PAGE = 25;

function Company({ id }: { id: number }) {
  const { log } = useActivityLog();
  const screen = useActorRef(companyScreenMachine, { input: { log, query: id } });
  const query = useSelector(screen, selectCompany);
  const view = useSelector(query, (s) => s.context.data);
  const [everything, setEverything] = useState(false);
  const error = useSelector(query, (s) => s.context.error);
  usePageTitle(view ? `${view.company.name} · Sales` : null);
  if (error && !view) {
    return (
      <Alert tone="danger" title="This company could not be loaded" live>
        {error} <Link href="/sales/customers">All customers</Link>
      </Alert>
    );
  }
  if (!view) return <SkeletonCard />;
  const c = view.company;
  return (
    <>
      <PageHeader
        title={c.name}
        subtitle={`${c.accountNumber} · ${c.territory ?? 'No territory'} · account manager ${c.accountManager ?? '—'}`}
        breadcrumbs={<Breadcrumbs items={[{ label: 'Sales Customers', href: '/sales/customers' }, { label: c.name }]} />}
        actions={
          <>
            <Badge tone={c.status === 'active' ? 'success' : c.status === 'prospect' ? 'info' : 'neutral'}>{c.status}</Badge>
            <LogActivityButton preset={{ companyId: c.id, companyName: c.name }} />
          </>
        }
      />
      <div className={styles.stack}>
        <PipelineStats view={view} />
        <LogButtons companyId={c.id} companyName={c.name} />
        <div className={styles.grid2}>
          <Card title="Activity" description="Calls, letters, leads and closed sales, newest first." asRegion>
            <Timeline view={view} limit={everything ? undefined : TIMELINE_PAGE} />
            {!everything && view.activities.length > TIMELINE_PAGE ? (
              <Button variant="quiet" onPress={() => setEverything(true)}>
                Show all {view.activities.length} activities
              </Button>
            ) : null}
          </Card>
          <div className={styles.stack}>
            <Card title="Quotes" description="Latest revision of each quote, by status." asRegion actions={<Link href={`/company/${c.id}#company-quotes`}>All quotes</Link>}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col" className={styles.num}>Quotes</th>
                    <th scope="col" className={styles.num}>Value</th>
                  </tr>
                </thead>
                <tbody>
                  {view.pipeline.byStatus.map((b) => (
                    <tr key={b.status}>
                      <th scope="row">{b.status}</th>
                      <td className={styles.num}>{b.count}</td>
                      <td className={styles.num}>{formatMoney(b.totalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {view.acceptedQuotes.length ? (
                <p className={styles.muted}>
                  Accepted:{' '}
                  {view.acceptedQuotes.map((q, i) => (
                    <span key={q.id}>
                      {i ? ', ' : ''}
                      <Link href={`/sales/quote/${q.id}`}>{q.number}</Link> ({formatMoney(q.totalCents)})
                    </span>
                  ))}
                </p>
              ) : null}
            </Card>
            <Card title="Contacts" asRegion actions={<Link href={`/company/${c.id}`}>Company page</Link>}>
              {view.contacts.length ? (
                <ul className={styles.leaders}>
                  {view.contacts.map((p) => (
                    <li key={p.id} style={{ gridTemplateColumns: '1fr auto' }}>
                      <span>
                        {p.name}
                        {p.title ? <span className={styles.muted}> · {p.title}</span> : null}
                      </span>
                      <span className={styles.muted}>{p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : (p.phone ?? '')}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState title="No contacts" text="Add contacts on the company page." />
              )}
            </Card>
          </div>
        </div>
        <Button variant="quiet" onPress={() => query.send({ type: 'query.reload' })}>
          Refresh
        </Button>
      </div>
    </>
  );
}

/** /sales/company/{id}: the company from the sales angle, with logging. */
export default function CompanyScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  return <SalesFrame>{Number.isInteger(id) && id > 0 ? <Company id={id} /> : <EmptyState title="No such company" text="Pick one from the customers." />}</SalesFrame>;
}

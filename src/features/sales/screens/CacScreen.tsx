import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@contracts/quote-money';
import { NO_NEW_CUSTOMERS, type CacReport } from '@contracts/sales';
import { Card, EmptyState, PageHeader, QueryView, Select, SkeletonTable, VisuallyHidden } from '@/shared/ui/components';
import { cacScreenMachine, selectCac } from '../machines/sales-view.machine';
import { SalesFrame, useActivityLog } from './ActivityLog';
import { monthLabel, recentMonths, SalesNav, shortMonth } from './parts';
import styles from './sales.module.css';
import { ScrollBox } from '@/shared/ui/ScrollBox';

const money = (cents: number | null) => (cents === null ? NO_NEW_CUSTOMERS : formatMoney(cents));

function Check({ report }: { report: CacReport }) {
  if (!report.rows.length) return <EmptyState title="Nothing to check" text="No spend and no new customers in these months." />;
  return (
    <ScrollBox label="Customer acquisition cost per channel and month" className={styles.tableWrap}>
      <table className={styles.table} data-testid="cac-table">
        <caption>
          <VisuallyHidden>Customer acquisition cost per channel and month, with its inputs</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Channel</th>
            <th scope="col" className={styles.num}>Spend</th>
            <th scope="col">New customers</th>
            <th scope="col" className={styles.num}>CAC = spend ÷ customers</th>
            <th scope="col" className={styles.num}>Avg monthly revenue</th>
            <th scope="col" className={styles.num}>Payback = CAC ÷ revenue</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.channelId}-${r.month}`} data-channel={r.channel}>
              <td className={styles.nowrap}>{shortMonth(r.month)}</td>
              <th scope="row">{r.channel}</th>
              <td className={styles.num}>{formatMoney(r.spendCents)}</td>
              <td className={styles.customersCell}>
                {r.newCustomers.length ? (
                  <>
                    {r.newCustomers.length}:{' '}
                    {r.newCustomers.map((c, i) => (
                      <Fragment key={c.companyId}>
                        {i ? ', ' : ''}
                        <Link href={`/sales/company/${c.companyId}`}>{c.companyName}</Link>
                        <span className={styles.muted}> ({formatMoney(c.revenueCents)} over {c.monthsAsCustomer} mo)</span>
                      </Fragment>
                    ))}
                  </>
                ) : (
                  <span className={styles.muted}>none</span>
                )}
              </td>
              <td className={styles.num} data-testid="cac-value">
                <span className={styles.check}>
                  {formatMoney(r.spendCents)} ÷ {r.newCustomers.length} ={' '}
                </span>
                <strong>{money(r.cacCents)}</strong>
              </td>
              <td className={styles.num}>{r.avgMonthlyRevenueCents === null ? '—' : formatMoney(r.avgMonthlyRevenueCents)}</td>
              <td className={styles.num}>{r.paybackMonths === null ? '—' : `${r.paybackMonths} months`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function Cac() {
  const months = useMemo(() => recentMonths(), []);
  const { log } = useActivityLog();
  const screen = useActorRef(cacScreenMachine, { input: { log, query: { from: months[0]!, to: months.at(-1)! } } });
  const query = useSelector(screen, selectCac);
  // The months shown are the query's own: picking one runs the check for the new range.
  const range = useSelector(query, (s) => s.context.query);
  const from = range.from ?? months[0]!;
  const to = range.to ?? months.at(-1)!;
  const items = months.map((m) => ({ id: m, label: monthLabel(m) }));
  return (
    <>
      <PageHeader title="Customer Acquisition Cost Check" subtitle="CAC per channel and month = marketing spend ÷ new customers (companies whose first closed sale falls in the month) the channel brought. Every input is shown so the arithmetic can be checked." />
      <SalesNav />
      <div className={styles.stack}>
        <div className={styles.toolbar}>
          <Select label="From" items={items} value={from} onChange={(k) => k && query.send({ type: 'query.set', query: { from: String(k), to } })} />
          <Select label="To" items={items} value={to} onChange={(k) => k && query.send({ type: 'query.set', query: { from, to: String(k) } })} />
          <Link href="/sales/settings">Edit spend</Link>
        </div>
        <QueryView actor={query} errorTitle="The check could not be run" loading={<SkeletonTable />}>
          {(report) => (
            <>
              <Card title="By channel" description={`${monthLabel(report.from)} – ${monthLabel(report.to)}`} padding="none" asRegion>
                <ScrollBox label="CAC by channel" className={styles.tableWrap}>
                  <table className={styles.table} data-testid="cac-by-channel">
                    <thead>
                      <tr>
                        <th scope="col">Channel</th>
                        <th scope="col" className={styles.num}>Spend</th>
                        <th scope="col" className={styles.num}>New customers</th>
                        <th scope="col" className={styles.num}>CAC</th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.byChannel.map((c) => (
                        <tr key={c.channelId}>
                          <th scope="row">{c.channel}</th>
                          <td className={styles.num}>{formatMoney(c.spendCents)}</td>
                          <td className={styles.num}>{c.customers}</td>
                          <td className={styles.num}>{money(c.cacCents)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollBox>
              </Card>
              <Card title="Per month, with its inputs" padding="none" asRegion>
                <Check report={report} />
              </Card>
            </>
          )}
        </QueryView>
      </div>
    </>
  );
}

/** /sales/debug/cac. */
export default function CacScreen() {
  return (
    <SalesFrame>
      <Cac />
    </SalesFrame>
  );
}

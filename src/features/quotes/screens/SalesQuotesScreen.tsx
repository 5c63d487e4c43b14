import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { formatMoney } from '@contracts/quote-money';
import { pipelineChart } from '@contracts/quotes';
import { Chart } from '@/shared/ui/chart';
import { ChartFrame, PageHeader, SkeletonCard, Stat } from '@/shared/ui/components';
import { pipelineMachine, quoteTableMachine } from '../machines/quotes.machines';
import { QuoteTable } from './QuoteTable';
import styles from './quotes.module.css';

/** /sales/quotes: the same list from the sales side, under the pipeline's value by status. */
export default function SalesQuotesScreen() {
  const [, navigate] = useLocation();
  const pipeline = useActorRef(pipelineMachine, { input: { query: null } });
  const data = useSelector(pipeline, (s) => s.context.data);
  const error = useSelector(pipeline, (s) => s.context.error);
  return (
    <>
      <PageHeader title="Sales Quotes" subtitle="The quote pipeline by status, and every quote from the sales side." />
      <div className={styles.stack}>
        {data ? (
          <div className={styles.grid2}>
            <ChartFrame title="Pipeline value by status" description="Latest revision of each quote; select a bar to list its quotes.">
              <Chart spec={{ ...pipelineChart(data) }} onSelect={(status) => navigate(`/sales/quotes?status=${status}`)} />
            </ChartFrame>
            <div className={styles.stats}>
              <Stat label="Open pipeline (draft and sent)" value={formatMoney(data.openCents)} />
              {data.byStatus.map((b) => (
                <Stat key={b.status} label={`${b.status[0]!.toUpperCase()}${b.status.slice(1)}`} value={formatMoney(b.totalCents)} hint={`${b.count} quote${b.count === 1 ? '' : 's'}`} />
              ))}
            </div>
          </div>
        ) : error ? (
          <p role="alert">{error}</p>
        ) : (
          <SkeletonCard />
        )}
        <QuoteTable path="/sales/quotes" machine={quoteTableMachine} viewBase="/sales/quote" caption="Sales quotes" />
      </div>
    </>
  );
}

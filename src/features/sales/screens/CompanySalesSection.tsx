import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { CompanySectionProps } from '@/features/companies';
import { Card, SkeletonCard } from '@/shared/ui/components';
import { salesCompanyMachine } from '../machines/sales.machines';
import { SalesFrame, useActivityLog } from './ActivityLog';
import { LogButtons, PipelineStats, Timeline } from './CompanySales';
import styles from './sales.module.css';

function Section({ companyId, companyName }: CompanySectionProps) {
  const query = useActorRef(salesCompanyMachine, { input: { query: companyId } });
  const view = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  const { saved } = useActivityLog();
  useEffect(() => {
    if (saved) query.send({ type: 'query.reload' });
  }, [query, saved]);
  return (
    <Card title="Sales" description="Recent activity and the pipeline." asRegion actions={<Link href={`/sales/company/${companyId}`}>Open in Sales</Link>}>
      {view ? (
        <div className={styles.stack}>
          <PipelineStats view={view} />
          <LogButtons companyId={companyId} companyName={companyName} />
          <Timeline view={view} limit={8} />
        </div>
      ) : error ? (
        <p role="alert">{error}</p>
      ) : (
        <SkeletonCard />
      )}
    </Card>
  );
}

/** The company page's Sales section: activity timeline and pipeline, with logging. */
export default function CompanySalesSection(props: CompanySectionProps) {
  return (
    <SalesFrame>
      <Section {...props} />
    </SalesFrame>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { CompanySectionProps } from '@/features/companies';
import { Card, SkeletonCard } from '@/shared/ui/components';
import { companyScreenMachine, selectCompany } from '../machines/sales-view.machine';
import { SalesFrame, useActivityLog } from './ActivityLog';
import { LogButtons, PipelineStats, Timeline } from './CompanySales';
import styles from './sales.module.css';

function Section({ companyId, companyName }: CompanySectionProps) {
  const { log } = useActivityLog();
  const screen = useActorRef(companyScreenMachine, { input: { log, query: companyId } });
  const query = useSelector(screen, selectCompany);
  const view = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
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

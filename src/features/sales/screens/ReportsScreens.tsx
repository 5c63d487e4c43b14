/** /sales/reporting, /sales/reports and /sales/reports/{report}: the report entry and viewer of the reports feature, narrowed to sales. */
import { Suspense } from 'react';
import { useRoute } from 'wouter';
import { ReportCatalog, ReportViewer } from '@/features/reports';
import { SkeletonCard } from '@/shared/ui/components';
import { SalesFrame } from './ActivityLog';
import { SalesNav } from './parts';

const SALES_CATALOG = {
  group: 'Sales' as const,
  title: 'Sales Reporting',
  subtitle: 'Pick a report, then its period, granularity and reps; every report has a chart, a table, and CSV and PDF exports.',
  hrefOf: (id: string) => `/sales/reports/${id}`,
};

export function SalesReportEntryScreen() {
  return (
    <SalesFrame>
      <SalesNav />
      <Suspense fallback={<SkeletonCard />}>
        <ReportCatalog place={SALES_CATALOG} />
      </Suspense>
    </SalesFrame>
  );
}

export function SalesReportScreen() {
  const [, params] = useRoute<{ report: string }>('/sales/reports/:report');
  const report = params?.report ?? '';
  return (
    <SalesFrame>
      <Suspense fallback={<SkeletonCard />}>
        <ReportViewer key={report} place={{ report, path: `/sales/reports/${report}`, crumbs: [{ label: 'Sales Reporting', href: '/sales/reports' }] }} />
      </Suspense>
    </SalesFrame>
  );
}

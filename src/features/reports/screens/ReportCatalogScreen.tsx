import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { REPORT_GROUPS, type ReportGroup, type ReportMeta, type ReportParamName } from '@contracts/reports';
import { reportCatalogMachine } from '../machines/catalog.machine';
import { PARAM_LABELS } from './params';
import styles from './reports.module.css';
import { usePageTitle } from '@/shared/page-title';
import { Alert, Button, EmptyState, PageHeader, SkeletonCard } from '@/shared/ui/components';

const paramList = (params: ReportParamName[]) => (params.length ? params.map((p) => PARAM_LABELS[p]).join(' · ') : 'No parameters');

/**
 * A catalog narrowed to one group (the sales report entry at /sales/reporting), with its own title
 * and the address each report opens at.
 */
export type ReportCatalogPlace = { group: ReportGroup; title: string; subtitle: string; hrefOf: (id: string) => string };

/** /report/base: every report, grouped, with what it shows and what it can be narrowed by. */
export default function ReportCatalogScreen({ place }: { place?: ReportCatalogPlace; params?: Record<string, string | undefined> }) {
  usePageTitle(place?.title ?? 'Reports');
  const query = useActorRef(reportCatalogMachine, { input: {} });
  const catalog = useSelector(query, (s) => s.context.data);
  const failed = useSelector(query, (s) => s.matches('failed'));
  const error = useSelector(query, (s) => s.context.error);
  const groups = REPORT_GROUPS.filter((g) => !place || g === place.group).map((g) => ({ group: g, reports: catalog?.reports.filter((r) => r.group === g) ?? [] })).filter((g) => g.reports.length);
  return (
    <>
      <PageHeader title={place?.title ?? 'Reports'} subtitle={place?.subtitle ?? 'Pick a report, set its period and filters, drill into any bar, and export it as CSV or PDF.'} />
      {failed ? (
        <Alert tone="danger" title="The reports could not be loaded" live>
          {error} <Button size="sm" onPress={() => query.send({ type: 'query.reload' })}>Try again</Button>
        </Alert>
      ) : null}
      {!catalog && !failed ? (
        <div className={styles.cards} aria-busy="true" aria-label="Loading reports">
          <SkeletonCard />
          <SkeletonCard />
          <SkeletonCard />
        </div>
      ) : null}
      {catalog && !catalog.reports.length ? <EmptyState title="No reports yet" text="Reports appear here as features register them." /> : null}
      <div className={styles.groups}>
        {groups.map(({ group, reports }) => (
          <section key={group} className={styles.group} aria-labelledby={`group-${group}`}>
            <h2 id={`group-${group}`}>{group}</h2>
            <ul className={styles.cards}>
              {reports.map((r: ReportMeta) => (
                <li key={r.id}>
                  <article className={styles.entry}>
                    <h3 className={styles.entryTitle}>
                      <Link href={place ? place.hrefOf(r.id) : `/report/view?report=${r.id}`}>{r.title}</Link>
                    </h3>
                    <p className={styles.entryText}>{r.description}</p>
                    <p className={styles.params}>
                      <span>Parameters: </span>
                      {paramList(r.params)}
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

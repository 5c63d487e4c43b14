/** A company's sales: activity timeline and pipeline; the sales company screen and the company page's Sales section both show it. */
import { Link } from 'wouter';
import { formatMoney } from '@contracts/quote-money';
import { ACTIVITY_KINDS, ACTIVITY_LABELS, type SalesCompanyView } from '@contracts/sales';
import { Badge, Button, EmptyState, Stat } from '@/shared/ui/components';
import { useActivityLog } from './ActivityLog';
import { DaysAgo } from './parts';
import styles from './sales.module.css';

const KIND_TONE = { call: 'neutral', letter: 'info', lead: 'warning', sale: 'success' } as const;

export function LogButtons({ companyId, companyName }: { companyId: number; companyName: string }) {
  const { open } = useActivityLog();
  return (
    <div className={styles.row} role="group" aria-label={`Log for ${companyName}`}>
      {ACTIVITY_KINDS.map((kind) => (
        <Button key={kind} size="sm" onPress={() => open({ kind, companyId, companyName })}>
          Log {ACTIVITY_LABELS[kind].toLowerCase()}
        </Button>
      ))}
    </div>
  );
}

export function PipelineStats({ view }: { view: SalesCompanyView }) {
  return (
    <div className={styles.row}>
      <Stat label="Lifetime revenue" value={formatMoney(view.company.lifetimeCents)} />
      <Stat label="Open pipeline" value={formatMoney(view.pipeline.openCents)} hint={`${view.pipeline.byStatus.filter((b) => b.status === 'draft' || b.status === 'sent').reduce((a, b) => a + b.count, 0)} open quotes`} />
      <Stat label="Accepted quotes" value={String(view.acceptedQuotes.length)} hint={view.acceptedQuotes.length ? formatMoney(view.acceptedQuotes.reduce((a, q) => a + q.totalCents, 0)) : undefined} />
      <Stat label="Came through" value={<span className={styles.statText}>{view.company.channel ?? '—'}</span>} />
    </div>
  );
}

export function Timeline({ view, limit }: { view: SalesCompanyView; limit?: number }) {
  const shown = limit ? view.activities.slice(0, limit) : view.activities;
  if (!shown.length) return <EmptyState title="No sales activity yet" text="Log a call, a letter, a lead or a sale for this company." />;
  return (
    <ol className={styles.timeline} aria-label="Activity timeline">
      {shown.map((a) => (
        <li key={a.id}>
          <Badge tone={KIND_TONE[a.kind]}>{ACTIVITY_LABELS[a.kind]}</Badge>
          <span>
            {a.kind === 'sale' && a.amountCents !== null ? <strong>{formatMoney(a.amountCents)} </strong> : null}
            {a.quoteNumber ? <>for <Link href={`/sales/quote/${a.quoteId}`}>{a.quoteNumber}</Link> </> : null}
            by {a.staffName}
            {a.channelName ? <span className={styles.muted}> · via {a.channelName}</span> : null}
            {a.notes ? <span className={styles.muted}> · {a.notes}</span> : null}
          </span>
          <span className={styles.muted}>
            <DaysAgo day={a.occurredOn} />
          </span>
        </li>
      ))}
    </ol>
  );
}

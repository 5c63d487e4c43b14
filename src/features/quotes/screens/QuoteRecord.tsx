import { Link } from 'wouter';
import { formatMoney } from '@contracts/quote-money';
import { QUOTE_TYPE_LABELS, type QuoteType, type QuoteView } from '@contracts/quotes';
import { Alert, Button, Card, PageHeader } from '@/shared/ui/components';
import { formatDateTime } from '@/shared/ui/tokens/format';
import { QuoteStatusBadge } from './parts';
import { QuoteDocument } from './QuoteDocument';
import styles from './quotes.module.css';

export type QuoteRecordProps = {
  view: QuoteView;
  /** The layout to show (the `type` query parameter); the quote's own type by default. */
  type?: QuoteType;
  error?: string | null;
  busy?: boolean;
  /** The PDF is being fetched. */
  pdfBusy?: boolean;
  onDownloadPdf: () => void;
  onRevise?: (() => void) | undefined;
  onDecide?: (status: 'accepted' | 'declined') => void;
  /** Where the revisions link to. */
  viewBase?: string;
};

/** A quote as staff see it once sent: the client's layout, its status, the client's decision, revisions and what changed. */
export function QuoteRecord({ view, type, error, busy, pdfBusy, onDownloadPdf, onRevise, onDecide, viewBase = '/quote/view' }: QuoteRecordProps) {
  const q = view.quote;
  const d = view.decision;
  return (
    <>
      <PageHeader
        title={
          <>
            Quote {q.number} <QuoteStatusBadge status={q.status} />
          </>
        }
        subtitle={`${QUOTE_TYPE_LABELS[q.type]} quote for ${q.companyName || 'a client not named yet'} · owner ${q.ownerName}${q.sentAt ? ` · sent ${formatDateTime(q.sentAt)}` : ''}`}
        actions={
          <>
            <Button onPress={onDownloadPdf} isPending={pdfBusy} pendingLabel="Downloading">
              Download PDF
            </Button>
            {!view.readOnly ? <Link href={`/quote/edit/${q.id}`}>Edit draft</Link> : null}
            {onDecide && q.status === 'sent' && !q.superseded ? (
              <>
                <Button onPress={() => onDecide('accepted')} isDisabled={busy}>Record acceptance</Button>
                <Button onPress={() => onDecide('declined')} isDisabled={busy}>Record decline</Button>
              </>
            ) : null}
            {onRevise && view.readOnly && !q.superseded ? (
              <Button variant="primary" onPress={onRevise} isPending={busy}>
                Revise
              </Button>
            ) : null}
          </>
        }
      />
      <div className={styles.stack}>
        {error ? <Alert tone="danger" title="That did not work">{error}</Alert> : null}
        {q.superseded ? (
          <Alert tone="info" title="A newer revision exists">
            This revision is kept for the record. Open{' '}
            {view.revisions.filter((r) => r.revision > q.revision).map((r) => (
              <Link key={r.id} href={`${viewBase}/${r.id}?type=${q.type}`}>{r.number} </Link>
            ))}
          </Alert>
        ) : null}
        {d ? (
          <Card title={d.decision === 'accepted' ? 'Accepted by the client' : 'Declined by the client'} asRegion>
            <dl className={styles.grid2} data-testid="decision">
              <div>
                <dt className={styles.muted}>Name</dt>
                <dd>{d.name}</dd>
              </div>
              <div>
                <dt className={styles.muted}>When</dt>
                <dd>{formatDateTime(d.decidedAt)}</dd>
              </div>
              <div>
                <dt className={styles.muted}>From address</dt>
                <dd>{d.address}</dd>
              </div>
              {d.decision === 'accepted' ? (
                <>
                  <div>
                    <dt className={styles.muted}>Accepted total</dt>
                    <dd>{formatMoney(d.totalCents)} ({d.chosenLines.length} optional line{d.chosenLines.length === 1 ? '' : 's'} chosen)</dd>
                  </div>
                  <div>
                    <dt className={styles.muted}>SHA-256 of the accepted content</dt>
                    <dd style={{ overflowWrap: 'anywhere', fontFamily: 'var(--cc-font-mono)' }}>{d.contentHash}</dd>
                  </div>
                </>
              ) : (
                <div>
                  <dt className={styles.muted}>Reason</dt>
                  <dd>{d.reason}</dd>
                </div>
              )}
            </dl>
          </Card>
        ) : null}
        {view.revisions.length > 1 ? (
          <Card title="Revisions" asRegion>
            <div className={styles.stack}>
              <p>
                {view.revisions.map((r, i) => (
                  <span key={r.id}>
                    {i ? ' → ' : ''}
                    {r.id === q.id ? <strong>{r.number}</strong> : <Link href={`${viewBase}/${r.id}?type=${q.type}`}>{r.number}</Link>} ({r.status})
                  </span>
                ))}
              </p>
              {view.changes.length ? (
                <>
                  <h3>Changed since the previous revision</h3>
                  <ul className={styles.changes} data-testid="changes">
                    {view.changes.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                </>
              ) : q.revision > 1 ? (
                <p className={styles.muted}>No changes from the previous revision yet.</p>
              ) : null}
            </div>
          </Card>
        ) : null}
        <QuoteDocument {...q} type={type ?? q.type} lines={view.lines} totals={view.totals} />
      </div>
    </>
  );
}

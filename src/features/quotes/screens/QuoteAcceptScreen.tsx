import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '@contracts/quote-money';
import { totalsOf } from '@contracts/quotes';
import { usePageTitle } from '@/shared/page-title';
import type { ScreenProps } from '@/shared/routing';
import { Alert, Button, Card, Logo, SkeletonCard } from '@/shared/ui/components';
import { formatDateTime } from '@/shared/ui/tokens/format';
import { clientDecisionMachine, publicQuoteMachine } from '../machines/quotes.machines';
import { QuoteDocument } from './QuoteDocument';
import styles from './quotes.module.css';

/** /quote/accept/{key}: the client's page of a sent quote (no sign-in): choose optional lines, accept by name or decline with a reason. */
export default function QuoteAcceptScreen({ params }: ScreenProps) {
  const key = params.key ?? '';
  const query = useActorRef(publicQuoteMachine, { input: { query: key } });
  const quote = useSelector(query, (s) => s.context.data);
  const loadError = useSelector(query, (s) => s.context.error);
  const decision = useActorRef(clientDecisionMachine, { input: { reloads: query, reloadEvent: { type: 'query.reload' } } });
  const busy = useSelector(decision, (s) => s.hasTag('busy'));
  const error = useSelector(decision, (s) => s.context.error);
  const fieldErrors = useSelector(decision, (s) => s.context.fieldErrors);
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'accept' | 'decline'>('accept');
  const [reason, setReason] = useState('');
  usePageTitle(quote ? `Quote ${quote.number}` : 'Your quote');

  const picked = chosen ?? new Set(quote?.lines.filter((l) => l.optional && l.chosen).map((l) => l.id) ?? []);
  const open = quote?.status === 'sent';
  const lines = quote ? quote.lines.map((l) => ({ ...l, chosen: l.optional && picked.has(l.id) })) : [];
  const totals = quote ? (open ? totalsOf(lines, quote.taxRatePercent) : quote.totals) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!quote || !totals) return;
    decision.send({
      type: 'form.submit',
      input: mode === 'accept' ? { key, decision: 'accept', name, chosen: [...picked], expectedTotalCents: totals.totalCents } : { key, decision: 'decline', name, reason },
    });
  };
  return (
    <main className={styles.publicPage}>
      <div className={styles.stack}>
        <Logo />
        {!quote ? (
          loadError ? (
            <Alert tone="danger" title="This link is not valid">
              The link may be mistyped, or the quote has expired or been replaced by a newer version. Please ask your contact for a new link.
            </Alert>
          ) : (
            <SkeletonCard />
          )
        ) : (
          <>
            <h1>Your quote {quote.number}</h1>
            {quote.decision ? (
              <Alert tone={quote.decision.decision === 'accepted' ? 'success' : 'info'} title={quote.decision.decision === 'accepted' ? 'Thank you: the quote is accepted' : 'The quote was declined'}>
                {quote.decision.decision === 'accepted'
                  ? `Accepted by ${quote.decision.name} on ${formatDateTime(quote.decision.decidedAt)} for ${formatMoney(quote.decision.totalCents)}.`
                  : `Declined by ${quote.decision.name} on ${formatDateTime(quote.decision.decidedAt)}.`}
              </Alert>
            ) : null}
            <QuoteDocument
              {...quote}
              lines={lines}
              totals={totals!}
              choose={open ? { chosen: picked, disabled: busy, onToggle: (id) => setChosen(new Set(picked.has(id) ? [...picked].filter((x) => x !== id) : [...picked, id])) } : undefined}
            />
            {open ? (
              <Card title="Your decision" asRegion>
                <form className={`${styles.stack} ${styles.editLines}`} onSubmit={submit} noValidate>
                  {error ? <p role="alert" className={styles.errorCell}>{error}</p> : null}
                  <fieldset className={styles.choices}>
                    <legend className="sr-only">Accept or decline</legend>
                    <label>
                      <input type="radio" name="mode" checked={mode === 'accept'} onChange={() => setMode('accept')} /> Accept
                    </label>
                    <label>
                      <input type="radio" name="mode" checked={mode === 'decline'} onChange={() => setMode('decline')} /> Decline
                    </label>
                  </fieldset>
                  <label>
                    Your full name
                    <input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="name" aria-invalid={Boolean(fieldErrors.name)} aria-describedby="name-err" />
                    <span id="name-err" className={styles.errorCell}>{fieldErrors.name}</span>
                  </label>
                  {mode === 'decline' ? (
                    <label>
                      Reason
                      <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={2000} aria-invalid={Boolean(fieldErrors.reason)} aria-describedby="reason-err" />
                      <span id="reason-err" className={styles.errorCell}>{fieldErrors.reason}</span>
                    </label>
                  ) : (
                    <p className={styles.muted}>By typing your name and accepting, you accept this quote for {formatMoney(totals!.totalCents)} including tax.</p>
                  )}
                  <div className={styles.row}>
                    <Button type="submit" variant={mode === 'accept' ? 'primary' : 'danger'} isPending={busy}>
                      {mode === 'accept' ? `Accept for ${formatMoney(totals!.totalCents)}` : 'Decline the quote'}
                    </Button>
                  </div>
                </form>
              </Card>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}

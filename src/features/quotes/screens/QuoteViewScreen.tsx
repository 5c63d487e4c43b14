import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isQuoteType } from '@contracts/quotes';
import type { ScreenProps } from '@/shared/routing';
import { Alert, SkeletonCard, toast } from '@/shared/ui/components';
import { quoteDecisionMachine, quoteViewMachine, reviseQuoteMachine } from '../machines/quotes.machines';
import { TabTitle } from './parts';
import { QuoteRecord } from './QuoteRecord';

/** /quote/view/{id}?type=… and /sales/quote/{id}?type=…: the quote as the client sees it, with its record. */
export function QuoteViewPage({ id, viewBase }: { id: number; viewBase: string }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const type = new URLSearchParams(search).get('type');
  const query = useActorRef(quoteViewMachine, { input: { query: id } });
  const view = useSelector(query, (s) => s.context.data);
  const loadError = useSelector(query, (s) => s.context.error);
  const decide = useActorRef(quoteDecisionMachine, { input: { reloads: query, reloadEvent: { type: 'query.reload' } } });
  const decideError = useSelector(decide, (s) => s.context.error);
  const decided = useSelector(decide, (s) => s.context.result);
  const revise = useActorRef(reviseQuoteMachine, { input: {} });
  const revised = useSelector(revise, (s) => s.context.result);
  const reviseError = useSelector(revise, (s) => s.context.error);
  const deciding = useSelector(decide, (s) => s.hasTag('busy'));
  const revising = useSelector(revise, (s) => s.hasTag('busy'));
  const busy = deciding || revising;
  useEffect(() => {
    if (decided) toast.success(`Quote ${decided.quote.status}`);
  }, [decided]);
  useEffect(() => {
    if (revised) {
      toast.success(`Revision ${revised.quote.number} created`);
      navigate(`/quote/edit/${revised.quote.id}`);
    }
  }, [revised, navigate]);
  if (!view) {
    return (
      <>
        <TabTitle>Quote</TabTitle>
        {loadError ? <Alert tone="danger" title="The quote could not be opened">{loadError}</Alert> : <SkeletonCard />}
      </>
    );
  }
  return (
    <>
      <TabTitle>{`Quote ${view.quote.number}`}</TabTitle>
      <QuoteRecord
        view={view}
        type={isQuoteType(type) ? type : view.quote.type}
        error={decideError ?? reviseError}
        busy={busy}
        viewBase={viewBase}
        onDecide={(status) => decide.send({ type: 'form.submit', input: { action: status, id: view.quote.id, note: '' } })}
        onRevise={() => revise.send({ type: 'form.submit', input: view.quote.id })}
      />
    </>
  );
}

export default function QuoteViewScreen({ params }: ScreenProps) {
  return <QuoteViewPage id={Number(params.id)} viewBase="/quote/view" />;
}

import { useActorRef, useSelector } from '@xstate/react';
import { Redirect, useSearch } from 'wouter';
import { isQuoteType } from '@contracts/quotes';
import type { ScreenProps } from '@/shared/routing';
import { inspection } from '@/shared/inspection';
import { usePageTitle } from '@/shared/page-title';
import { Alert, Button, SkeletonCard } from '@/shared/ui/components';
import {
  quoteRecordMachine,
  selectRecordBusy,
  selectRecordError,
  selectRecordLoadError,
  selectRecordPdfBusy,
  selectRecordRevisionAddress,
  selectRecordView,
} from '../machines/quote-record.machine';
import { QuoteRecord } from './QuoteRecord';

/** /quote/view/{id}?type=… and /sales/quote/{id}?type=…: the quote as the client sees it, with its record. */
export function QuoteViewPage({ id, viewBase }: { id: number; viewBase: string }) {
  const type = new URLSearchParams(useSearch()).get('type');
  const record = useActorRef(quoteRecordMachine, { input: { id }, inspect: inspection.inspect });
  const view = useSelector(record, selectRecordView);
  const loadError = useSelector(record, selectRecordLoadError);
  const error = useSelector(record, selectRecordError);
  const busy = useSelector(record, selectRecordBusy);
  const pdfBusy = useSelector(record, selectRecordPdfBusy);
  const revision = useSelector(record, selectRecordRevisionAddress);
  usePageTitle(view ? `Quote ${view.quote.number}` : 'Quote');
  if (revision) return <Redirect to={revision} />;
  if (!view) {
    return loadError ? (
      <>
        <Alert tone="danger" title="The quote could not be opened">{loadError}</Alert>
        <Button onPress={() => record.send({ type: 'quote.reload' })}>Try again</Button>
      </>
    ) : (
      <SkeletonCard />
    );
  }
  return (
    <>
      <QuoteRecord
        view={view}
        type={isQuoteType(type) ? type : view.quote.type}
        error={error}
        busy={busy}
        pdfBusy={pdfBusy}
        viewBase={viewBase}
        onDownloadPdf={() => record.send({ type: 'quote.downloadPdf' })}
        onDecide={(status) => record.send({ type: 'quote.decide', status })}
        onRevise={() => record.send({ type: 'quote.revise' })}
      />
    </>
  );
}

export default function QuoteViewScreen({ params }: ScreenProps) {
  return <QuoteViewPage id={Number(params.id)} viewBase="/quote/view" />;
}

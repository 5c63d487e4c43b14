import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { QUOTE_TYPE_LABELS, QUOTE_TYPES, type QuoteType } from '@contracts/quotes';
import { Card, PageHeader, SkeletonCard } from '@/shared/ui/components';
import { quotesApi } from '../api';
import { sampleQuoteMachine } from '../machines/quotes.machines';
import { TabTitle } from './parts';
import { PdfPages } from './PdfPages';
import { QuoteDocument } from './QuoteDocument';
import styles from './quotes.module.css';

/** /quote/pdf-organization-tester: the PDF of a 200-line sample quote beside its HTML view, per type. */
export default function PdfTesterScreen() {
  const [type, setType] = useState<QuoteType>('hardware');
  const sample = useActorRef(sampleQuoteMachine, { input: { query: 'hardware' } });
  const data = useSelector(sample, (s) => s.context.data);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setPdfUrl(null);
    void quotesApi.samplePdf(type).then((blob) => {
      if (cancelled) return;
      url = URL.createObjectURL(blob);
      setPdfUrl(url);
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [type]);
  return (
    <>
      <TabTitle>Quote PDF Layout Tester</TabTitle>
      <PageHeader
        title="Quote PDF Layout Tester"
        subtitle="A 200-line sample quote (long descriptions, sections, optional lines, page breaks) as a PDF beside the page a client sees."
        actions={
          <label className={styles.editLines}>
            Layout{' '}
            <select
              value={type}
              onChange={(e) => {
                const t = e.target.value as QuoteType;
                setType(t);
                sample.send({ type: 'query.set', query: t });
              }}
            >
              {QUOTE_TYPES.map((t) => (
                <option key={t} value={t}>{QUOTE_TYPE_LABELS[t]}</option>
              ))}
            </select>
          </label>
        }
      />
      <div className={styles.grid2}>
        <Card title="PDF" asRegion>
          {pdfUrl ? <PdfPages url={pdfUrl} /> : <SkeletonCard />}
        </Card>
        <Card title="HTML view" asRegion>
          {data ? <QuoteDocument {...data} type={type} /> : <SkeletonCard />}
        </Card>
      </div>
    </>
  );
}

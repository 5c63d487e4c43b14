import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { QUOTE_TYPE_LABELS, QUOTE_TYPES, type QuoteType } from '@contracts/quotes';
import { Card, PageHeader, SkeletonCard } from '@/shared/ui/components';
import { samplePdfMachine, sampleQuoteMachine } from '../machines/quotes.machines';
import { PdfPages } from './PdfPages';
import { QuoteDocument } from './QuoteDocument';
import styles from './quotes.module.css';

/** /quote/pdf-organization-tester: the PDF of a 200-line sample quote beside its HTML view, per type. */
export default function PdfTesterScreen() {
  const [type, setType] = useState<QuoteType>('hardware');
  const sample = useActorRef(sampleQuoteMachine, { input: { query: 'hardware' } });
  const data = useSelector(sample, (s) => s.context.data);
  const pdfQuery = useActorRef(samplePdfMachine, { input: { query: 'hardware' } });
  // The PDF of the layout shown (a PDF of the layout before stays out while the next one loads).
  const pdf = useSelector(pdfQuery, (s) => (s.matches('ready') ? s.context.data : undefined));
  return (
    <>
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
                pdfQuery.send({ type: 'query.set', query: t });
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
          {pdf ? <PdfPages file={pdf} /> : <SkeletonCard />}
        </Card>
        <Card title="HTML view" asRegion>
          {data ? <QuoteDocument {...data} type={type} /> : <SkeletonCard />}
        </Card>
      </div>
    </>
  );
}

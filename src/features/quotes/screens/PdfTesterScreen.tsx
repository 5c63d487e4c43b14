import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { type QuoteType } from '@contracts/quotes';
import { Card, PageHeader, Select, SkeletonCard } from '@/shared/ui/components';
import { samplePdfMachine, sampleQuoteMachine } from '../machines/quotes.machines';
import { PdfPages } from './PdfPages';
import { QuoteDocument } from './QuoteDocument';
import { QUOTE_TYPE_OPTIONS } from './quote-type-options';
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
          <Select
            label="Layout"
            className={styles.layoutPicker}
            items={QUOTE_TYPE_OPTIONS}
            value={type}
            onChange={(key) => {
              if (!key) return;
              const t = key as QuoteType;
              setType(t);
              sample.send({ type: 'query.set', query: t });
              pdfQuery.send({ type: 'query.set', query: t });
            }}
          />
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

import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '@contracts/common/constants';
import { QA_STATUS_LABELS, qaWeeksChart, type QaFigures, type QaItem, type QaItemView, type QaResult, type QaStatus } from '@contracts/quality';
import { qaFiguresMachine, qaQueueMachine, type resultMachine, type takeMachine } from '../machines/quality.machines';
import { qaScreenMachine, selectDownloads, selectEvidenceFiles, selectEvidenceForm, selectItem, selectResultForm, selectTakeForm, selectThumbnailsOf } from '../machines/qa-screen.machine';
import { QaRuns } from './QaRunCases';
import styles from './quality.module.css';
import { QaViews } from './TestCasesView';
import { inspection } from '@/shared/inspection';
import { Chart } from '@/shared/ui/chart';
import { Badge, Button, Card, Dialog, Form, FormErrorBanner, PageHeader, QueryView, Radio, RadioGroup, RelativeTime, SkeletonCard, SkeletonText, Stat, TextArea, type BadgeTone } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { RecordFiles } from '@/shared/ui/record-files/RecordFiles';

const STATUS_TONES: Record<QaStatus, BadgeTone> = { waiting: 'neutral', testing: 'info', passed: 'success', failed: 'danger', blocked: 'warning' };
const StatusBadge = ({ status }: { status: QaStatus }) => <Badge tone={STATUS_TONES[status]}>{QA_STATUS_LABELS[status]}</Badge>;
const PRIORITY: Record<QaItem['priority'], [string, BadgeTone]> = { low: ['Low', 'success'], medium: ['Medium', 'warning'], high: ['High', 'danger'], critical: ['Critical', 'danger'] };
const PriorityBadge = ({ priority }: { priority: QaItem['priority'] }) => (
  <Badge tone={PRIORITY[priority][1]} variant={priority === 'critical' ? 'solid' : 'subtle'}>
    {PRIORITY[priority][0]}
  </Badge>
);
const canTake = (i: QaItem) => i.status === 'waiting' || i.status === 'blocked';
const subject = (i: QaItem) =>
  i.scr_id ? <Link href={`/software/change/request/${i.scr_id}`}>SCR-{i.scr_id}</Link> : i.ticket_id ? <Link href={`/ticket/${i.ticket_id}`}>Ticket #{i.ticket_id}</Link> : '—';

function Figures({ f }: { f: QaFigures }) {
  return (
    <div className={styles.figures}>
      <div className={styles.stats}>
        <Card padding="compact">
          <Stat label="Pass rate" value={f.passRate === null ? '—' : `${f.passRate}%`} hint={`of runs in the last ${f.weeks} weeks`} />
        </Card>
        <Card padding="compact">
          <Stat label="Waiting" value={f.waiting} hint="items for a tester" />
        </Card>
        <Card padding="compact">
          <Stat label="Time in QA" value={f.hoursInQa === null ? '—' : `${f.hoursInQa} h`} hint="on average, to a result" />
        </Card>
        <Card padding="compact">
          <Stat label="Failures per SCR" value={f.failuresPerScr ?? '—'} hint="failed runs per change tested" />
        </Card>
      </div>
      <Card title="Results by week" padding="compact">
        <Chart spec={qaWeeksChart(f)} height={220} />
      </Card>
    </div>
  );
}

function ResultForm({ item, form }: { item: QaItemView; form: ActorRefFrom<typeof resultMachine> }) {
  const [result, setResult] = useState<QaResult | null>(null);
  const [notes, setNotes] = useState('');
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const submission = () => ({ id: item.id, input: { ...(result ? { result } : {}), ...(notes.trim() ? { notes } : {}), version: item.version } as { result: QaResult; notes?: string; version: number } });
  return (
    <Form
      className={styles.form}
      aria-label="Record the result"
      refusals={refusals}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit', input: submission() });
      }}
    >
      <FormErrorBanner title={error ?? undefined} errors={[]} />
      <RadioGroup
        label="Result"
        name="result"
        orientation="horizontal"
        value={result}
        onChange={(v) => {
          setResult(v as QaResult);
          form.send({ type: 'form.change', field: 'result' });
        }}
        errorMessage={fields.result}
      >
        <Radio value="pass">Pass</Radio>
        <Radio value="fail">Fail</Radio>
        <Radio value="blocked">Blocked</Radio>
      </RadioGroup>
      <TextArea
        label="Notes"
        name="notes"
        value={notes}
        onChange={(v) => {
          setNotes(v);
          form.send({ type: 'form.change', field: 'notes' });
        }}
        description="What was tested and what happened. A fail needs what failed (the developers read it); blocked needs why."
        errorMessage={fields.notes}
        maxLength={LIMITS.text}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isPending={busy}>
          Record result
        </Button>
      </div>
    </Form>
  );
}

/** The item's evidence (screenshots, logs, reports), kept with the run under way, and files to attach. */
function Evidence({ item, screen }: { item: QaItemView; screen: ActorRefFrom<typeof qaScreenMachine> }) {
  const chosen = useSelector(screen, selectEvidenceFiles);
  const upload = useSelector(screen, selectEvidenceForm);
  const thumbnails = useSelector(screen, selectThumbnailsOf);
  const downloads = useSelector(screen, selectDownloads);
  return (
    <section aria-labelledby="qa-evidence">
      <h3 id="qa-evidence" className={styles.heading}>
        Evidence
      </h3>
      <RecordFiles
        pickerId={`qa-${item.id}-evidence`}
        files={item.evidence}
        empty={<p className={styles.muted}>No evidence attached yet.</p>}
        chosen={chosen}
        thumbnails={thumbnails}
        downloads={downloads}
        upload={upload}
        attachLabel={(n) => (n === 1 ? 'Attach the evidence' : `Attach ${n} files`)}
        attachVariant="secondary"
        onUpload={(files) => screen.send({ type: 'evidence.upload', files })}
        onDownload={(file) => screen.send({ type: 'attachment.download', file })}
        onView={(file) => screen.send({ type: 'attachment.view', file })}
        onCloseViewer={() => screen.send({ type: 'attachment.close' })}
      />
    </section>
  );
}

function ItemPanel({
  actor,
  take,
  result,
  recorded,
  screen,
}: {
  actor: NonNullable<ReturnType<typeof selectItem>>;
  take: ActorRefFrom<typeof takeMachine>;
  result: ActorRefFrom<typeof resultMachine>;
  recorded: number;
  screen: ActorRefFrom<typeof qaScreenMachine>;
}) {
  const taking = useSelector(take, (s) => s.hasTag('busy'));
  const takeError = useSelector(take, (s) => s.context.error);
  return (
    <QueryView actor={actor} errorFallback="The QA item could not be loaded" loading={<SkeletonText lines={4} label="Loading the QA item" />}>
      {(item) => (
        <div className={styles.panel}>
          <p className={styles.meta}>
            <StatusBadge status={item.status} />
            <PriorityBadge priority={item.priority} />
            <span>{subject(item)}</span>
            <span>
              in QA since <RelativeTime value={item.created_at} />
            </span>
            {item.tester ? <span>tester {item.tester}</span> : null}
          </p>
          <FormErrorBanner title={takeError ?? undefined} errors={[]} />
          {canTake(item) ? (
            <div>
              <Button variant="primary" isPending={taking} onPress={() => take.send({ type: 'form.submit', input: { id: item.id, version: item.version } })}>
                {item.status === 'blocked' ? 'Take it again' : 'Take it'}
              </Button>
            </div>
          ) : null}
          <QaRuns item={item} screen={screen} />
          <Evidence item={item} screen={screen} />
          {item.status === 'testing' ? <ResultForm key={`${recorded}-${item.version}`} item={item} form={result} /> : null}
        </div>
      )}
    </QueryView>
  );
}

/** The open item's title, from its own query (it stays once a result takes the item off the queue). */
function ItemTitle({ actor, fallback }: { actor: ReturnType<typeof selectItem>; fallback: string }) {
  const title = useSelector(actor, (s) => s?.context.data?.title);
  return <>{title ?? fallback}</>;
}

/** /quality/qa: the queue of changes and tickets under test, an item's runs with take and result, and the figures. */
export default function QaScreen() {
  const search = useSearch();
  const initial = Number(new URLSearchParams(search).get('item')) || null;
  const queue = useActorRef(qaQueueMachine, { input: {}, inspect: inspection.inspect });
  const figures = useActorRef(qaFiguresMachine, { input: {}, inspect: inspection.inspect });
  const screen = useActorRef(qaScreenMachine, { input: { queue, figures, open: initial }, inspect: inspection.inspect });
  const item = useSelector(screen, selectItem);
  const open = useSelector(screen, (s) => s.context.open);
  const take = useSelector(screen, selectTakeForm);
  const result = useSelector(screen, selectResultForm);
  const recorded = useSelector(screen, (s) => s.context.recorded);

  const columns: DataTableColumn<QaItem>[] = [
    {
      label: 'Item',
      field: 'title',
      cell: (i) => (
        <CellText text={i.title}>
          <Button variant="quiet" className={styles.rowButton} onPress={() => screen.send({ type: 'item.open', id: i.id })}>
            {i.title}
          </Button>
        </CellText>
      ),
    },
    { label: 'For', field: 'scr_id', width: '7rem', priority: 2, cell: subject },
    { label: 'Priority', field: 'priority', width: '7rem', cell: (i) => <PriorityBadge priority={i.priority} /> },
    { label: 'Status', field: 'status', width: '7rem', cell: (i) => <StatusBadge status={i.status} /> },
    { label: 'Tester', field: 'tester', priority: 2, cell: (i) => i.tester ?? <span className={styles.muted}>Nobody yet</span> },
    { label: 'Age', field: 'created_at', width: '7rem', priority: 2, cell: (i) => <RelativeTime value={i.created_at} /> },
    {
      label: 'Action',
      field: 'version',
      sortable: false,
      width: '6.5rem',
      cell: (i) =>
        canTake(i) ? (
          <Button size="sm" variant="secondary" aria-label={`Take “${i.title}”`} onPress={() => take.send({ type: 'form.submit', input: { id: i.id, version: i.version } })}>
            Take
          </Button>
        ) : null,
    },
  ];

  return (
    <div className={styles.page}>
      <PageHeader title="Quality Assurance" subtitle="Changes and tickets under test: take one, run its tests, record pass, fail or blocked." />
      <QaViews
        queue={
          <>
            <QueryView actor={figures} errorFallback="The QA figures could not be loaded" loading={<SkeletonCard label="Loading the QA figures" />}>
              {(f) => <Figures f={f} />}
            </QueryView>
            <Card title="Queue" padding="none">
              <QueryView actor={queue} errorFallback="The QA queue could not be loaded" loading={<SkeletonText lines={4} label="Loading the QA queue" />}>
                {(page) => <DataTable<QaItem> caption="QA queue" columns={columns} rows={page.items} searchable={false} tableId="qa-queue" />}
              </QueryView>
            </Card>
            <Dialog isOpen={open !== null} onOpenChange={(o) => (o ? undefined : screen.send({ type: 'item.close' }))} title={<ItemTitle actor={item} fallback="QA item" />} size="lg">
              {item ? <ItemPanel actor={item} take={take} result={result} recorded={recorded} screen={screen} /> : null}
            </Dialog>
          </>
        }
      />
    </div>
  );
}

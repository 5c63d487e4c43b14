import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RequestView } from '@contracts/approvals';
import { formatDay } from '@contracts/common/dates';
import { wallClockIn } from '@contracts/reports';
import {
  CORRECTABLE_DAYS,
  CORRECTION_TEXT_MAX,
  TIME_ENTRY_DESCRIPTION_MAX,
  TIME_ENTRY_MINUTES_MAX,
  type CorrectionPayload,
  type OwnPunch,
  type OwnTimeEntry,
  type PunchBefore,
  type StoredPunchCorrection,
  type StoredTimeEntryCorrection,
  type TimeEntryFields,
} from '@contracts/forms';
import { myPunchesMachine, myTimeEntriesMachine, mySubmissionsMachine, submitCorrectionMachine, toReviewMachine } from '../machines/forms.machines';
import { correctionScreenMachine, selectForm, type CorrectionKind, type CorrectionScreenActor, type CorrectionTab } from '../machines/correction-screen.machine';
import styles from './forms.module.css';
import { SubmissionList } from './SubmissionList';
import { RequestDetail } from '@/features/approvals';
import type { CorrectionSubmission } from '../api';
import { inspection } from '@/shared/inspection';
import type { QueryMachine } from '@/shared/machines/query.machine';
import { CompanyPicker } from '@/shared/pickers';
import { Alert, Button, Card, DateField, Dialog, FormErrorBanner, NumberField, PageHeader, QueryView, Radio, RadioGroup, SkeletonText, Tab, TabList, TabPanel, Tabs, TextArea, TextField } from '@/shared/ui/components';
import { formatDateTime, formatMinutes, formatTime, readerTimeZone } from '@/shared/ui/tokens/format';

type Draft = { summary: string; customerImpact: string; rootCause: string; correctiveAction: string; ticketId: number | null; companyId: number | null; companyName: string | null };
const EMPTY: Draft = { summary: '', customerImpact: '', rootCause: '', correctiveAction: '', ticketId: null, companyId: null, companyName: null };

const payloadOf = (d: Draft): CorrectionPayload => ({
  summary: d.summary,
  customerImpact: d.customerImpact,
  rootCause: d.rootCause,
  correctiveAction: d.correctiveAction,
  ...(d.ticketId ? { ticketId: d.ticketId } : {}),
  ...(d.companyId ? { companyId: d.companyId } : {}),
});

const draftOf = (r: RequestView): Draft => {
  const p = r.payload as Partial<CorrectionPayload>;
  return { ...EMPTY, summary: p.summary ?? '', customerImpact: p.customerImpact ?? '', rootCause: p.rootCause ?? '', correctiveAction: p.correctiveAction ?? '', ticketId: p.ticketId ?? null, companyId: p.companyId ?? null };
};

/** An applied correction reads as accepted. */
const APPLIED = 'Accepted';

/** /forms/correction: report what went wrong and how it is put right; the author's manager reviews it. */
export default function CorrectionScreen() {
  const mine = useActorRef(mySubmissionsMachine, { input: { query: 'correction' }, inspect: inspection.inspect });
  const review = useActorRef(toReviewMachine, { input: { query: 'correction' }, inspect: inspection.inspect });
  const screen = useActorRef(correctionScreenMachine, { input: { mine }, inspect: inspection.inspect });
  const form = useSelector(screen, selectForm);
  const tab = useSelector(screen, (s) => s.context.tab);
  const open = useSelector(screen, (s) => s.context.open);
  const sent = useSelector(screen, (s) => s.context.sent);
  const kind = useSelector(screen, (s) => s.context.kind);
  const reviewCount = useSelector(review, (s) => s.context.data?.length ?? 0);
  const openRequest = (id: number) => screen.send({ type: 'request.open', id });

  return (
    <div className={styles.page}>
      <PageHeader title="Correction Form" subtitle="Report what went wrong and how it is put right, or correct one of your time entries or punches. Your manager reviews it." />
      <Tabs selectedKey={tab} onSelectionChange={(k) => screen.send({ type: 'tab.select', tab: k as CorrectionTab })}>
        <TabList aria-label="Corrections">
          <Tab id="report">Report</Tab>
          <Tab id="mine">My submissions</Tab>
          <Tab id="review">Review{reviewCount ? ` (${reviewCount})` : ''}</Tab>
        </TabList>
        <TabPanel id="report">
          <div className={styles.form}>
            <RadioGroup label="What to correct" orientation="horizontal" value={kind} onChange={(k) => screen.send({ type: 'kind.select', kind: k as CorrectionKind })}>
              <Radio value="report">Report a problem</Radio>
              <Radio value="timeEntry">Correct my time entry</Radio>
              <Radio value="punch">Correct my punch</Radio>
            </RadioGroup>
            {kind === 'report' ? <CorrectionForm key={sent} form={form} /> : kind === 'punch' ? <PunchForm key={sent} screen={screen} form={form} /> : <TimeEntryForm key={sent} screen={screen} form={form} />}
          </div>
        </TabPanel>
        <TabPanel id="mine">
          <SubmissionList actor={mine} label="my corrections" empty="You have not reported a correction yet." appliedLabel={APPLIED} onOpen={openRequest} />
        </TabPanel>
        <TabPanel id="review">
          <SubmissionList actor={review} label="corrections to review" empty="No correction waits for your review." appliedLabel={APPLIED} withRequester onOpen={openRequest} />
        </TabPanel>
      </Tabs>
      <Dialog isOpen={open !== null} onOpenChange={(o) => (o ? undefined : screen.send({ type: 'request.close' }))} title="Correction" size="lg">
        {open !== null ? (
          <Suspense fallback={<SkeletonText lines={4} label="Loading the request" />}>
            <RequestDetail id={open} alsoReload={[review]}>
              {(request) => (request.canResubmit ? <Resubmit key={request.version} request={request} form={form} screen={screen} /> : null)}
            </RequestDetail>
          </Suspense>
        ) : null}
      </Dialog>
    </div>
  );
}

/** A correction sent back: its fields again, to change and submit for review once more. */
function Resubmit({ request, form, screen }: { request: RequestView; form: ActorRefFrom<typeof submitCorrectionMachine>; screen: CorrectionScreenActor }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div>
        <Button variant="primary" onPress={() => setEditing(true)}>
          Change and resubmit
        </Button>
      </div>
    );
  }
  const resubmit = { id: request.id, version: request.version };
  const punch = request.payload as Partial<StoredPunchCorrection>;
  if (punch.kind === 'punch' && punch.punchId && punch.after) {
    return <PunchForm screen={screen} form={form} resubmit={resubmit} initial={{ punchId: punch.punchId, summary: punch.summary ?? '', before: punch.before ?? null, after: punch.after }} />;
  }
  const p = request.payload as Partial<StoredTimeEntryCorrection>;
  if (p.kind === 'timeEntry' && p.entryId && p.after) return <TimeEntryForm screen={screen} form={form} resubmit={resubmit} initial={{ entryId: p.entryId, summary: p.summary ?? '', before: p.before ?? null, after: p.after }} />;
  return <CorrectionForm form={form} initial={draftOf(request)} resubmit={resubmit} />;
}

/** The report's fields; what was typed stays through a refused send. */
function CorrectionForm({ form, initial = EMPTY, resubmit }: { form: ActorRefFrom<typeof submitCorrectionMachine>; initial?: Draft; resubmit?: { id: number; version: number } }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const submission = (d: Draft) => ({ payload: payloadOf(d), ...(resubmit ? { resubmit } : {}) });
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.send({ type: 'form.change', field });
  };
  const text = (field: 'customerImpact' | 'rootCause' | 'correctiveAction', label: string, description: string) => (
    <TextArea
      label={label}
      isRequired
      value={draft[field]}
      onChange={(v) => change({ [field]: v }, field)}
      onBlur={() => form.send({ type: 'form.blur', field, input: submission(draft) })}
      description={description}
      errorMessage={fields[field]}
      maxLength={CORRECTION_TEXT_MAX}
    />
  );
  return (
    <Card padding="compact">
      <form
        className={styles.form}
        noValidate
        aria-label={resubmit ? 'Change the correction' : 'Report a correction'}
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: submission(draft) });
        }}
      >
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        {resubmit ? <Alert tone="info" title="Change what your manager asked for, then submit it again." /> : null}
        <TextField
          label="What went wrong"
          isRequired
          value={draft.summary}
          onChange={(summary) => change({ summary }, 'summary')}
          onBlur={() => form.send({ type: 'form.blur', field: 'summary', input: submission(draft) })}
          description="One line: the title your manager sees."
          errorMessage={fields.summary}
          maxLength={200}
        />
        {text('customerImpact', 'Customer impact', 'Who was affected, and how.')}
        {text('rootCause', 'Root cause', 'Why it happened.')}
        {text('correctiveAction', 'Corrective action', 'What was done, and what stops it happening again.')}
        <div className={styles.pair}>
          <NumberField
            label="Related ticket (optional)"
            value={draft.ticketId ?? NaN}
            minValue={1}
            formatOptions={{ useGrouping: false }}
            onChange={(n) => change({ ticketId: Number.isFinite(n) ? n : null }, 'ticketId')}
            errorMessage={fields.ticketId}
          />
          <Suspense fallback={<SkeletonText lines={1} label="Loading the company picker" />}>
            <CompanyPicker
              label="Related company (optional)"
              placeholder="Search companies"
              value={draft.companyId}
              valueName={draft.companyName ?? undefined}
              onChange={(id, name) => change({ companyId: id, companyName: name }, 'companyId')}
              errorMessage={fields.companyId}
            />
          </Suspense>
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={busy}>
            {resubmit ? 'Submit again' : 'Submit for review'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

type AfterDraft = { workDate: string | null; minutes: number; description: string };
const fieldsOf = (e: OwnTimeEntry | TimeEntryFields): TimeEntryFields => ({ workDate: e.workDate, minutes: e.minutes, description: e.description });
const forWhatOf = (e: OwnTimeEntry) => (e.ticketId ? `Ticket #${e.ticketId}${e.forWhat ? `: ${e.forWhat}` : ''}` : e.forWhat ? `Project: ${e.forWhat}` : 'No ticket or project');

/** A time entry as it is: the "Before" column. */
function EntryValues({ title, values }: { title: string; values: TimeEntryFields }) {
  return (
    <section className={styles.entryColumn} aria-label={title}>
      <h3 className={styles.subheading}>{title}</h3>
      <dl className={styles.values}>
        <dt>Day</dt>
        <dd>{formatDay(values.workDate)}</dd>
        <dt>Minutes</dt>
        <dd>
          {values.minutes} <span className={styles.metaInline}>({formatMinutes(values.minutes)})</span>
        </dd>
        <dt>Description</dt>
        <dd>{values.description || <span className={styles.metaInline}>None</span>}</dd>
      </dl>
    </section>
  );
}

/**
 * The record-correcting kind: one of my time entries of the last days picked from a list, its values
 * shown as before, the day, minutes and description as they should be, and why; sent as `timeEntry`.
 */
function TimeEntryForm({
  screen,
  form,
  initial,
  resubmit,
}: {
  screen: CorrectionScreenActor;
  form: ActorRefFrom<typeof submitCorrectionMachine>;
  initial?: { entryId: number; summary: string; before: TimeEntryFields | null; after: TimeEntryFields };
  resubmit?: { id: number; version: number };
}) {
  // A correction sent back keeps its entry; a new one corrects the entry picked from the list.
  const pickedInList = useSelector(screen, (s) => s.context.entryId);
  const picked = initial ? initial.entryId : pickedInList;
  const [pickedEntry, setPickedEntry] = useState<OwnTimeEntry | null>(null);
  const [summary, setSummary] = useState(initial?.summary ?? '');
  const [after, setAfter] = useState<AfterDraft | null>(initial ? fieldsOf(initial.after) : null);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const before = pickedEntry && pickedEntry.id === picked ? fieldsOf(pickedEntry) : (initial?.before ?? null);
  const submission = () => ({
    payload: { kind: 'timeEntry' as const, summary, entryId: picked ?? 0, after: { workDate: after?.workDate ?? '', minutes: after?.minutes ?? NaN, description: after?.description ?? '' } },
    ...(resubmit ? { resubmit } : {}),
  });
  const change = (patch: Partial<AfterDraft>, field: string) => {
    setAfter((a) => (a ? { ...a, ...patch } : a));
    form.send({ type: 'form.change', field });
  };
  return (
    <RecordCorrectionForm
      label={resubmit ? 'Change the time correction' : 'Correct my time entry'}
      resubmit={!!resubmit}
      picker={
        <RecordPicker
          kind={TIME_ENTRIES}
          picked={picked}
          error={fields.entryId}
          onPick={(entry) => {
            setPickedEntry(entry);
            setAfter(fieldsOf(entry));
            screen.send({ type: 'entry.pick', id: entry.id });
          }}
        />
      }
      before={before ? <EntryValues title="Before" values={before} /> : null}
      after={
        after ? (
          <>
            <DateField label="Day" isRequired value={after.workDate} onChange={(workDate) => change({ workDate }, 'after.workDate')} errorMessage={fields['after.workDate']} />
            <NumberField
              label="Minutes"
              isRequired
              value={after.minutes}
              minValue={1}
              maxValue={TIME_ENTRY_MINUTES_MAX}
              formatOptions={{ useGrouping: false }}
              onChange={(minutes) => change({ minutes }, 'after.minutes')}
              description={Number.isFinite(after.minutes) && after.minutes > 0 ? formatMinutes(after.minutes) : undefined}
              errorMessage={fields['after.minutes']}
            />
            <TextArea label="Description" value={after.description} onChange={(description) => change({ description }, 'after.description')} errorMessage={fields['after.description']} maxLength={TIME_ENTRY_DESCRIPTION_MAX} />
          </>
        ) : null
      }
      summary={summary}
      onSummary={setSummary}
      form={form}
      submission={submission}
    />
  );
}

/** My time entries: what each one was for and its description. */
const TIME_ENTRIES: RecordKind<OwnTimeEntry> = {
  machine: myTimeEntriesMachine,
  label: 'Time entry',
  description: `Your time of the last ${CORRECTABLE_DAYS} days, newest first.`,
  plural: 'time entries',
  option: (e) => ({ label: `${formatDay(e.workDate)} · ${e.minutes} min`, hint: `${forWhatOf(e)}${e.description ? ` · ${e.description}` : ''}` }),
};

/** What a record to correct offers in its list: the option's text, a hint below it, and whether it can be picked. */
type RecordOption = { label: string; hint: string; isDisabled?: boolean };
/** A kind of record a correction is about (my time entries, my punches): where the list comes from and how each one reads. */
type RecordKind<T extends { id: number }> = {
  machine: QueryMachine<unknown, T[]>;
  /** The list's label ("Time entry") and what it says of the records ("Your time … newest first."). */
  label: string;
  description: string;
  /** The records named in the plural ("time entries"), for the loading, failure and empty texts. */
  plural: string;
  option: (record: T) => RecordOption;
};

/** My records of the last days of `kind`, newest first, one to pick (arrow keys move between them); loaded only when that kind is corrected. */
function RecordPicker<T extends { id: number }>({ kind, picked, error, onPick }: { kind: RecordKind<T>; picked: number | null; error: string | undefined; onPick: (record: T) => void }) {
  const records = useActorRef(kind.machine, { input: { query: null }, inspect: inspection.inspect });
  return (
    <QueryView actor={records} loading={<SkeletonText lines={4} label={`Loading your ${kind.plural}`} />} errorFallback={`Your ${kind.plural} could not be loaded`} empty={`You have no ${kind.plural} in the last ${CORRECTABLE_DAYS} days.`}>
      {(rows) => (
        <div className={styles.entryList}>
          <RadioGroup
            label={kind.label}
            description={kind.description}
            isRequired
            value={picked === null ? null : String(picked)}
            onChange={(v) => {
              const record = rows.find((r) => String(r.id) === v);
              if (record) onPick(record);
            }}
            errorMessage={error}
          >
            {rows.map((r) => {
              const { label, hint, isDisabled } = kind.option(r);
              return (
                <Radio key={r.id} value={String(r.id)} hint={hint} isDisabled={isDisabled}>
                  {label}
                </Radio>
              );
            })}
          </RadioGroup>
        </div>
      )}
    </QueryView>
  );
}

/**
 * The form of a correction of one of my records (a time entry, a punch): the record picked from its
 * list (none when a correction sent back is changed), its values before and after, and why it is
 * wrong; the kind's form gives the list, the two columns and what it sends.
 */
function RecordCorrectionForm({
  label,
  resubmit,
  picker,
  before,
  after,
  summary,
  onSummary,
  form,
  submission,
}: {
  label: string;
  resubmit: boolean;
  picker: ReactNode;
  before: ReactNode;
  after: ReactNode;
  summary: string;
  onSummary: (summary: string) => void;
  form: ActorRefFrom<typeof submitCorrectionMachine>;
  /** What the form sends now (the kind's payload, and the correction sent back when it is changed). */
  submission: () => CorrectionSubmission;
}) {
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const summaryError = useSelector(form, (s) => s.context.fieldErrors.summary);
  const error = useSelector(form, (s) => s.context.error);
  const onSubmit = () => form.send({ type: 'form.submit', input: submission() });
  return (
    <Card padding="compact">
      <form
        className={styles.form}
        noValidate
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        {resubmit ? <Alert tone="info" title="Change what your manager asked for, then submit it again." /> : null}
        {resubmit ? null : picker}
        {before && after ? (
          <div className={styles.beforeAfter}>
            {before}
            <section className={styles.entryColumn} aria-label="After">
              <h3 className={styles.subheading}>After</h3>
              {after}
            </section>
          </div>
        ) : null}
        <TextField
          label="Why it is wrong"
          isRequired
          value={summary}
          onChange={(v) => {
            onSummary(v);
            form.send({ type: 'form.change', field: 'summary' });
          }}
          onBlur={() => form.send({ type: 'form.blur', field: 'summary', input: submission() })}
          description="One line: the title your manager sees."
          errorMessage={summaryError}
          maxLength={200}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={busy}>
            {resubmit ? 'Submit again' : 'Submit for review'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

// --- Punches ---------------------------------------------------------------------------------------

/** The wall-clock reading of an instant in a zone, as a date-and-time field holds it ("2026-03-10T09:00"). */
function toLocalInput(iso: string, zone: string): string {
  const { day, time } = wallClockIn(iso, zone);
  return `${day}T${time}`;
}
/** A date-and-time field's value read in a zone, as an instant (the zone's offset then, twice over for a change of offset); as typed when it is not one (the server names it). */
function fromLocalInput(value: string, zone: string): string {
  const wall = Date.parse(`${value}:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) || Number.isNaN(wall)) return value;
  const offsetAt = (at: number) => Date.parse(`${toLocalInput(new Date(at).toISOString(), zone)}:00Z`) - Math.floor(at / 60_000) * 60_000;
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first)).toISOString();
}
/** How long a punch lasted, when it has ended. */
const punchLength = (p: PunchBefore) => (p.punchedOutAt ? formatMinutes(Math.round((Date.parse(p.punchedOutAt) - Date.parse(p.punchedInAt)) / 60_000)) : null);
const punchLabel = (p: PunchBefore) => `${formatDateTime(p.punchedInAt)} → ${p.punchedOutAt ? formatTime(p.punchedOutAt) : 'still open'}`;

/** A punch as it is: the "Before" column. */
function PunchValues({ values }: { values: PunchBefore }) {
  return (
    <section className={styles.entryColumn} aria-label="Before">
      <h3 className={styles.subheading}>Before</h3>
      <dl className={styles.values}>
        <dt>Punched in</dt>
        <dd>{formatDateTime(values.punchedInAt)}</dd>
        <dt>Punched out</dt>
        <dd>{values.punchedOutAt ? formatDateTime(values.punchedOutAt) : <span className={styles.metaInline}>Still open</span>}</dd>
        <dt>Length</dt>
        <dd>{punchLength(values) ?? '—'}</dd>
      </dl>
    </section>
  );
}

type PunchDraft = { punchedInAt: string; punchedOutAt: string };
const draftOfPunch = (p: { punchedInAt: string; punchedOutAt: string | null }, zone: string): PunchDraft => ({ punchedInAt: toLocalInput(p.punchedInAt, zone), punchedOutAt: p.punchedOutAt ? toLocalInput(p.punchedOutAt, zone) : '' });

/**
 * The punch-correcting kind: one of my punches of the last days picked from a list, its in and out
 * shown as before, the corrected in and out (in my time zone), and why; sent as `punch`.
 */
function PunchForm({
  screen,
  form,
  initial,
  resubmit,
}: {
  screen: CorrectionScreenActor;
  form: ActorRefFrom<typeof submitCorrectionMachine>;
  initial?: { punchId: number; summary: string; before: PunchBefore | null; after: PunchBefore };
  resubmit?: { id: number; version: number };
}) {
  const zone = readerTimeZone();
  const pickedInList = useSelector(screen, (s) => s.context.punchId);
  const picked = initial ? initial.punchId : pickedInList;
  const [pickedPunch, setPickedPunch] = useState<OwnPunch | null>(null);
  const [summary, setSummary] = useState(initial?.summary ?? '');
  const [after, setAfter] = useState<PunchDraft | null>(initial ? draftOfPunch(initial.after, zone) : null);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const before = pickedPunch && pickedPunch.id === picked ? pickedPunch : (initial?.before ?? null);
  const submission = () => ({
    payload: { kind: 'punch' as const, summary, punchId: picked ?? 0, after: { punchedInAt: fromLocalInput(after?.punchedInAt ?? '', zone), punchedOutAt: fromLocalInput(after?.punchedOutAt ?? '', zone) } },
    ...(resubmit ? { resubmit } : {}),
  });
  const change = (patch: Partial<PunchDraft>, field: string) => {
    setAfter((a) => (a ? { ...a, ...patch } : a));
    form.send({ type: 'form.change', field });
  };
  return (
    <RecordCorrectionForm
      label={resubmit ? 'Change the punch correction' : 'Correct my punch'}
      resubmit={!!resubmit}
      picker={
        <RecordPicker
          kind={PUNCHES}
          picked={picked}
          error={fields.punchId}
          onPick={(punch) => {
            setPickedPunch(punch);
            setAfter(draftOfPunch(punch, zone));
            screen.send({ type: 'punch.pick', id: punch.id });
          }}
        />
      }
      before={before ? <PunchValues values={before} /> : null}
      after={
        after ? (
          <>
            <TextField
              label="Punched in"
              type="datetime-local"
              isRequired
              value={after.punchedInAt}
              onChange={(punchedInAt) => change({ punchedInAt }, 'after.punchedInAt')}
              description={`In your time zone (${zone}).`}
              errorMessage={fields['after.punchedInAt']}
            />
            <TextField
              label="Punched out"
              type="datetime-local"
              isRequired
              value={after.punchedOutAt}
              onChange={(punchedOutAt) => change({ punchedOutAt }, 'after.punchedOutAt')}
              description="After punched in, not in the future, not over another punch of yours."
              errorMessage={fields['after.punchedOutAt']}
            />
          </>
        ) : null
      }
      summary={summary}
      onSummary={setSummary}
      form={form}
      submission={submission}
    />
  );
}

/** My punches: an open one is listed but is punched out before it is corrected. */
const PUNCHES: RecordKind<OwnPunch> = {
  machine: myPunchesMachine,
  label: 'Punch',
  description: `Your punches of the last ${CORRECTABLE_DAYS} days, newest first.`,
  plural: 'punches',
  option: (p) => ({
    label: punchLabel(p),
    isDisabled: p.punchedOutAt === null,
    hint: p.punchedOutAt === null ? 'Still open: punch out first, then correct it' : `${punchLength(p) ?? ''}${p.breakSeconds ? ` · ${Math.round(p.breakSeconds / 60)} min of breaks` : ''}`,
  }),
};

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
import { correctionScreenMachine, selectForm, type CorrectionKind, type CorrectionScreenActor, type CorrectionScreenContext, type CorrectionScreenEvent, type CorrectionTab } from '../machines/correction-screen.machine';
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
            {kind === 'report' ? (
              <CorrectionForm key={sent} form={form} />
            ) : kind === 'punch' ? (
              <RecordCorrectionForm key={sent} correction={PUNCH_CORRECTION} screen={screen} form={form} />
            ) : (
              <RecordCorrectionForm key={sent} correction={TIME_ENTRY_CORRECTION} screen={screen} form={form} />
            )}
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
    return <RecordCorrectionForm correction={PUNCH_CORRECTION} screen={screen} form={form} resubmit={resubmit} initial={{ id: punch.punchId, summary: punch.summary ?? '', before: punch.before ?? null, after: punch.after }} />;
  }
  const p = request.payload as Partial<StoredTimeEntryCorrection>;
  if (p.kind === 'timeEntry' && p.entryId && p.after) {
    return <RecordCorrectionForm correction={TIME_ENTRY_CORRECTION} screen={screen} form={form} resubmit={resubmit} initial={{ id: p.entryId, summary: p.summary ?? '', before: p.before ?? null, after: p.after }} />;
  }
  return <CorrectionForm form={form} initial={draftOf(request)} resubmit={resubmit} />;
}

/**
 * What every correction's form is: a card with the form, the reason a send was refused, a note when
 * a correction sent back is changed, the kind's fields, and the submit button (busy while it sends).
 */
function CorrectionFormFrame({
  form,
  label,
  resubmit,
  submission,
  children,
}: {
  form: ActorRefFrom<typeof submitCorrectionMachine>;
  label: string;
  resubmit: boolean;
  /** What the form sends now. */
  submission: () => CorrectionSubmission;
  children: ReactNode;
}) {
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const error = useSelector(form, (s) => s.context.error);
  return (
    <Card padding="compact">
      <form
        className={styles.form}
        noValidate
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: submission() });
        }}
      >
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        {resubmit ? <Alert tone="info" title="Change what your manager asked for, then submit it again." /> : null}
        {children}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={busy}>
            {resubmit ? 'Submit again' : 'Submit for review'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The report's fields; what was typed stays through a refused send. */
function CorrectionForm({ form, initial = EMPTY, resubmit }: { form: ActorRefFrom<typeof submitCorrectionMachine>; initial?: Draft; resubmit?: { id: number; version: number } }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
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
    <CorrectionFormFrame form={form} label={resubmit ? 'Change the correction' : 'Report a correction'} resubmit={!!resubmit} submission={() => submission(draft)}>
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
    </CorrectionFormFrame>
  );
}

type AfterDraft = { workDate: string | null; minutes: number; description: string };
const fieldsOf = (e: OwnTimeEntry | TimeEntryFields): TimeEntryFields => ({ workDate: e.workDate, minutes: e.minutes, description: e.description });
const forWhatOf = (e: OwnTimeEntry) => (e.ticketId ? `Ticket #${e.ticketId}${e.forWhat ? `: ${e.forWhat}` : ''}` : e.forWhat ? `Project: ${e.forWhat}` : 'No ticket or project');

/** A time entry as it is: the "Before" column. */
function EntryValues({ values }: { values: TimeEntryFields }) {
  return (
    <section className={styles.entryColumn} aria-label="Before">
      <h3 className={styles.subheading}>Before</h3>
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

/** A time entry as it should be: the day, minutes and description of the "After" column. */
function EntryFields({ draft, change, fields }: AfterFieldsProps<AfterDraft>) {
  return (
    <>
      <DateField label="Day" isRequired value={draft.workDate} onChange={(workDate) => change({ workDate }, 'after.workDate')} errorMessage={fields['after.workDate']} />
      <NumberField
        label="Minutes"
        isRequired
        value={draft.minutes}
        minValue={1}
        maxValue={TIME_ENTRY_MINUTES_MAX}
        formatOptions={{ useGrouping: false }}
        onChange={(minutes) => change({ minutes }, 'after.minutes')}
        description={Number.isFinite(draft.minutes) && draft.minutes > 0 ? formatMinutes(draft.minutes) : undefined}
        errorMessage={fields['after.minutes']}
      />
      <TextArea label="Description" value={draft.description} onChange={(description) => change({ description }, 'after.description')} errorMessage={fields['after.description']} maxLength={TIME_ENTRY_DESCRIPTION_MAX} />
    </>
  );
}

/**
 * The record-correcting kind: one of my time entries of the last days picked from a list (what each
 * was for and its description), its values shown as before, the day, minutes and description as
 * they should be, and why; sent as `timeEntry`.
 */
const TIME_ENTRY_CORRECTION: RecordCorrection<OwnTimeEntry, TimeEntryFields, AfterDraft> = {
  machine: myTimeEntriesMachine,
  label: 'Time entry',
  description: `Your time of the last ${CORRECTABLE_DAYS} days, newest first.`,
  plural: 'time entries',
  option: (e) => ({ label: `${formatDay(e.workDate)} · ${e.minutes} min`, hint: `${forWhatOf(e)}${e.description ? ` · ${e.description}` : ''}` }),
  formLabel: 'Correct my time entry',
  resubmitLabel: 'Change the time correction',
  idField: 'entryId',
  pickedIn: (context) => context.entryId,
  pick: (id) => ({ type: 'entry.pick', id }),
  beforeOf: fieldsOf,
  draftOf: fieldsOf,
  Before: EntryValues,
  After: EntryFields,
  payload: (summary, entryId, after) => ({
    kind: 'timeEntry',
    summary,
    entryId,
    after: { workDate: after?.workDate ?? '', minutes: after?.minutes ?? NaN, description: after?.description ?? '' },
  }),
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

/** The "After" column's fields: the draft, how one of them changes (and which field that is), and the fields' errors. */
type AfterFieldsProps<D> = { draft: D; change: (patch: Partial<D>, field: string) => void; fields: Record<string, string | undefined> };

/**
 * A correction of one of my records (a time entry `T`, a punch): its list, its values before (`B`)
 * and the draft of its values after (`D`), and what it sends. One form serves every such kind.
 */
type RecordCorrection<T extends { id: number }, B, D> = RecordKind<T> & {
  /** The form's name, new and when a correction sent back is changed. */
  formLabel: string;
  resubmitLabel: string;
  /** The payload's field that names the record (the list's error is that field's). */
  idField: 'entryId' | 'punchId';
  /** The record picked in the list as the screen's machine keeps it, and the event that picks one. */
  pickedIn: (context: CorrectionScreenContext) => number | null;
  pick: (id: number) => CorrectionScreenEvent;
  /** A listed record's values before, and the draft of the values after that starts from them. */
  beforeOf: (record: T) => B;
  draftOf: (values: B) => D;
  Before: (props: { values: B }) => ReactNode;
  After: (props: AfterFieldsProps<D>) => ReactNode;
  /** The kind's payload (the record's id is 0 when none is picked: the server names the field). */
  payload: (summary: string, id: number, after: D | null) => CorrectionSubmission['payload'];
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
 * list (none when a correction sent back is changed: it keeps its record), its values before and
 * after, and why it is wrong; what was typed stays through a refused send.
 */
function RecordCorrectionForm<T extends { id: number }, B, D>({
  correction,
  screen,
  form,
  initial,
  resubmit,
}: {
  correction: RecordCorrection<T, B, D>;
  screen: CorrectionScreenActor;
  form: ActorRefFrom<typeof submitCorrectionMachine>;
  /** A correction sent back: its record, why, and the record's values before and as they should be. */
  initial?: { id: number; summary: string; before: B | null; after: B };
  resubmit?: { id: number; version: number };
}) {
  const pickedInList = useSelector(screen, (s) => correction.pickedIn(s.context));
  const picked = initial ? initial.id : pickedInList;
  const [pickedRecord, setPickedRecord] = useState<T | null>(null);
  const [summary, setSummary] = useState(initial?.summary ?? '');
  const [after, setAfter] = useState<D | null>(initial ? correction.draftOf(initial.after) : null);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const before = pickedRecord && pickedRecord.id === picked ? correction.beforeOf(pickedRecord) : (initial?.before ?? null);
  const submission = (): CorrectionSubmission => ({ payload: correction.payload(summary, picked ?? 0, after), ...(resubmit ? { resubmit } : {}) });
  const change = (patch: Partial<D>, field: string) => {
    setAfter((a) => (a ? { ...a, ...patch } : a));
    form.send({ type: 'form.change', field });
  };
  const { Before, After } = correction;
  return (
    <CorrectionFormFrame form={form} label={resubmit ? correction.resubmitLabel : correction.formLabel} resubmit={!!resubmit} submission={submission}>
      {resubmit ? null : (
        <RecordPicker
          kind={correction}
          picked={picked}
          error={fields[correction.idField]}
          onPick={(record) => {
            setPickedRecord(record);
            setAfter(correction.draftOf(correction.beforeOf(record)));
            screen.send(correction.pick(record.id));
          }}
        />
      )}
      {before && after ? (
        <div className={styles.beforeAfter}>
          <Before values={before} />
          <section className={styles.entryColumn} aria-label="After">
            <h3 className={styles.subheading}>After</h3>
            <After draft={after} change={change} fields={fields} />
          </section>
        </div>
      ) : null}
      <TextField
        label="Why it is wrong"
        isRequired
        value={summary}
        onChange={(v) => {
          setSummary(v);
          form.send({ type: 'form.change', field: 'summary' });
        }}
        onBlur={() => form.send({ type: 'form.blur', field: 'summary', input: submission() })}
        description="One line: the title your manager sees."
        errorMessage={fields.summary}
        maxLength={200}
      />
    </CorrectionFormFrame>
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

/** A punch's in and out as the date-and-time fields hold them, in the reader's time zone. */
type PunchDraft = { punchedInAt: string; punchedOutAt: string };
const draftOfPunch = (p: PunchBefore): PunchDraft => {
  const zone = readerTimeZone();
  return { punchedInAt: toLocalInput(p.punchedInAt, zone), punchedOutAt: p.punchedOutAt ? toLocalInput(p.punchedOutAt, zone) : '' };
};

/** A punch as it should be: its in and out, in my time zone. */
function PunchFields({ draft, change, fields }: AfterFieldsProps<PunchDraft>) {
  return (
    <>
      <TextField
        label="Punched in"
        type="datetime-local"
        isRequired
        value={draft.punchedInAt}
        onChange={(punchedInAt) => change({ punchedInAt }, 'after.punchedInAt')}
        description={`In your time zone (${readerTimeZone()}).`}
        errorMessage={fields['after.punchedInAt']}
      />
      <TextField
        label="Punched out"
        type="datetime-local"
        isRequired
        value={draft.punchedOutAt}
        onChange={(punchedOutAt) => change({ punchedOutAt }, 'after.punchedOutAt')}
        description="After punched in, not in the future, not over another punch of yours."
        errorMessage={fields['after.punchedOutAt']}
      />
    </>
  );
}

/**
 * The punch-correcting kind: one of my punches of the last days picked from a list (an open one is
 * listed but is punched out before it is corrected), its in and out shown as before, the corrected
 * in and out (in my time zone), and why; sent as `punch`.
 */
const PUNCH_CORRECTION: RecordCorrection<OwnPunch, PunchBefore, PunchDraft> = {
  machine: myPunchesMachine,
  label: 'Punch',
  description: `Your punches of the last ${CORRECTABLE_DAYS} days, newest first.`,
  plural: 'punches',
  option: (p) => ({
    label: punchLabel(p),
    isDisabled: p.punchedOutAt === null,
    hint: p.punchedOutAt === null ? 'Still open: punch out first, then correct it' : `${punchLength(p) ?? ''}${p.breakSeconds ? ` · ${Math.round(p.breakSeconds / 60)} min of breaks` : ''}`,
  }),
  formLabel: 'Correct my punch',
  resubmitLabel: 'Change the punch correction',
  idField: 'punchId',
  pickedIn: (context) => context.punchId,
  pick: (id) => ({ type: 'punch.pick', id }),
  beforeOf: (punch) => punch,
  draftOf: draftOfPunch,
  Before: PunchValues,
  After: PunchFields,
  payload: (summary, punchId, after) => {
    const zone = readerTimeZone();
    return { kind: 'punch', summary, punchId, after: { punchedInAt: fromLocalInput(after?.punchedInAt ?? '', zone), punchedOutAt: fromLocalInput(after?.punchedOutAt ?? '', zone) } };
  },
};

import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { APPROVAL_COMMENT_MAX, APPROVAL_STATE_LABELS, FORM_TYPE_LABELS, HISTORY_ACTION_LABELS, type ApprovalState, type Decision, type HistoryEntry, type RequestView } from '@contracts/approvals';
import { PAYLOAD_FILES_FIELD, PAYLOAD_HIDDEN_FIELDS, PAYLOAD_MONEY_FIELDS, PAYLOAD_TABLES, type PayloadColumn } from '@contracts/form-payloads';
import { formatDay } from '@contracts/common/dates';
import { CORRECTION_KIND_LABELS, PAYLOAD_FIELD_LABELS } from '@contracts/forms';
import { formatCents, formatMoney } from '@contracts/quote-money';
import { decideMachine, ptoConflictsMachine, requestViewMachine } from '../machines/approvals.machines';
import { requestFilesMachine, selectFileDownloads, selectFileThumbnails, type RequestFile, type RequestFilesActor } from '../machines/request-files.machine';
import styles from './RequestDetail.module.css';
import { inspection } from '@/shared/inspection';
import { selectViewer } from '@/shared/machines/file-download.machine';
import { selectThumbnails } from '@/shared/machines/thumbnails.machine';
import { Alert, AttachmentList, Badge, Button, Card, ImageViewer, QueryView, RelativeTime, SkeletonText, TextArea, TextLink, type BadgeTone } from '@/shared/ui/components';
import { formatDateTime } from '@/shared/ui/tokens/format';

const STATE_TONES: Record<ApprovalState, BadgeTone> = {
  draft: 'neutral',
  inReview: 'info',
  changesRequested: 'warning',
  approved: 'success',
  applied: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
  cancelled: 'neutral',
};

/** A request's state as a badge (a published kudo, an accepted correction read as "Accepted"). */
export function StateBadge({ state }: { state: ApprovalState }) {
  return <Badge tone={STATE_TONES[state]}>{state === 'applied' ? 'Accepted' : APPROVAL_STATE_LABELS[state]}</Badge>;
}

/** Fields in the order their labels are listed (the form's order); others after them. */
const LABEL_ORDER = Object.keys(PAYLOAD_FIELD_LABELS);
const fieldOrder = (key: string) => (LABEL_ORDER.includes(key) ? LABEL_ORDER.indexOf(key) : LABEL_ORDER.length);

const fieldLabel = (key: string) => PAYLOAD_FIELD_LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

function fieldValue(key: string, value: unknown, files: RequestFilesActor): ReactNode {
  if (key === 'ticketId' && typeof value === 'number') return <TextLink href={`/ticket/${value}`}>Ticket #{value}</TextLink>;
  if (key === 'companyId' && typeof value === 'number') return <TextLink href={`/company/${value}`}>Company #{value}</TextLink>;
  if (key === 'projectId' && typeof value === 'number') return <TextLink href={`/project/kanban/${value}`}>Project #{value}</TextLink>;
  if (key === 'kind' && typeof value === 'string') return CORRECTION_KIND_LABELS[value] ?? value;
  if (key === 'entryId' && typeof value === 'number') return `Time entry #${value}`;
  if (key === 'punchId' && typeof value === 'number') return `Punch #${value}`;
  if (PAYLOAD_MONEY_FIELDS.includes(key) && typeof value === 'number') return formatMoney(value);
  const columns = PAYLOAD_TABLES[key];
  if (columns && Array.isArray(value)) return <PayloadTable label={fieldLabel(key)} columns={columns} rows={value as Record<string, unknown>[]} files={files} />;
  // A record stated as fields (a corrected time entry's or punch's before and after): each field named.
  if (isRecord(value))
    return Object.entries(value)
      .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
      .map(([k, v]) => `${fieldLabel(k)}: ${statedValue(v)}`)
      .join(' · ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value a corrected record states, as it reads: an instant in the reader's zone, a day as a day, nothing as "none". */
function statedValue(v: unknown): string {
  if (typeof v === 'string' && ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))) return formatDateTime(v);
  if (typeof v === 'string' && ISO_DAY.test(v)) return formatDay(v);
  if (v === null || v === undefined || v === '') return 'none';
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
}

/** Two stated values are the same (instants compared as instants: "…00Z" and "…00.000Z" are one). */
const sameStated = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'string' && typeof b === 'string' && ISO_INSTANT.test(a) && ISO_INSTANT.test(b) && Date.parse(a) === Date.parse(b)) || ((a ?? '') === '' && (b ?? '') === '');

/** What an applied record correction changed, one line a field ("Minutes 60 → 90"), read from its payload's before and after. */
export function changesOf(payload: Record<string, unknown>): string[] {
  const { before, after } = payload;
  if (!isRecord(before) || !isRecord(after)) return [];
  return Object.keys(after)
    .sort((a, b) => fieldOrder(a) - fieldOrder(b))
    .filter((k) => !sameStated(before[k], after[k]))
    .map((k) => `${fieldLabel(k)} ${statedValue(before[k])} → ${statedValue(after[k])}`);
}

/** The files a row names: what the row knows of each, else its id alone (a claim stored before receipts were named). */
function filesOf(row: Record<string, unknown>, column: PayloadColumn): RequestFile[] {
  const ids = Array.isArray(row[column.key]) ? (row[column.key] as unknown[]).filter((id): id is number => typeof id === 'number') : [];
  const known = Array.isArray(row[PAYLOAD_FILES_FIELD]) ? (row[PAYLOAD_FILES_FIELD] as RequestFile[]) : [];
  return ids.map((id) => known.find((f) => f.id === id) ?? { id, name: `Receipt ${id}`, size_bytes: 0, mime_type: 'application/octet-stream', image: false });
}

/** Every file a payload's tables name, for the details' one files machine. */
function payloadFiles(payload: Record<string, unknown>): RequestFile[] {
  return Object.entries(PAYLOAD_TABLES).flatMap(([key, columns]) =>
    Array.isArray(payload[key]) ? (payload[key] as Record<string, unknown>[]).flatMap((row) => columns.filter((c) => c.format === 'files').flatMap((c) => filesOf(row, c))) : [],
  );
}

/** A row's files: thumbnails of images (they open in the viewer), other files (a PDF) offered to the browser. */
function FilesCell({ files, list }: { files: RequestFilesActor; list: RequestFile[] }) {
  const thumbnails = useSelector(useSelector(files, selectFileThumbnails), selectThumbnails);
  if (!list.length) return '—';
  return <AttachmentList files={list} thumbnails={thumbnails} onDownload={(file) => files.send({ type: 'file.open', file })} onView={(file) => files.send({ type: 'file.open', file })} />;
}

/** The viewer of the image a row's file opened. */
function FileViewer({ files }: { files: RequestFilesActor }) {
  const downloads = useSelector(files, selectFileDownloads);
  const viewer = useSelector(downloads, selectViewer);
  return <ImageViewer image={viewer} onClose={() => files.send({ type: 'file.close' })} onDownload={() => viewer && downloads?.send({ type: 'file.download', file: { recordId: 0, id: viewer.id, name: viewer.name } })} />;
}

function cell(column: PayloadColumn, value: unknown, row: Record<string, unknown>, files: RequestFilesActor): ReactNode {
  if (column.format === 'files') return <FilesCell files={files} list={filesOf(row, column)} />;
  if (column.format === 'kind' && typeof value === 'string') return value.charAt(0).toUpperCase() + value.slice(1);
  if (column.format === 'hundredths' && typeof value === 'number') return value ? formatCents(value) : '—';
  if (column.format === 'money' && typeof value === 'number') return formatMoney(value);
  if (column.format === 'notes' && Array.isArray(value)) return value.length ? <strong>{value.join('; ')}</strong> : '—';
  return typeof value === 'string' || typeof value === 'number' ? value : '';
}

/** A payload's list of records (a claim's lines) as a table; only the columns some row fills are shown. */
function PayloadTable({ label, columns, rows, files }: { label: string; columns: readonly PayloadColumn[]; rows: Record<string, unknown>[]; files: RequestFilesActor }) {
  const shown = columns.filter((c) => rows.some((r) => r[c.key] !== undefined && r[c.key] !== '' && r[c.key] !== 0 && !(Array.isArray(r[c.key]) && !(r[c.key] as unknown[]).length)));
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {shown.map((c) => (
                <td key={c.key}>{cell(c, r[c.key], r, files)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One line of the history: who (on behalf of whom), what, from/to, when, the comment; an applied correction says what it changed. */
function HistoryItem({ h, changes }: { h: HistoryEntry; changes: readonly string[] }) {
  return (
    <li className={styles.entry}>
      <span>
        <strong>{h.actor ?? 'Client Care'}</strong>
        {h.onBehalfOf ? <span> on behalf of {h.onBehalfOf}</span> : null} {HISTORY_ACTION_LABELS[h.action] ?? h.action}
        {h.step ? <span className={styles.muted}> · {h.step}</span> : null}
      </span>
      <span className={styles.muted}>
        {h.fromState ? `${APPROVAL_STATE_LABELS[h.fromState]} → ` : ''}
        {APPROVAL_STATE_LABELS[h.toState]} · <time dateTime={h.at}>{formatDateTime(h.at)}</time>
      </span>
      {h.action === 'applied' && changes.length ? (
        <ul className={styles.changes} aria-label="What changed">
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
      {h.comment ? <q className={styles.comment}>{h.comment}</q> : null}
    </li>
  );
}

/** The latest "send back" comment: what the requester is asked to change. */
export const sentBackComment = (r: RequestView) => [...r.history].reverse().find((h) => h.action === 'sentBack')?.comment ?? null;

const hoursText = (h: number) => `${Number(h.toFixed(2))} hour${h === 1 ? '' : 's'}`;

/** A PTO request's on-call check: the hours it takes, and the on-call stretches it would leave uncovered. */
function PtoConflicts({ id }: { id: number }) {
  const query = useActorRef(ptoConflictsMachine, { input: { query: id } });
  return (
    <section aria-label="On-call check" className={styles.stack}>
      <h3 className={styles.heading}>On-call check</h3>
      <QueryView actor={query} errorFallback="The on-call check could not be loaded" loading={<SkeletonText lines={2} />}>
        {(c) => {
          const uncovered = c.uncovered.reduce((a, u) => a + (Date.parse(u.endsAt) - Date.parse(u.startsAt)) / 3_600_000, 0);
          return c.uncovered.length ? (
            <Alert tone="warning" title={`Approving leaves ${hoursText(uncovered)} of on-call uncovered`}>
              <p>This leave takes {hoursText(c.hours)}. The requester is on call then:</p>
              <ul className={styles.conflicts}>
                {c.uncovered.map((u) => (
                  <li key={`${u.teamName}-${u.startsAt}`}>
                    {u.teamName}: {formatDateTime(u.startsAt)} to {formatDateTime(u.endsAt)}
                  </li>
                ))}
              </ul>
              <p>Once approved, the schedule owner is told of the gap.</p>
            </Alert>
          ) : (
            <p className={styles.muted}>This leave takes {hoursText(c.hours)} and leaves no on-call hours uncovered.</p>
          );
        }}
      </QueryView>
    </section>
  );
}

/** A request's payload, status and history; its approver may decide on it here. */
export function RequestBody({ request, decide }: { request: RequestView; decide?: ReactNode }) {
  const files = useActorRef(requestFilesMachine, { input: { requestId: request.id, files: payloadFiles(request.payload) }, inspect: inspection.inspect });
  const asked = request.state === 'changesRequested' ? sentBackComment(request) : null;
  const changes = changesOf(request.payload);
  return (
    <div className={styles.stack}>
      <h2 className={styles.title}>{request.title}</h2>
      <div className={styles.meta}>
        <Badge tone="info">{FORM_TYPE_LABELS[request.formType]}</Badge>
        <StateBadge state={request.state} />
        <span>
          by {request.requester}
          {request.submittedAt ? (
            <>
              , <RelativeTime value={request.submittedAt} />
            </>
          ) : null}
        </span>
        {request.waitingOn.length ? <span className={styles.muted}>Waiting on {request.waitingOn.join(', ')}</span> : null}
      </div>
      {asked ? (
        <Alert tone="warning" title="Changes requested">
          {asked}
        </Alert>
      ) : null}
      <FileViewer files={files} />
      <dl className={styles.payload}>
        {Object.entries(request.payload)
          .filter(([key]) => !PAYLOAD_HIDDEN_FIELDS.includes(key))
          .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
          .map(([key, value]) => (
            <div key={key} className={styles.field}>
              <dt>{fieldLabel(key)}</dt>
              <dd>{fieldValue(key, value, files)}</dd>
            </div>
          ))}
      </dl>
      {request.formType === 'pto' ? <PtoConflicts id={request.id} /> : null}
      {decide}
      <section aria-label="History">
        <h3 className={styles.heading}>History</h3>
        <ol className={styles.history}>
          {request.history.map((h) => (
            <HistoryItem key={h.id} h={h} changes={changes} />
          ))}
        </ol>
      </section>
    </div>
  );
}

const DECISION_LABELS: Record<Decision, string> = { approve: 'Accept', sendBack: 'Send back', reject: 'Reject' };
const DECIDED: Record<Decision, string> = { approve: 'Request accepted', sendBack: 'Sent back to the requester', reject: 'Request rejected' };

/** An approver's decision: accept, or send back / reject with a comment the requester reads. */
function DecisionForm({ request, view, alsoReload = [] }: { request: RequestView; view: ReturnType<typeof useActorRef<typeof requestViewMachine>>; alsoReload?: readonly AnyActorRef[] }) {
  const [comment, setComment] = useState('');
  const form = useActorRef(decideMachine, {
    input: {
      reloads: [view, ...alsoReload],
      reloadEvent: { type: 'query.reload' },
      notices: { saved: (_r, sent) => DECIDED[sent.decision], failed: 'The decision was not saved' },
    },
    inspect: inspection.inspect,
  });
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const send = (decision: Decision) =>
    form.send({ type: 'form.submit', input: { id: request.id, decision, version: request.version, ...(comment.trim() ? { comment: comment.trim() } : {}) } });
  return (
    <Card padding="compact">
      <div className={styles.stack}>
        <h3 className={styles.heading}>Your decision</h3>
        {error ? <Alert tone="danger" title={error} /> : null}
        <TextArea
          label="Comment"
          value={comment}
          onChange={(c) => {
            setComment(c);
            form.send({ type: 'form.change', field: 'comment' });
          }}
          description="Needed to send back or reject: the requester reads it."
          errorMessage={fields.comment}
          maxLength={APPROVAL_COMMENT_MAX}
        />
        <div className={styles.actions}>
          <Button variant="primary" isDisabled={busy} onPress={() => send('approve')}>
            {DECISION_LABELS.approve}
          </Button>
          <Button isDisabled={busy} onPress={() => send('sendBack')}>
            {DECISION_LABELS.sendBack}
          </Button>
          <Button variant="danger" isDisabled={busy} onPress={() => send('reject')}>
            {DECISION_LABELS.reject}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/**
 * Loads one request and shows it; `children` adds what the caller's screen offers (resubmit);
 * `alsoReload`: query actors the decision machine reloads once a decision is saved (the caller's list).
 */
export default function RequestDetail({ id, alsoReload, children }: { id: number; alsoReload?: readonly AnyActorRef[]; children?: (request: RequestView) => ReactNode }) {
  const view = useActorRef(requestViewMachine, { input: { query: id }, inspect: inspection.inspect });
  return (
    <QueryView actor={view} loading={<SkeletonText lines={4} label="Loading the request" />} errorFallback="The request could not be loaded">
      {(request) => (
        <RequestBody key={request.version} request={request} decide={request.canDecide ? <DecisionForm key={request.version} request={request} view={view} alsoReload={alsoReload} /> : children?.(request)} />
      )}
    </QueryView>
  );
}

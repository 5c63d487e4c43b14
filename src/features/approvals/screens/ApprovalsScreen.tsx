import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { FORM_TYPE_LABELS, FORM_TYPES, APPROVAL_COMMENT_MAX, type FormType, type RequestSummary } from '@contracts/approvals';
import type { InboxFilters } from '../api';
import {
  approvalsInboxMachine,
  INBOX_COLUMNS,
  selectBusy,
  selectFilters,
  selectLoadError,
  selectRequests,
  selectSelected,
  selectTable,
} from '../machines/approvals-inbox.machine';
import styles from './ApprovalsScreen.module.css';
import OutOfOffice from './OutOfOffice';
import { inspection } from '@/shared/inspection';
import { Alert, Badge, Button, Dialog, EmptyState, PageHeader, RelativeTime, Select, SkeletonTable, TextArea, TextLink } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatDateTime } from '@/shared/ui/tokens/format';

const ANY = 'any';
const FORM_OPTIONS = [{ id: ANY, label: 'Every form' }, ...FORM_TYPES.map((f) => ({ id: f, label: FORM_TYPE_LABELS[f] }))];
const DUE_OPTIONS = [
  { id: ANY, label: 'Any due time' },
  { id: 'soon', label: 'Due within a day' },
  { id: 'overdue', label: 'Overdue' },
];

function Due({ at }: { at: string | null }) {
  if (!at) return <span className={styles.muted}>No due time</span>;
  const overdue = Date.parse(at) <= Date.now();
  return (
    <span className={overdue ? styles.overdue : undefined} title={formatDateTime(at)}>
      {overdue ? 'Overdue, ' : ''}
      <RelativeTime value={at} />
    </span>
  );
}

const CELLS: Partial<Record<string, (r: RequestSummary) => ReactNode>> = {
  title: (r) => (
    <CellText text={r.onBehalfOf ? `${r.title} · for ${r.onBehalfOf}` : r.title}>
      <span>
        <TextLink variant="quiet" href={`/approvals/requests/${r.id}`}>
          {r.title}
        </TextLink>
        {r.onBehalfOf ? <span className={styles.muted}> · for {r.onBehalfOf}</span> : null}
      </span>
    </CellText>
  ),
  formType: (r) => <Badge tone="info">{FORM_TYPE_LABELS[r.formType]}</Badge>,
  submittedAt: (r) => (r.submittedAt ? <RelativeTime value={r.submittedAt} /> : '—'),
  dueAt: (r) => <Due at={r.dueAt} />,
};
const COLUMNS: readonly DataTableColumn<RequestSummary>[] = INBOX_COLUMNS.map((c) => ({ ...c, cell: CELLS[c.field] }));

/** /approvals: what waits for my decision across forms, with age and due time, filters, and bulk decisions. */
export default function ApprovalsScreen() {
  const inbox = useActorRef(approvalsInboxMachine, { input: {}, inspect: inspection.inspect });
  const requests = useSelector(inbox, selectRequests);
  const filters = useSelector(inbox, selectFilters);
  const loadError = useSelector(inbox, selectLoadError);
  const busy = useSelector(inbox, selectBusy);
  const selected = useSelector(inbox, selectSelected);
  const table = useSelector(inbox, selectTable);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const setFilter = (next: InboxFilters) => inbox.send({ type: 'filters.set', filters: next });

  return (
    <div className={styles.stack}>
      <PageHeader title="Approvals" subtitle="Everything waiting for your decision, across forms, oldest first." />
      <div className={styles.row}>
        <Select
          label="Form"
          items={FORM_OPTIONS}
          selectedKey={filters.formType ?? ANY}
          onSelectionChange={(key) => setFilter({ ...filters, formType: key === ANY ? undefined : (key as FormType) })}
        />
        <Select
          label="Due"
          items={DUE_OPTIONS}
          selectedKey={filters.due ?? ANY}
          onSelectionChange={(key) => setFilter({ ...filters, due: key === ANY ? undefined : (key as 'soon' | 'overdue') })}
        />
      </div>
      {loadError ? (
        <Alert tone="danger" title="Your approvals could not be loaded">
          {loadError}
          <div className={styles.actions}>
            <Button onPress={() => inbox.send({ type: 'inbox.reload' })}>Try again</Button>
          </div>
        </Alert>
      ) : !requests ? (
        <SkeletonTable rows={4} columns={[3, 1, 2, 2, 1, 1]} label="Loading your approvals" />
      ) : requests.length === 0 ? (
        <EmptyState title="Nothing waits for you" text={filters.formType || filters.due ? 'No request matches these filters.' : 'Requests that need your decision appear here.'} />
      ) : (
        <>
          <div className={styles.actions}>
            <Button variant="primary" isDisabled={busy || selected.length === 0} onPress={() => inbox.send({ type: 'requests.approve', ids: selected })}>
              Approve selected ({selected.length})
            </Button>
            <Button variant="danger" isDisabled={busy || selected.length === 0} onPress={() => setRejecting(true)}>
              Reject selected ({selected.length})
            </Button>
            <span className={styles.muted}>Each request is checked again as you decide: one that changed meanwhile is left for you to look at.</span>
          </div>
          <DataTable actor={table} caption="Requests waiting for my decision" columns={COLUMNS} selectable />
        </>
      )}
      <OutOfOffice />
      <Dialog
        isOpen={rejecting}
        onOpenChange={(open) => (open ? undefined : setRejecting(false))}
        title={selected.length === 1 ? 'Reject the request' : `Reject ${selected.length} requests`}
        size="sm"
        footer={
          <>
            <Button onPress={() => setRejecting(false)}>Cancel</Button>
            <Button
              variant="danger"
              isDisabled={!reason.trim()}
              onPress={() => {
                inbox.send({ type: 'requests.reject', ids: selected, reason: reason.trim() });
                setReason('');
                setRejecting(false);
              }}
            >
              Reject
            </Button>
          </>
        }
      >
        <TextArea label="Reason" value={reason} onChange={setReason} isRequired description="Each requester reads it with the decision." maxLength={APPROVAL_COMMENT_MAX} />
      </Dialog>
    </div>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { SCR_PRIORITIES, SCR_STATUS_LABELS, SCR_STATUSES, type Scr } from '@contracts/client-portal';
import { LIMITS } from '@contracts/common/constants';
import { scrListMachine } from '../machines/client-portal.machines';
import { clientScrRequestMachine, selectScrDraft, selectScrForm, type ScrDraft } from '../machines/client-scr-request.machine';
import { Badge, Button, Card, DateTime, Form, FormActions, PageHeader, Select, TextArea, TextField } from '@/shared/ui/components';
import type { DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { FormError, useFormState } from './form-parts';
import { SCR_PRIORITY_LABELS, SCR_PRIORITY_TONES, SCR_STATUS_TONES } from './labels';
import { CompanyList } from './ListSection';
import styles from './ListAndForm.module.css';
import { usePageTitle } from '@/shared/page-title';

/** Orders priorities from low to critical when the column is sorted. */
const PRIORITY_RANK: Record<Scr['priority'], number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** The company's change requests in the shared data table (client mode). */
const COLUMNS: DataTableColumn<Scr>[] = [
  { label: 'ID', field: 'id', type: 'number', width: '4.5rem', cell: (s) => <span className={styles.num}>#{s.id}</span> },
  { label: 'Title', field: 'title', cell: (s) => <Link href={`/software/change/request/${s.id}`}>{s.title}</Link> },
  {
    label: 'Priority',
    field: 'priority',
    width: '7rem',
    priority: 2,
    // Sorted by rank (low to critical), not by name; one digit each, so text order is rank order.
    value: (s) => String(PRIORITY_RANK[s.priority]),
    globalSearchDisabled: true,
    firstSortType: 'desc',
    cell: (s) => <Badge tone={SCR_PRIORITY_TONES[s.priority]} variant="outline">{SCR_PRIORITY_LABELS[s.priority]}</Badge>,
  },
  {
    label: 'Status',
    field: 'status',
    width: '9.5rem',
    cell: (s) => <Badge tone={SCR_STATUS_TONES[s.status]}>{SCR_STATUS_LABELS[s.status]}</Badge>,
    filterOptions: { enabled: true, filterDropdownItems: SCR_STATUSES.map((value) => ({ value, text: SCR_STATUS_LABELS[value] })) },
  },
  { label: 'Submitted', field: 'created_at', type: 'date', width: '8rem', firstSortType: 'desc', cell: (s) => <DateTime value={s.created_at} withTime={false} />, priority: 2 },
  { label: 'Updated', field: 'updated_at', type: 'date', width: '8rem', firstSortType: 'desc', cell: (s) => <DateTime value={s.updated_at} withTime={false} />, priority: 3 },
];

const PRIORITY_OPTIONS = SCR_PRIORITIES.map((p) => ({ id: p, label: SCR_PRIORITY_LABELS[p] }));

/** The request form; its machine holds what is typed, and empties it once the request is filed. */
function RequestForm({ list }: { list: ActorRefFrom<typeof scrListMachine> }) {
  const request = useActorRef(clientScrRequestMachine, { input: { list } });
  const form = useSelector(request, selectScrForm);
  const values = useSelector(request, selectScrDraft);
  const { busy, error, fields } = useFormState(form);
  const refusals = useSelector(form, (s) => s.context.refusals);
  /** Sets a text field (the machine tells the form it changed, so its message goes). */
  const set = (k: Exclude<keyof ScrDraft, 'priority'>) => (value: string) => request.send({ type: 'request.change', patch: { [k]: value } });

  return (
    <Card title="Request a change" description="Tell us what the software should do differently and why it matters to you." asRegion>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          request.send({ type: 'request.submit' });
        }}
        refusals={refusals}
        onFieldBlur={(field) => request.send({ type: 'request.blur', field })}
      >
        <FormError error={error} title="The request was not submitted" />
        <TextField label="Title" name="title" isRequired maxLength={LIMITS.title} value={values.title} onChange={set('title')} errorMessage={fields.title} />
        <TextArea label="Description" name="description" rows={5} isRequired maxLength={LIMITS.text} value={values.description} onChange={set('description')} errorMessage={fields.description} />
        <TextArea
          label="Business reason"
          name="businessReason"
          rows={3}
          maxLength={LIMITS.text}
          value={values.businessReason}
          onChange={set('businessReason')}
          description="What it saves or makes possible; it helps us weigh it."
          errorMessage={fields.businessReason}
        />
        <Select label="Priority" name="priority" items={PRIORITY_OPTIONS} value={values.priority} onChange={(k) => request.send({ type: 'request.change', patch: { priority: k as Scr['priority'] } })} errorMessage={fields.priority} />
        <FormActions>
          <Button type="submit" variant="primary" isPending={busy}>
            Submit request
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

export default function ClientScrScreen() {
  usePageTitle('Software Change Requests');
  const list = useActorRef(scrListMachine, { input: { query: null } });
  return (
    <>
      <PageHeader title="Software change requests" subtitle="What your company asked us to change in the software, and where each request stands." />
      <div className={styles.split}>
        <CompanyList
          title="Your company's requests"
          actor={list}
          caption="Your company's change requests"
          columns={COLUMNS}
          tableId="client-scrs"
          skeleton={{ columns: [0.8, 3, 1.2, 1.5, 1.2, 1.2], label: 'Loading your requests' }}
          empty={{ title: 'No change requests yet.', text: 'Requests you submit show here with their status.' }}
        />
        <div className={styles.side}>
          <RequestForm list={list} />
        </div>
      </div>
    </>
  );
}

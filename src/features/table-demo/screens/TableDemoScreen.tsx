import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import { tableDemoMachine } from '../machines/table-demo.machine';
import type { DemoRow } from '../machines/demo-rows';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { Button, Card, PageHeader } from '@/shared/ui/components';
import styles from './TableDemo.module.css';

const DEFAULT_COUNT = 100_000;

const columns: DataTableColumn<DemoRow>[] = [
  { label: 'ID', field: 'id', type: 'number', width: '90px', filterOptions: { enabled: true, placeholder: 'ID' } },
  { label: 'Title', field: 'title', tooltip: 'What the request is about', filterOptions: { enabled: true, placeholder: 'Filter title' } },
  { label: 'Contact', field: 'contact', firstSortType: 'desc', filterOptions: { enabled: true, placeholder: 'Press Enter', trigger: 'enter' } },
  {
    label: 'Status',
    field: 'status',
    filterOptions: { enabled: true, placeholder: 'Any', filterDropdownItems: Object.entries(TICKET_STATUSES).map(([value, text]) => ({ value, text })) },
    cell: (row) => <StatusBadge code={row.status} />,
  },
  {
    label: 'Priority',
    field: 'severity',
    filterOptions: { enabled: true, placeholder: 'Any', filterDropdownItems: Object.keys(SEVERITIES) },
    cell: (row) => <SeverityBadge code={row.severity} />,
  },
  { label: 'Amount', field: 'amount', type: 'money' },
  { label: 'Ratio', field: 'ratio', type: 'percent', sortable: false },
  { label: 'Due Date', field: 'due', type: 'date', dateInputFormat: 'dd/MM/yyyy', filterOptions: { enabled: true, placeholder: 'dd/MM/yyyy' } },
];

/** Staff showcase of the data table (client mode, 'All' virtualised) and the dialog service. */
export default function TableDemoScreen() {
  const search = useSearch();
  const count = Number(new URLSearchParams(search).get('rows') ?? DEFAULT_COUNT) || DEFAULT_COUNT;
  const demo = useActorRef(tableDemoMachine, { input: { count } });
  const rows = useSelector(demo, (s) => s.context.rows);
  const answer = useSelector(demo, (s) => s.context.lastAnswer);
  return (
    <>
      <PageHeader title="Table demo" subtitle={`${rows.length.toLocaleString('en-US')} generated requests: sort, filter, select and page them, or show them all.`} />
      <Card padding="compact" className={styles.block}>
        <DataTable caption="Demo requests" columns={columns} rows={rows} selectable />
      </Card>
      <Card title="Dialogs" asRegion id="dialogs" description="The dialog service's confirm, prompt and session-expired dialogs." className={styles.block}>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => demo.send({ type: 'demo.ask', request: { kind: 'confirm', title: 'Delete this request?', showDeny: true } })}>
            Confirm dialog
          </Button>
          <Button
            variant="secondary"
            onPress={() => demo.send({ type: 'demo.ask', request: { kind: 'prompt', title: 'Send a copy', input: { type: 'email', label: 'Email', required: true } } })}
          >
            Prompt dialog
          </Button>
          <Button variant="secondary" onPress={() => demo.send({ type: 'demo.sessionExpired' })}>
            Session expired dialog
          </Button>
        </div>
        <p role="status" className={styles.answer}>
          {answer ? `Answer: ${answer.action}${answer.value ? ` ${answer.value}` : ''}` : ''}
        </p>
      </Card>
    </>
  );
}

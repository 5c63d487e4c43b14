import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import { tableDemoMachine } from '../machines/table-demo.machine';
import type { DemoRow } from '../machines/demo-rows';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';

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
      <h1>Table demo</h1>
      <section className="card">
        <DataTable caption="Demo requests" columns={columns} rows={rows} selectable />
      </section>
      <section className="card" aria-labelledby="dialogs-heading">
        <h2 id="dialogs-heading">Dialogs</h2>
        <p>
          <button type="button" className="btn btn-secondary" onClick={() => demo.send({ type: 'demo.ask', request: { kind: 'confirm', title: 'Delete this request?', showDeny: true } })}>
            Confirm dialog
          </button>{' '}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => demo.send({ type: 'demo.ask', request: { kind: 'prompt', title: 'Send a copy', input: { type: 'email', label: 'Email', required: true } } })}
          >
            Prompt dialog
          </button>{' '}
          <button type="button" className="btn btn-secondary" onClick={() => demo.send({ type: 'demo.sessionExpired' })}>
            Session expired dialog
          </button>
        </p>
        <p role="status">{answer ? `Answer: ${answer.action}${answer.value ? ` ${answer.value}` : ''}` : ''}</p>
      </section>
    </>
  );
}

/** The QA screen's test cases (`?view=cases`): reusable cases per product area; write, edit and retire them. */
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '@contracts/common/constants';
import { QA_AREA_MAX, type QaTestCase, type QaTestCaseInput } from '@contracts/quality';
import type { caseFormMachine } from '../machines/quality.machines';
import { selectCaseForm, selectList, selectRetireForm, testCasesScreenMachine, type TestCasesScreenActor } from '../machines/test-cases.machine';
import styles from './quality.module.css';
import { inspection } from '@/shared/inspection';
import { Badge, Button, Card, Dialog, Form, FormActions, FormErrorBanner, QueryView, RelativeTime, Select, SkeletonText, Tab, TabList, TabPanel, Tabs, TextArea, TextField } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';

const ALL = 'all';
type QaView = 'queue' | 'cases';

/** The view the address names (`?view=cases`), the queue otherwise; switching keeps only the view. */
function useQaView(): [QaView, (view: QaView) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view: QaView = new URLSearchParams(search).get('view') === 'cases' ? 'cases' : 'queue';
  return [view, (next) => navigate(next === 'cases' ? `${location}?view=cases` : location)];
}

/** The QA screen's two views as tabs: the queue (given) and the test cases. */
export function QaViews({ queue }: { queue: ReactNode }) {
  const [view, select] = useQaView();
  return (
    <Tabs selectedKey={view} onSelectionChange={(key) => select(key === 'cases' ? 'cases' : 'queue')}>
      <TabList aria-label="Views of Quality Assurance">
        <Tab id="queue">Queue</Tab>
        <Tab id="cases">Test cases</Tab>
      </TabList>
      <TabPanel id="queue">{view === 'queue' ? <div className={styles.page}>{queue}</div> : null}</TabPanel>
      <TabPanel id="cases">{view === 'cases' ? <TestCasesView /> : null}</TabPanel>
    </Tabs>
  );
}

const EMPTY: QaTestCaseInput = { productArea: '', title: '', steps: '', expectedResult: '' };
const valuesOf = (c: QaTestCase): QaTestCaseInput => ({ productArea: c.product_area, title: c.title, steps: c.steps, expectedResult: c.expected_result });

/** The dialog's form: what is typed stays through a refused save; each opening starts it fresh. */
function CaseForm({ form, editing, areas, onCancel }: { form: ActorRefFrom<typeof caseFormMachine>; editing: QaTestCase | null; areas: readonly string[]; onCancel: () => void }) {
  const [v, setV] = useState<QaTestCaseInput>(editing ? valuesOf(editing) : EMPTY);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const set = (key: keyof QaTestCaseInput) => (value: string) => {
    setV((old) => ({ ...old, [key]: value }));
    form.send({ type: 'form.change', field: key });
  };
  return (
    <Form
      className={styles.form}
      aria-label={editing ? 'Edit the test case' : 'Write a test case'}
      refusals={refusals}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit', input: { id: editing?.id ?? null, version: editing?.version ?? 1, body: v } });
      }}
    >
      <FormErrorBanner title={error ?? undefined} errors={[]} />
      <TextField
        label="Product area"
        name="productArea"
        value={v.productArea}
        onChange={set('productArea')}
        isRequired
        maxLength={QA_AREA_MAX}
        description={areas.length ? `Areas in use: ${areas.join(', ')}` : 'The part of the product the case tests, e.g. Billing'}
        errorMessage={fields.productArea}
      />
      <TextField label="Title" name="title" value={v.title} onChange={set('title')} isRequired maxLength={LIMITS.title} errorMessage={fields.title} />
      <TextArea label="Steps" name="steps" value={v.steps} onChange={set('steps')} isRequired maxLength={LIMITS.text} description="One step a line, as a tester follows them." errorMessage={fields.steps} />
      <TextArea label="Expected result" name="expectedResult" value={v.expectedResult} onChange={set('expectedResult')} isRequired maxLength={LIMITS.text} errorMessage={fields.expectedResult} />
      <FormActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isPending={busy}>
          {editing ? 'Save the case' : 'Write the case'}
        </Button>
      </FormActions>
    </Form>
  );
}

function columnsOf(screen: TestCasesScreenActor, retiring: boolean): DataTableColumn<QaTestCase>[] {
  return [
    {
      label: 'Test case',
      field: 'title',
      cell: (c) => (
        <CellText text={c.title}>
          <span className={styles.caseTitle}>{c.title}</span>
          <span className={styles.muted}>Expect: {c.expected_result}</span>
        </CellText>
      ),
    },
    { label: 'Product area', field: 'product_area', width: '11rem' },
    { label: 'Status', field: 'active', width: '6.5rem', priority: 2, cell: (c) => (c.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Retired</Badge>) },
    { label: 'Changed', field: 'updated_at', width: '7.5rem', priority: 3, cell: (c) => <RelativeTime value={c.updated_at} /> },
    {
      label: 'Actions',
      field: 'version',
      sortable: false,
      width: '10.5rem',
      cell: (c) =>
        c.active ? (
          <span className={styles.rowActions}>
            <Button size="sm" variant="secondary" aria-label={`Edit “${c.title}”`} onPress={() => screen.send({ type: 'case.edit', testCase: c })}>
              Edit
            </Button>
            <Button size="sm" variant="quiet" aria-label={`Retire “${c.title}”`} isDisabled={retiring} onPress={() => screen.send({ type: 'case.retire', testCase: c })}>
              Retire
            </Button>
          </span>
        ) : null,
    },
  ];
}

/** The reusable test cases, filtered by product area: write one, edit one, retire one. */
export function TestCasesView() {
  const screen = useActorRef(testCasesScreenMachine, { input: {}, inspect: inspection.inspect });
  const list = useSelector(screen, selectList);
  const form = useSelector(screen, selectCaseForm);
  const retiring = useSelector(useSelector(screen, selectRetireForm), (s) => s.hasTag('busy'));
  const area = useSelector(screen, (s) => s.context.area);
  const editing = useSelector(screen, (s) => s.context.editing);
  const open = useSelector(screen, (s) => s.matches('editing'));
  const formKey = useSelector(screen, (s) => s.context.formKey);
  const areas = useSelector(list, (s) => s.context.data?.areas ?? []);
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Select
          label="Product area"
          name="area"
          items={[{ id: ALL, label: 'All areas' }, ...areas.map((a) => ({ id: a, label: a }))]}
          selectedKey={area ?? ALL}
          onSelectionChange={(key) => screen.send({ type: 'area.pick', area: key === ALL || key === null ? null : String(key) })}
        />
        <Button variant="primary" onPress={() => screen.send({ type: 'case.new' })}>
          New test case
        </Button>
      </div>
      <Card padding="none">
        <QueryView actor={list} errorFallback="The test cases could not be loaded" loading={<SkeletonText lines={4} label="Loading the test cases" />}>
          {(data) => <DataTable<QaTestCase> caption="Test cases" columns={columnsOf(screen, retiring)} rows={data.cases} searchable={false} tableId="qa-test-cases" />}
        </QueryView>
      </Card>
      <Dialog isOpen={open} onOpenChange={(o) => (o ? undefined : screen.send({ type: 'case.close' }))} title={editing ? `Edit “${editing.title}”` : 'New test case'} size="md">
        <CaseForm key={formKey} form={form} editing={editing} areas={areas} onCancel={() => screen.send({ type: 'case.close' })} />
      </Dialog>
    </div>
  );
}

/**
 * The dated exchange and mileage rates, as admins keep them (an admin-only tab of
 * /forms/travel/expense, docs/adr/0230): add a rate in force from a day; correct a rate in place
 * only while no submitted claim priced a line with it (otherwise add a newer one).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { HOME_CURRENCY, MILEAGE_CODE, RATE_SCALE } from '@contracts/expenses';
import { RATE_CURRENCIES, RATE_KIND_LABELS, type AdminExpenseRate, type NewExpenseRate } from '@contracts/forms-admin';
import { addRateMachine, adminRatesMachine, correctRateMachine } from '../machines/forms-admin.machines';
import styles from './forms.module.css';
import { RowDialog, useFormView, useRowDialog } from './RowActions';
import { inspection } from '@/shared/inspection';
import { Alert, Badge, Button, Card, DatePicker, Form, FormErrorBanner, NumberField, Select, SkeletonTable } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';

type Kind = AdminExpenseRate['kind'];
const KIND_OPTIONS = (['fx', 'mileage'] as const).map((k) => ({ id: k, label: RATE_KIND_LABELS[k] }));
const CURRENCY_OPTIONS = RATE_CURRENCIES.map((c) => ({ id: c, label: c }));
/** A rate typed as a decimal, as millionths (NaN stays NaN: the contract names it). */
const micros = (rate: number) => (Number.isFinite(rate) ? Math.round(rate * RATE_SCALE) : Number.NaN);
const RATE_FORMAT = { maximumFractionDigits: 6, useGrouping: false } as const;
const unitOf = (r: { kind: Kind; code: string }) => (r.kind === 'mileage' ? `${HOME_CURRENCY} a ${MILEAGE_CODE}` : `${HOME_CURRENCY} for 1 ${r.code}`);
const rateName = (r: AdminExpenseRate) => `${r.kind === 'mileage' ? 'mileage' : r.code} rate from ${r.validFrom}`;

/** `formRates`: the Travel Expense form's rates (a query actor), told to load again once a rate changed. */
export default function ExpenseRatesAdmin({ formRates }: { formRates: AnyActorRef }) {
  const list = useActorRef(adminRatesMachine, { input: {}, inspect: inspection.inspect });
  const reloads = [list, formRates];
  const add = useActorRef(addRateMachine, {
    input: { reloads, reloadEvent: { type: 'query.reload' }, notices: { saved: (r) => `The ${rateName(r)} is added: lines from that day are priced with it`, failed: 'The rate was not added' } },
    inspect: inspection.inspect,
  });
  const correct = useActorRef(correctRateMachine, {
    input: { reloads, reloadEvent: { type: 'query.reload' }, notices: { saved: (r) => `The ${rateName(r)} is corrected`, failed: 'The rate was not corrected' } },
    inspect: inspection.inspect,
  });
  const items = useSelector(list, (s) => s.context.data?.items);
  const loadError = useSelector(list, (s) => s.context.error);
  const added = useSelector(add, (s) => s.context.result?.id ?? 0);
  // The rate being corrected: the correction's answer closes its dialog.
  const editing = useRowDialog<AdminExpenseRate>(correct);

  const columns: DataTableColumn<AdminExpenseRate>[] = [
    { label: 'Kind', field: 'kind', value: (r) => RATE_KIND_LABELS[r.kind], sortable: true, width: '110px', priority: 3 },
    { label: 'Currency', field: 'code', value: (r) => (r.kind === 'mileage' ? 'Mileage' : r.code), sortable: true, width: '100px' },
    { label: 'In force from', field: 'validFrom', sortable: true, width: '130px' },
    { label: `Rate (${HOME_CURRENCY})`, field: 'rateMicros', value: (r) => r.rateMicros / RATE_SCALE, tooltip: `${HOME_CURRENCY} for one unit of the currency, or a mile`, sortable: true, firstSortType: 'desc', width: '110px' },
    {
      label: 'Claims priced',
      field: 'usedBy',
      type: 'number',
      width: '130px',
      priority: 2,
      cell: (r) => (r.usedBy ? <Badge tone="info">{`${r.usedBy} ${r.usedBy === 1 ? 'claim' : 'claims'}`}</Badge> : <span className={styles.metaInline}>None yet</span>),
    },
    {
      label: 'Actions',
      field: 'actions',
      globalSearchDisabled: true,
      sortable: false,
      width: '200px',
      cell: (r) =>
        r.usedBy ? (
          <span className={styles.metaInline}>Used: add a newer rate</span>
        ) : (
          <Button size="sm" variant="secondary" aria-label={`Correct the ${rateName(r)}`} onPress={() => editing.open(r)}>
            Correct
          </Button>
        ),
    },
  ];

  return (
    <div className={styles.form}>
      <Card title="Add a rate" padding="compact">
        <AddRate key={added} form={add} />
      </Card>
      <Card title="Rates" padding="compact">
        <p className={styles.metaInline}>A line is priced with the latest rate in force on its day, and keeps that rate once sent. A rate a sent claim used is never changed: add a newer one from the day it applies.</p>
        {loadError && !items ? <Alert tone="danger" title="The rates could not be loaded">{loadError}</Alert> : null}
        {items ? (
          <DataTable<AdminExpenseRate> caption="Exchange and mileage rates" columns={columns} rows={items} rowKey="id" searchable tableId="forms-expense-rates" />
        ) : !loadError ? (
          <SkeletonTable />
        ) : null}
      </Card>
      {editing.row ? <CorrectRate rate={editing.row} form={correct} onClose={editing.close} /> : null}
    </div>
  );
}

/** The new rate's fields; a rate added starts them afresh (the screen keys it by the rate added). */
function AddRate({ form }: { form: ActorRefFrom<typeof addRateMachine> }) {
  const [kind, setKind] = useState<Kind>('fx');
  const [code, setCode] = useState<string>(RATE_CURRENCIES[0]!);
  const [validFrom, setValidFrom] = useState('');
  const [rate, setRate] = useState(Number.NaN);
  const { fields, error, refusals, busy } = useFormView(form);
  const input = (): NewExpenseRate => ({ kind, code: kind === 'mileage' ? MILEAGE_CODE : code, validFrom, rateMicros: micros(rate) });
  const changed = (field: string) => form.send({ type: 'form.change', field });
  return (
    <Form
      aria-label="Add a rate"
      refusals={refusals}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit', input: input() });
      }}
    >
      <FormErrorBanner title={error ?? undefined} />
      <div className={styles.adminGrid}>
        <Select
          label="Kind"
          name="kind"
          items={KIND_OPTIONS}
          selectedKey={kind}
          onSelectionChange={(k) => {
            setKind((k as Kind | null) ?? 'fx');
            changed('kind');
          }}
          errorMessage={fields.kind}
        />
        {kind === 'fx' ? (
          <Select
            label="Currency"
            name="code"
            items={CURRENCY_OPTIONS}
            selectedKey={code}
            onSelectionChange={(k) => {
              setCode(String(k ?? ''));
              changed('code');
            }}
            errorMessage={fields.code}
          />
        ) : null}
        <DatePicker
          label="In force from"
          name="validFrom"
          isRequired
          value={validFrom || null}
          onChange={(v) => {
            setValidFrom(v ?? '');
            changed('validFrom');
          }}
          errorMessage={fields.validFrom}
        />
        <NumberField
          label={kind === 'mileage' ? `Rate (${HOME_CURRENCY} a ${MILEAGE_CODE})` : `Rate (${HOME_CURRENCY} for 1 ${code})`}
          name="rateMicros"
          isRequired
          value={rate}
          minValue={0}
          step={0.000001}
          hideStepper
          formatOptions={RATE_FORMAT}
          onChange={(n) => {
            setRate(n);
            changed('rateMicros');
          }}
          errorMessage={fields.rateMicros}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isPending={busy}>
          Add rate
        </Button>
      </div>
    </Form>
  );
}

function CorrectRate({ rate, form, onClose }: { rate: AdminExpenseRate; form: ActorRefFrom<typeof correctRateMachine>; onClose: () => void }) {
  const [value, setValue] = useState(rate.rateMicros / RATE_SCALE);
  return (
    <RowDialog
      form={form}
      title={`Correct the ${rateName(rate)}`}
      description="No sent claim used it yet, so it can be corrected in place."
      saveLabel="Save rate"
      onSubmit={() => form.send({ type: 'form.submit', input: { id: rate.id, rateMicros: micros(value) } })}
      onClose={onClose}
    >
      {(fields) => (
        <NumberField
          label={`Rate (${unitOf(rate)})`}
          name="rateMicros"
          autoFocus
          value={value}
          minValue={0}
          step={0.000001}
          hideStepper
          formatOptions={RATE_FORMAT}
          onChange={(n) => {
            setValue(n);
            form.send({ type: 'form.change', field: 'rateMicros' });
          }}
          errorMessage={fields.rateMicros}
        />
      )}
    </RowDialog>
  );
}

/**
 * The company values a kudo names, as admins keep them (an admin-only tab of /forms/kudo,
 * docs/adr/0229): add one (last in the order), rename one (its kudos follow), move one up or down,
 * retire or restore one (retired values stay on their kudos; one value stays active).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { KUDO_VALUE_NAME_MAX, type KudoValue } from '@contracts/forms-admin';
import { addKudoValueMachine, kudoValuesAdminMachine, movedOrder, orderKudoValuesMachine, renameKudoValueMachine, retireKudoValueMachine } from '../machines/forms-admin.machines';
import styles from './forms.module.css';
import { RowDialog, useFormView, useRowDialog } from './RowActions';
import { inspection } from '@/shared/inspection';
import { Alert, Badge, Button, Card, Form, FormErrorBanner, SkeletonTable, TextField } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';

export default function KudoValuesAdmin() {
  const list = useActorRef(kudoValuesAdminMachine, { input: {}, inspect: inspection.inspect });
  const reload = { reloads: list, reloadEvent: { type: 'query.reload' } } as const;
  const add = useActorRef(addKudoValueMachine, { input: { ...reload, notices: { saved: (v) => `${v.name} added: the kudo form offers it last`, failed: 'The value was not added' } }, inspect: inspection.inspect });
  const retire = useActorRef(retireKudoValueMachine, {
    input: { ...reload, notices: { saved: (v) => (v.active ? `${v.name} restored: the kudo form offers it again` : `${v.name} retired: its kudos keep it, new kudos cannot pick it`), failed: (i) => (i.active ? 'The value was not restored' : 'The value was not retired') } },
    inspect: inspection.inspect,
  });
  const order = useActorRef(orderKudoValuesMachine, { input: { ...reload, notices: { failed: 'The order was not saved' } }, inspect: inspection.inspect });
  const items = useSelector(list, (s) => s.context.data?.items);
  const loadError = useSelector(list, (s) => s.context.error);
  const retiring = useSelector(retire, (s) => s.hasTag('busy'));
  const ordering = useSelector(order, (s) => s.hasTag('busy'));
  const busy = retiring || ordering;
  const rename = useActorRef(renameKudoValueMachine, {
    input: { ...reload, notices: { saved: (v) => `Renamed ${v.name}, on its past kudos too`, failed: 'The value was not renamed' } },
    inspect: inspection.inspect,
  });
  const added = useSelector(add, (s) => s.context.result?.id ?? 0);
  // The value being renamed: the rename's answer closes its dialog.
  const renaming = useRowDialog<KudoValue>(rename);
  const ids = (items ?? []).map((v) => v.id);
  const move = (v: KudoValue, by: -1 | 1) => {
    const next = movedOrder(ids, v.id, by);
    if (next) order.send({ type: 'form.submit', input: next });
  };

  // The order is the list's meaning: no column sorts it.
  const columns: DataTableColumn<KudoValue>[] = [
    { label: '#', field: 'position', width: '56px', value: (v) => ids.indexOf(v.id) + 1, type: 'number', sortable: false, priority: 2 },
    { label: 'Value', field: 'name', sortable: false },
    { label: 'Status', field: 'active', value: (v) => (v.active ? 'Active' : 'Retired'), cell: (v) => (v.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Retired</Badge>), width: '100px', sortable: false, priority: 2 },
    { label: 'Kudos', field: 'kudos', type: 'number', width: '80px', sortable: false, priority: 3 },
    {
      label: 'Actions',
      field: 'actions',
      globalSearchDisabled: true,
      sortable: false,
      width: '260px',
      cell: (v) => (
        <span className={styles.rowActions}>
          <Button size="sm" variant="quiet" aria-label={`Move ${v.name} up`} isDisabled={busy || ids[0] === v.id} onPress={() => move(v, -1)}>
            ↑
          </Button>
          <Button size="sm" variant="quiet" aria-label={`Move ${v.name} down`} isDisabled={busy || ids.at(-1) === v.id} onPress={() => move(v, 1)}>
            ↓
          </Button>
          <Button size="sm" variant="secondary" aria-label={`Rename ${v.name}`} onPress={() => renaming.open(v)}>
            Rename
          </Button>
          <Button size="sm" variant="secondary" aria-label={`${v.active ? 'Retire' : 'Restore'} ${v.name}`} isDisabled={busy} onPress={() => retire.send({ type: 'form.submit', input: { id: v.id, active: !v.active } })}>
            {v.active ? 'Retire' : 'Restore'}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className={styles.form}>
      <Card title="Add a value" padding="compact">
        <AddValue key={added} form={add} />
      </Card>
      <Card title="Company values" padding="compact">
        <p className={styles.metaInline}>The kudo form offers the active values in this order. A renamed value is renamed on its past kudos too; a retired one stays on its kudos.</p>
        {loadError && !items ? <Alert tone="danger" title="The company values could not be loaded">{loadError}</Alert> : null}
        {items ? <DataTable<KudoValue> caption="Company values" columns={columns} rows={items} rowKey="id" searchable={false} tableId="forms-kudo-values" /> : !loadError ? <SkeletonTable /> : null}
      </Card>
      {renaming.row ? <RenameValue value={renaming.row} form={rename} onClose={renaming.close} /> : null}
    </div>
  );
}

/** The new value's field; a value added starts it empty again (the screen keys it by the value added). */
function AddValue({ form }: { form: ActorRefFrom<typeof addKudoValueMachine> }) {
  const [name, setName] = useState('');
  const { fields, error, refusals, busy } = useFormView(form);
  return (
    <Form
      aria-label="Add a value"
      refusals={refusals}
      className={styles.inlineForm}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit', input: { name } });
      }}
      onFieldBlur={(field) => (name ? form.send({ type: 'form.blur', field, input: { name } }) : undefined)}
    >
      <FormErrorBanner title={error ?? undefined} />
      <TextField
        label="New value"
        name="name"
        value={name}
        maxLength={KUDO_VALUE_NAME_MAX}
        onChange={(v) => {
          setName(v);
          form.send({ type: 'form.change', field: 'name' });
        }}
        errorMessage={fields.name}
        description="Offered last in the kudo form; move it up in the list below"
      />
      <Button type="submit" variant="primary" isPending={busy}>
        Add value
      </Button>
    </Form>
  );
}

function RenameValue({ value, form, onClose }: { value: KudoValue; form: ActorRefFrom<typeof renameKudoValueMachine>; onClose: () => void }) {
  const [name, setName] = useState(value.name);
  return (
    <RowDialog
      form={form}
      title={`Rename ${value.name}`}
      description={value.kudos ? `Its ${value.kudos} ${value.kudos === 1 ? 'kudo shows' : 'kudos show'} the new name.` : undefined}
      saveLabel="Rename"
      onSubmit={() => form.send({ type: 'form.submit', input: { id: value.id, change: { name } } })}
      onClose={onClose}
    >
      {(fields) => (
        <TextField
          label="Name"
          name="name"
          autoFocus
          value={name}
          maxLength={KUDO_VALUE_NAME_MAX}
          onChange={(v) => {
            setName(v);
            form.send({ type: 'form.change', field: 'name' });
          }}
          errorMessage={fields.name}
        />
      )}
    </RowDialog>
  );
}

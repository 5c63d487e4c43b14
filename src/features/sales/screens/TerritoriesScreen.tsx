import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { formatMoney } from '@contracts/quote-money';
import type { SalesCustomer, Territory, TerritoryOverview } from '@contracts/sales';
import { useIsManager } from '@/shared/session/role';
import { Alert, Button, Card, Dialog, FormErrorBanner, PageHeader, Select, SkeletonTable, TextField, VisuallyHidden } from '@/shared/ui/components';
import { DataTable } from '@/shared/ui/data-table/DataTable';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import { reassignMachine, territoriesMachine, territorySaveMachine, type TerritorySave } from '../machines/sales.machines';
import { CUSTOMER_COLUMNS } from './CustomersScreen';
import { LogActivityButton, SalesFrame, useActivityLog } from './ActivityLog';
import { SalesNav } from './parts';
import styles from './sales.module.css';
import { ScrollBox } from '@/shared/ui/ScrollBox';

const NONE = 'none';
/** What a territory's save and a move of companies say once done. */
const SAVE_NOTICES: SubmitNotices<TerritorySave, unknown> = { saved: (_, s) => (s.id === null ? `Territory ${s.input.name} added` : `Territory ${s.input.name} saved`) };
const MOVE_NOTICES: SubmitNotices<unknown, { moved: number }> = { saved: (r) => `${r.moved} ${r.moved === 1 ? 'company' : 'companies'} moved` };

function TerritoryDialog({ territory, staff, onClose, onSaved }: { territory: Territory | null; staff: TerritoryOverview['staff']; onClose: () => void; onSaved: () => void }) {
  const save = useActorRef(territorySaveMachine, { input: { notices: SAVE_NOTICES } });
  const busy = useSelector(save, (s) => s.hasTag('busy'));
  const error = useSelector(save, (s) => s.context.error);
  const fields = useSelector(save, (s) => s.context.fieldErrors);
  const done = useSelector(save, (s) => s.matches('saved'));
  const [name, setName] = useState(territory?.name ?? '');
  const [owner, setOwner] = useState<Key>(territory?.ownerId ?? NONE);
  useEffect(() => {
    if (done) onSaved();
  }, [done, onSaved]);
  const submit = () => save.send({ type: 'form.submit', input: { id: territory?.id ?? null, input: { name, ownerId: owner === NONE ? null : Number(owner) } } });
  return (
    <Dialog
      title={territory ? `Edit ${territory.name}` : 'New territory'}
      description="Renaming a territory moves its companies with it."
      isOpen
      onOpenChange={(o) => !o && onClose()}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>Cancel</Button>
          <Button variant="primary" isPending={busy} onPress={submit}>Save</Button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormErrorBanner title={error ?? undefined} />
        <TextField label="Name" value={name} onChange={setName} isRequired errorMessage={fields.name} isInvalid={Boolean(fields.name)} autoFocus />
        <Select label="Owner" items={[{ id: NONE, label: 'No owner' }, ...staff.map((s) => ({ id: s.id, label: s.name }))]} value={owner} onChange={(k) => k !== null && setOwner(k)} errorMessage={fields.ownerId} />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

function Territories() {
  const query = useActorRef(territoriesMachine, { input: { query: null } });
  const data = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  const isManager = useIsManager();
  const { saved } = useActivityLog();
  const reassign = useActorRef(reassignMachine, { input: { reloads: query, reloadEvent: { type: 'query.reload' }, notices: MOVE_NOTICES } });
  const moving = useSelector(reassign, (s) => s.hasTag('busy'));
  const moveError = useSelector(reassign, (s) => s.context.error);
  const moved = useSelector(reassign, (s) => (s.matches('saved') ? s.context.result : undefined));
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState<Key | null>(null);
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState<Territory | 'new' | null>(null);
  useEffect(() => {
    if (saved) query.send({ type: 'query.reload' });
  }, [query, saved]);
  useEffect(() => {
    if (!moved) return;
    setSelected([]);
    setRound((r) => r + 1);
    reassign.send({ type: 'form.reset' });
  }, [moved, reassign]);
  const move = () => {
    if (target === null) return;
    reassign.send({ type: 'form.submit', input: { companyIds: selected.map(Number), territoryId: target === NONE ? null : Number(target) } });
  };
  return (
    <>
      <PageHeader
        title="Sales Territories"
        subtitle="Territories with their owner and companies. Select companies in the table and pick a territory to move them together."
        actions={
          <>
            {isManager ? <Button onPress={() => setEditing('new')}>New territory</Button> : null}
            <LogActivityButton />
          </>
        }
      />
      <SalesNav />
      {error && !data ? (
        <Alert tone="danger" title="The territories could not be loaded" live>
          {error} <Button size="sm" onPress={() => query.send({ type: 'query.reload' })}>Try again</Button>
        </Alert>
      ) : null}
      {data ? (
        <div className={styles.stack}>
          <Card title="Territories" description="Totals per territory add up to the totals of every company." padding="none" asRegion>
            <ScrollBox label="Territories and their totals" className={styles.tableWrap}>
              <table className={styles.table} data-testid="territory-totals">
                <caption>
                  <VisuallyHidden>Territories and their totals</VisuallyHidden>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Territory</th>
                    <th scope="col">Owner</th>
                    <th scope="col" className={styles.num}>Companies</th>
                    <th scope="col" className={styles.num}>Lifetime revenue</th>
                    <th scope="col" className={styles.num}>Open pipeline</th>
                    {isManager ? <th scope="col"><VisuallyHidden>Actions</VisuallyHidden></th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.territories.map((t) => (
                    <tr key={t.id}>
                      <th scope="row">{t.name}</th>
                      <td>{t.ownerName ?? '—'}</td>
                      <td className={styles.num}>{t.companies}</td>
                      <td className={styles.num}>{formatMoney(t.lifetimeCents)}</td>
                      <td className={styles.num}>{formatMoney(t.pipelineCents)}</td>
                      {isManager ? (
                        <td>
                          <Button size="sm" variant="quiet" onPress={() => setEditing(t)} aria-label={`Edit ${t.name}`}>Edit</Button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">No territory</th>
                    <td>—</td>
                    <td className={styles.num}>{data.unassigned.companies}</td>
                    <td className={styles.num}>{formatMoney(data.unassigned.lifetimeCents)}</td>
                    <td className={styles.num}>{formatMoney(data.unassigned.pipelineCents)}</td>
                    {isManager ? <td /> : null}
                  </tr>
                  <tr className={styles.total}>
                    <th scope="row">All companies</th>
                    <td />
                    <td className={styles.num}>{data.totals.companies}</td>
                    <td className={styles.num}>{formatMoney(data.totals.lifetimeCents)}</td>
                    <td className={styles.num}>{formatMoney(data.totals.pipelineCents)}</td>
                    {isManager ? <td /> : null}
                  </tr>
                </tbody>
              </table>
            </ScrollBox>
          </Card>
          <Card
            title="Companies"
            description={selected.length ? `${selected.length} selected` : 'Select companies to move them to another territory.'}
            padding="none"
            asRegion
          >
            <div className={styles.bulkBar}>
              <Select
                label="Move to"
                placeholder="Pick a territory"
                items={[...data.territories.map((t) => ({ id: t.id, label: t.name })), { id: NONE, label: 'No territory' }]}
                value={target}
                onChange={(k) => setTarget(k)}
              />
              <Button variant="primary" isDisabled={!selected.length || target === null} isPending={moving} onPress={move}>
                Move {selected.length || ''} {selected.length === 1 ? 'company' : 'companies'}
              </Button>
            </div>
            {moveError ? <FormErrorBanner title={moveError} /> : null}
            <DataTable<SalesCustomer>
              key={round}
              caption="Companies by territory"
              columns={CUSTOMER_COLUMNS}
              rows={data.customers}
              rowKey="id"
              selectable
              searchable
              onSelectionChange={setSelected}
              tableId="sales-territory-companies"
            />
          </Card>
        </div>
      ) : !error ? (
        <SkeletonTable />
      ) : null}
      {editing && data ? (
        <TerritoryDialog
          territory={editing === 'new' ? null : editing}
          staff={data.staff}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            query.send({ type: 'query.reload' });
          }}
        />
      ) : null}
    </>
  );
}

/** /sales/territories. */
export default function TerritoriesScreen() {
  return (
    <SalesFrame>
      <Territories />
    </SalesFrame>
  );
}

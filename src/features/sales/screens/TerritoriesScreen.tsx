import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Key } from 'react-aria-components';
import { formatMoney } from '@contracts/quote-money';
import type { SalesCustomer, Territory, TerritoryOverview } from '@contracts/sales';
import { useIsManager } from '@/shared/session/role';
import { Alert, Button, Card, Dialog, FormErrorBanner, PageHeader, Select, SkeletonTable, TextField, VisuallyHidden } from '@/shared/ui/components';
import { DataTable } from '@/shared/ui/data-table/DataTable';
import type { territorySaveMachine } from '../machines/sales.machines';
import { salesTerritoriesMachine, selectEditing, selectReassign, selectRound, selectSelected, selectTerritories, selectTerritoryForm } from '../machines/sales-territories.machine';
import { CUSTOMER_COLUMNS } from './CustomersScreen';
import { LogActivityButton, SalesFrame, useActivityLog } from './ActivityLog';
import { SalesNav } from './parts';
import styles from './sales.module.css';
import { ScrollBox } from '@/shared/ui/ScrollBox';

const NONE = 'none';

type SaveActor = ActorRefFrom<typeof territorySaveMachine>;

/** A territory's name and owner; the screen's machine closes it once saved. */
function TerritoryDialog({ territory, staff, save, onClose }: { territory: Territory | null; staff: TerritoryOverview['staff']; save: SaveActor; onClose: () => void }) {
  const busy = useSelector(save, (s) => s.hasTag('busy'));
  const error = useSelector(save, (s) => s.context.error);
  const fields = useSelector(save, (s) => s.context.fieldErrors);
  const [name, setName] = useState(territory?.name ?? '');
  const [owner, setOwner] = useState<Key>(territory?.ownerId ?? NONE);
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
  const { log } = useActivityLog();
  const screen = useActorRef(salesTerritoriesMachine, { input: { log } });
  const query = useSelector(screen, selectTerritories);
  const data = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  const isManager = useIsManager();
  const reassign = useSelector(screen, selectReassign);
  const moving = useSelector(reassign, (s) => s.hasTag('busy'));
  const moveError = useSelector(reassign, (s) => s.context.error);
  const selected = useSelector(screen, selectSelected);
  const round = useSelector(screen, selectRound);
  const editing = useSelector(screen, selectEditing);
  const territoryForm = useSelector(screen, selectTerritoryForm);
  const [target, setTarget] = useState<Key | null>(null);
  const move = () => {
    if (target === null) return;
    screen.send({ type: 'companies.move', territoryId: target === NONE ? null : Number(target) });
  };
  return (
    <>
      <PageHeader
        title="Sales Territories"
        subtitle="Territories with their owner and companies. Select companies in the table and pick a territory to move them together."
        actions={
          <>
            {isManager ? <Button onPress={() => screen.send({ type: 'territory.edit', territory: null })}>New territory</Button> : null}
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
                          <Button size="sm" variant="quiet" onPress={() => screen.send({ type: 'territory.edit', territory: t })} aria-label={`Edit ${t.name}`}>Edit</Button>
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
              onSelectionChange={(keys) => screen.send({ type: 'selection.change', keys })}
              tableId="sales-territory-companies"
            />
          </Card>
        </div>
      ) : !error ? (
        <SkeletonTable />
      ) : null}
      {editing && territoryForm && data ? (
        <TerritoryDialog territory={editing === 'new' ? null : editing} staff={data.staff} save={territoryForm} onClose={() => screen.send({ type: 'territory.close' })} />
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

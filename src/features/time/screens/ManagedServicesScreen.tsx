import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { formatHours, ROUNDING_RULES, type ContractUsage, type MsTicket } from '@contracts/time';
import type { ContractInput } from '../api';
import { money } from '../format';
import {
  managedServicesMachine,
  selectClosing,
  selectContracts,
  selectEditing,
  selectFailure,
  selectLoadError,
  selectMonth,
  selectSavingContract,
  selectThisMonth,
  selectTickets,
  selectTicketsError,
  type ManagedServicesActor,
} from '../machines/managed-services.machine';
import styles from './time.module.css';
import { inspection } from '@/shared/inspection';
import { StaffSession } from '@/shared/session/staff-session';
import { useIsManager } from '@/shared/session/role';
import { Alert, Badge, Button, Card, Checkbox, Dialog, EmptyState, NumberField, PageHeader, RelativeTime, Select, SkeletonTable, TextField } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatMonth } from '@contracts/common/dates';

const thisMonth = () => new Date().toISOString().slice(0, 7);
const monthName = (month: string) => formatMonth(month);

/** Usage against included hours: a meter that turns amber at 80 % and red past 100 %. */
export function UsageMeter({ contract }: { contract: ContractUsage }) {
  const fill = Math.min(100, contract.percent);
  const tone = contract.percent >= 100 ? styles.meterOver : contract.percent >= 80 ? styles.meterWarn : '';
  return (
    <div className={styles.inline}>
      <div className={styles.meter} role="meter" aria-label={`Usage of ${contract.company}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(fill)} aria-valuetext={`${contract.percent} % of included hours`}>
        <div className={`${styles.meterFill} ${tone}`} style={{ width: `${fill}%` }} />
      </div>
      <span>{contract.percent} %</span>
    </div>
  );
}

/**
 * Minutes used, with the late time of closed months: what this month's bill carries (or, closed,
 * carried), and for a closed month the time dated in it that came in after its bill.
 */
export function UsedMinutes({ contract: c }: { contract: ContractUsage }) {
  const used = formatHours(c.used_minutes) || '0:00';
  const notes = [
    c.adjustment_minutes ? `incl. ${formatHours(c.adjustment_minutes)} late time` : null,
    c.closed && c.late_minutes ? `${formatHours(c.late_minutes)} came in after the close` : null,
  ].filter(Boolean);
  if (!notes.length) return <>{used}</>;
  return (
    <span>
      <span className={styles.itemLabel}>{used}</span>
      {notes.map((n) => (
        <span key={n} className={styles.itemSub}>
          {n}
        </span>
      ))}
    </span>
  );
}

/** What late time is, said under the usage wherever some is shown. */
export const LATE_TIME_NOTE = 'Late time is time dated in a closed month that came in after its bill; the next month closed bills it.';

/** Opens the timer window of a company for the signed-in person. */
export function openTracker(company: { id: number; name: string }, userId: string) {
  window.open(`/ms/time/tracker/${company.id}/${encodeURIComponent(company.name)}/${userId}`, `ms-tracker-${company.id}`, 'width=420,height=560');
}

/** /managed/services: contracts, hours used against included, MS tickets, month close. */
export default function ManagedServicesScreen() {
  const page = useActorRef(managedServicesMachine, { input: { thisMonth: thisMonth() }, inspect: inspection.inspect });
  const month = useSelector(page, selectMonth);
  const current = useSelector(page, selectThisMonth);
  const data = useSelector(page, selectContracts);
  const error = useSelector(page, selectLoadError);
  const editing = useSelector(page, selectEditing);
  const closing = useSelector(page, selectClosing);
  const isManager = useIsManager();
  const userId = StaffSession.useSelector((s) => s.context.user?.userid ?? '');

  // The rows shown are the answer's month (the next month's answer replaces them once it is in).
  const shown = data?.month ?? month;
  const past = shown < current;
  const columns = useMemo<DataTableColumn<ContractUsage>[]>(
    () => [
      { label: 'Company', field: 'company', cell: (c) => <Link href={`/company/${c.company_id}`}>{c.company}</Link> },
      { label: 'Plan', field: 'plan', width: '7rem' },
      { label: 'Included', field: 'included_minutes', type: 'number', cell: (c) => `${formatHours(c.included_minutes) || '0:00'}${c.rollover_in_minutes ? ` + ${formatHours(c.rollover_in_minutes)}` : ''}` },
      { label: 'Used', field: 'used_minutes', type: 'number', cell: (c) => <UsedMinutes contract={c} /> },
      { label: 'Usage', field: 'percent', type: 'number', width: '10rem', cell: (c) => <UsageMeter contract={c} /> },
      { label: 'Remaining', field: 'remaining_minutes', type: 'number', cell: (c) => formatHours(c.remaining_minutes) || '0:00' },
      { label: 'Overage', field: 'overage_minutes', type: 'number', cell: (c) => (c.overage_minutes ? `${formatHours(c.overage_minutes)} · ${money(Math.ceil((c.overage_minutes * c.overage_rate_cents) / 60))}` : '—') },
      { label: 'Alerts sent', field: 'alerts', sortable: false, width: '6.5rem', value: (c) => c.alerts.join(' '), cell: (c) => (c.alerts.length ? c.alerts.map((a) => <Badge key={a} tone={a >= 100 ? 'danger' : 'warning'}>{a} %</Badge>) : '—') },
      {
        label: 'Actions',
        field: 'actions',
        // Track time and Edit side by side at 1366 px; the meter and its figure likewise for Usage.
        width: '11rem',
        sortable: false,
        globalSearchDisabled: true,
        cell: (c) => (
          <div className={styles.inline}>
            <Button size="sm" variant="quiet" onPress={() => openTracker({ id: c.company_id, name: c.company }, userId)}>
              Track time
            </Button>
            {isManager ? (
              <Button size="sm" variant="quiet" onPress={() => page.send({ type: 'contract.edit', contract: c })}>
                Edit
              </Button>
            ) : null}
            {isManager && past && !c.closed ? (
              <Button size="sm" variant="quiet" isDisabled={closing} onPress={() => page.send({ type: 'month.close', company: c.company_id, month: shown })}>
                Close month
              </Button>
            ) : null}
            {c.closed ? <Badge tone="success">Closed · {money(c.closed.overage_cents)} overage</Badge> : null}
          </div>
        ),
      },
    ],
    [isManager, past, shown, userId, page, closing],
  );

  return (
    <div className={styles.stack}>
      <PageHeader
        title="Managed Services"
        subtitle={`Contracts and hours used in ${monthName(month)}`}
        actions={
          <div className={styles.row} role="group" aria-label="Month">
            <Button size="sm" onPress={() => page.send({ type: 'month.previous' })}>
              Previous month
            </Button>
            <Button size="sm" variant="quiet" onPress={() => page.send({ type: 'month.this' })}>
              This month
            </Button>
            <Button size="sm" isDisabled={month >= current} onPress={() => page.send({ type: 'month.next' })}>
              Next month
            </Button>
          </div>
        }
      />
      {error ? <Alert tone="danger" title="Contracts could not be loaded">{error}</Alert> : null}
      {!data ? (
        <SkeletonTable rows={5} columns={[3, 2, 1, 1, 2, 1, 2, 1, 2]} label="Loading contracts" />
      ) : data.contracts.length === 0 ? (
        <EmptyState title="No managed-services contracts" text="A manager adds a contract from a company's row here or on the company." />
      ) : (
        <>
          <DataTable key={`${shown}-${String(isManager)}-${String(past)}`} caption={`Managed-services contracts, ${monthName(shown)}`} columns={columns} rows={data.contracts} rowKey="company_id" />
          {data.contracts.some((c) => c.adjustment_minutes || (c.closed && c.late_minutes)) ? <p className={styles.muted}>{LATE_TIME_NOTE}</p> : null}
        </>
      )}
      <MsTickets page={page} />
      {editing ? <ContractDialog key={editing.company_id} contract={editing} page={page} /> : null}
    </div>
  );
}

function MsTickets({ page }: { page: ManagedServicesActor }) {
  const rows = useSelector(page, selectTickets);
  const error = useSelector(page, selectTicketsError);
  const columns = useMemo<DataTableColumn<MsTicket>[]>(
    () => [
      { label: 'ID', field: 'id', type: 'number', width: '80px', cell: (t) => <Link href={`/ticket/${t.id}`}>{t.id}</Link> },
      { label: 'Title', field: 'title' },
      { label: 'Company', field: 'company' },
      { label: 'Assignee', field: 'assignee', value: (t) => t.assignee ?? 'Unassigned' },
      { label: 'Updated', field: 'updated_at', cell: (t) => <RelativeTime value={t.updated_at} /> },
    ],
    [],
  );
  return (
    <Card title="Managed Services tickets" description="Open tickets of the Managed Services queue." padding="compact">
      {rows ? (
        <DataTable caption="Open Managed Services tickets" columns={columns} rows={rows} />
      ) : error ? (
        <Alert tone="danger" title="The tickets could not be loaded">
          {error}
        </Alert>
      ) : (
        <SkeletonTable rows={3} columns={[1, 4, 2, 2, 1]} label="Loading tickets" />
      )}
    </Card>
  );
}

function ContractDialog({ contract, page }: { contract: ContractUsage; page: ManagedServicesActor }) {
  const busy = useSelector(page, selectSavingContract);
  const failure = useSelector(page, selectFailure);
  const fields = failure?.fieldErrors ?? {};
  const error = failure?.error ?? null;
  const onClose = () => page.send({ type: 'editor.close' });
  const [value, setValue] = useState<ContractInput>({
    plan: contract.plan,
    included_hours: contract.included_minutes / 60,
    overage_rate_cents: contract.overage_rate_cents,
    rounding_minutes: contract.rounding_minutes,
    rollover: contract.rollover,
    rollover_cap_hours: contract.rollover_cap_minutes / 60,
  });
  const set = <K extends keyof ContractInput>(key: K, v: ContractInput[K]) => setValue((x) => ({ ...x, [key]: v }));
  return (
    <Dialog
      isOpen
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Contract of ${contract.company}`}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" isDisabled={busy} onPress={() => page.send({ type: 'contract.save', input: value })}>
            Save contract
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        {error ? <Alert tone="danger" title="The contract was not saved">{error}</Alert> : null}
        <TextField label="Plan" value={value.plan} onChange={(v) => set('plan', v)} errorMessage={fields.plan} isRequired />
        <NumberField label="Included hours a month" value={value.included_hours} onChange={(v) => set('included_hours', v)} minValue={0} step={0.5} errorMessage={fields.included_hours} />
        <NumberField label="Overage rate (cents an hour)" value={value.overage_rate_cents} onChange={(v) => set('overage_rate_cents', v)} minValue={0} errorMessage={fields.overage_rate_cents} />
        <Select
          label="Rounding"
          items={ROUNDING_RULES.map((r) => ({ id: String(r), label: r ? `Up to ${r} minutes` : 'None (to the minute)' }))}
          value={String(value.rounding_minutes)}
          onChange={(v) => set('rounding_minutes', Number(v) as ContractInput['rounding_minutes'])}
          errorMessage={fields.rounding_minutes}
        />
        <Checkbox isSelected={value.rollover} onChange={(v) => set('rollover', v)}>
          Unused hours roll over
        </Checkbox>
        {value.rollover ? <NumberField label="Roll-over cap (hours)" value={value.rollover_cap_hours} onChange={(v) => set('rollover_cap_hours', v)} minValue={0} errorMessage={fields.rollover_cap_hours} /> : null}
      </div>
    </Dialog>
  );
}

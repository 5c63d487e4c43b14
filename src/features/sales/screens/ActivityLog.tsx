/**
 * The one activity dialog of sales, and the frame every sales screen sits in: it owns the dialog's
 * machine, opens it on the keyboard shortcut (L, outside text fields), and hands the machine to the
 * screen's own machine, which hears each activity logged (`loggedActivities`) and loads again.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { formatMoney, parseCents } from '@contracts/quote-money';
import { ACTIVITY_KINDS, ACTIVITY_LABELS, LOG_ACTIVITY_SHORTCUT, activityDayWindow, type ActivityInput, type ActivityKind } from '@contracts/sales';
import { Button, ComboBox, DatePicker, Dialog, Form, FormErrorBanner, Select, TextArea, TextField, type Option, type OptionLoader } from '@/shared/ui/components';
import { salesApi } from '../api';
import { activityLogMachine, type ActivityLogActor, type ActivityPreset } from '../machines/activity-log.machine';
import { pickedSalesCompanyMachine, salesRepsMachine } from '../machines/sales.machines';
import styles from './sales.module.css';

type LogApi = { open: (preset?: ActivityPreset) => void; log: ActivityLogActor | null };
const LogContext = createContext<LogApi>({ open: () => undefined, log: null });

/** Opens the activity dialog; `log` is its machine, the input of the screen's machine. */
export const useActivityLog = () => useContext(LogContext);

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox');

/** Wraps a sales screen: the dialog and its shortcut. */
export function SalesFrame({ children }: { children: ReactNode }) {
  const log = useActorRef(activityLogMachine);
  const open = useSelector(log, (s) => !s.matches('closed'));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== LOG_ACTIVITY_SHORTCUT.key || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      log.send({ type: 'log.open' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [log]);
  const api = useMemo<LogApi>(() => ({ open: (preset) => log.send({ type: 'log.open', preset }), log }), [log]);
  return (
    <LogContext.Provider value={api}>
      {children}
      {open ? <ActivityDialog actor={log} /> : null}
    </LogContext.Provider>
  );
}

/** The "Log activity" button of a sales screen's header, with its shortcut. */
export function LogActivityButton({ preset, label = 'Log activity' }: { preset?: ActivityPreset; label?: string }) {
  const { open } = useActivityLog();
  return (
    <Button variant="primary" onPress={() => open(preset)} aria-keyshortcuts={LOG_ACTIVITY_SHORTCUT.label}>
      {label} <kbd className={styles.kbd}>{LOG_ACTIVITY_SHORTCUT.label}</kbd>
    </Button>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
/** Companies whose name or account number holds the text (the first 20). */
const loadCompanies: OptionLoader<Option> = async (text) => (await salesApi.customers({ q: text.trim() || undefined })).slice(0, 20).map((c) => ({ id: c.id, label: c.name, description: c.accountNumber }));
const KIND_OPTIONS: Option[] = ACTIVITY_KINDS.map((k) => ({ id: k, label: ACTIVITY_LABELS[k] }));
const ME = 'me';

function ActivityDialog({ actor }: { actor: ReturnType<typeof useActorRef<typeof activityLogMachine>> }) {
  const preset = useSelector(actor, (s) => s.context.preset);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const refusals = useSelector(actor, (s) => s.context.refusals);
  const [kind, setKind] = useState<ActivityKind>(preset.kind ?? 'call');
  const [company, setCompany] = useState<{ id: number; name: string } | null>(preset.companyId ? { id: preset.companyId, name: preset.companyName ?? '' } : null);
  const [day, setDay] = useState<string>(today());
  const [amount, setAmount] = useState('');
  const [quoteId, setQuoteId] = useState<Key | null>(null);
  const [notes, setNotes] = useState('');
  const [rep, setRep] = useState<Key>(ME);
  // Whom this user may log for; the Rep field shows only when that is someone besides themselves
  // (their reports as their manager, everyone as an admin).
  const repsQuery = useActorRef(salesRepsMachine, { input: { query: null } });
  const reps = useSelector(repsQuery, (s) => s.context.data ?? []);
  const repOptions: Option[] = reps.map((r, i) => ({ id: i === 0 ? ME : r.id, label: i === 0 ? `${r.name} (me)` : r.name }));
  const days = activityDayWindow(today());
  const companyQuery = useActorRef(pickedSalesCompanyMachine, { input: { query: company?.id ?? null } });
  useEffect(() => {
    if (company) companyQuery.send({ type: 'query.set', query: company.id });
  }, [company, companyQuery]);
  const view = useSelector(companyQuery, (s) => (company && s.context.data?.company.id === company.id ? s.context.data : null));
  const quotes = view?.acceptedQuotes ?? [];
  const quote = quotes.find((q) => q.id === quoteId);

  /**
   * What the dialog would send. Nothing picked stays empty and an amount that is not money stays
   * not a number: the schema check says what to do ("Pick a company", "Enter an amount, e.g. 250").
   */
  const input = (): ActivityInput => {
    const cents = amount.trim() === '' ? undefined : (parseCents(amount) ?? Number.NaN);
    return {
      kind,
      companyId: company?.id ?? (undefined as unknown as number),
      occurredOn: day,
      notes,
      ...(rep !== ME ? { staffId: Number(rep) } : {}),
      ...(kind === 'sale' && cents !== undefined ? { amountCents: cents } : {}),
      ...(kind === 'sale' && quoteId !== null ? { quoteId: Number(quoteId) } : {}),
    };
  };
  const submit = () => actor.send({ type: 'log.submit', input: input() });
  /** A setter that also tells the dialog's machine the field changed (its message goes). */
  const changed =
    <T,>(field: keyof ActivityInput, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      actor.send({ type: 'log.change', field });
    };
  return (
    <Dialog
      title="Log activity"
      description="A call, a letter sent, a new lead or a closed sale. Press L on any sales screen to open this."
      isOpen
      onOpenChange={(o) => !o && actor.send({ type: 'log.close' })}
      footer={
        <>
          <Button variant="secondary" onPress={() => actor.send({ type: 'log.close' })}>
            Cancel
          </Button>
          <Button variant="primary" isPending={busy} onPress={submit}>
            Save
          </Button>
        </>
      }
    >
      <Form
        className={styles.form}
        aria-label="Log activity"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        refusals={refusals}
        onFieldBlur={(field) => actor.send({ type: 'log.blur', field, input: input() })}
      >
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        <Select label="Activity" name="kind" items={KIND_OPTIONS} value={kind} onChange={(k) => k && changed('kind', setKind)(k as ActivityKind)} errorMessage={fieldErrors.kind} autoFocus />
        <ComboBox<Option>
          label="Company"
          name="companyId"
          placeholder="Type a name or account number"
          loader={loadCompanies}
          defaultInputValue={preset.companyName ?? ''}
          defaultSelectedKey={preset.companyId ?? null}
          emptyText="No company matches"
          onSelectionChange={(k) => {
            setCompany(k === null ? null : { id: Number(k), name: '' });
            setQuoteId(null);
            actor.send({ type: 'log.change', field: 'companyId' });
          }}
          isRequired
          errorMessage={fieldErrors.companyId}
        />
        {repOptions.length > 1 ? (
          <Select label="Rep" name="staffId" description="Log it for one of your reps." items={repOptions} value={rep} onChange={(k) => k !== null && changed('staffId', setRep)(k)} errorMessage={fieldErrors.staffId} />
        ) : null}
        <DatePicker label="Date" name="occurredOn" value={day} onChange={(v) => v && changed('occurredOn', setDay)(v)} minValue={days.min} maxValue={days.max} errorMessage={fieldErrors.occurredOn} />
        {kind === 'sale' ? (
          <>
            <Select
              label="Accepted quote"
              name="quoteId"
              placeholder={company ? (quotes.length ? 'None' : 'No accepted quotes') : 'Pick a company first'}
              items={[{ id: 'none', label: 'None' }, ...quotes.map((q) => ({ id: q.id, label: `${q.number} · ${formatMoney(q.totalCents)}` }))]}
              value={quoteId ?? 'none'}
              onChange={(k) => {
                const next = k === 'none' || k === null ? null : k;
                setQuoteId(next);
                actor.send({ type: 'log.change', field: 'quoteId' });
                actor.send({ type: 'log.change', field: 'amountCents' });
                const q = quotes.find((x) => x.id === next);
                if (q) setAmount((q.totalCents / 100).toFixed(2));
              }}
              isDisabled={!quotes.length}
              errorMessage={fieldErrors.quoteId}
            />
            <TextField
              label="Amount ($)"
              name="amountCents"
              inputMode="decimal"
              value={amount}
              onChange={changed('amountCents', setAmount)}
              isReadOnly={Boolean(quote)}
              description={quote ? `Filled from ${quote.number}` : 'The sale’s value, e.g. 1250.00'}
              errorMessage={fieldErrors.amountCents}
            />
          </>
        ) : null}
        <TextArea label="Notes" name="notes" value={notes} onChange={changed('notes', setNotes)} errorMessage={fieldErrors.notes} />
        <button type="submit" hidden />
      </Form>
    </Dialog>
  );
}

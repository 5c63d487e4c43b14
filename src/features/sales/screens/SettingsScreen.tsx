import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { formatCents, parseCents } from '@contracts/quote-money';
import { QUOTE_STATUSES, type QuoteStatus } from '@contracts/quotes';
import { TARGET_KINDS, type SalesSettings, type TargetKind } from '@contracts/sales';
import { useIsManager } from '@/shared/session/role';
import { Alert, Button, Card, FormErrorBanner, PageHeader, SkeletonTable, Switch, TextField, VisuallyHidden, toast } from '@/shared/ui/components';
import { settingsMachine, settingsSaveMachine, type SettingsSave } from '../machines/sales.machines';
import { SalesFrame } from './ActivityLog';
import { recentMonths, SalesNav, shortMonth } from './parts';
import styles from './sales.module.css';

const TARGET_LABEL: Record<TargetKind, string> = { call: 'Calls', letter: 'Letters', lead: 'Leads', sale: 'Sales', revenue: 'Revenue ($)' };

/** One section's save: a button, its busy state, and a toast or the error above the section. */
function useSection(section: SettingsSave['section'], onSaved: (s: SalesSettings) => void) {
  const save = useActorRef(settingsSaveMachine, { input: {} });
  const busy = useSelector(save, (s) => s.hasTag('busy'));
  const error = useSelector(save, (s) => s.context.error);
  const fields = useSelector(save, (s) => s.context.fieldErrors);
  const result = useSelector(save, (s) => (s.matches('saved') ? s.context.result : undefined));
  useEffect(() => {
    if (!result) return;
    toast.success(`${section[0]!.toUpperCase()}${section.slice(1)} saved`);
    onSaved(result);
    save.send({ type: 'form.reset' });
  }, [result, section, onSaved, save]);
  return { busy, error, fields, submit: (input: SettingsSave) => save.send({ type: 'form.submit', input }) };
}

function Targets({ settings, readOnly, onSaved }: { settings: SalesSettings; readOnly: boolean; onSaved: (s: SalesSettings) => void }) {
  const initial = () => Object.fromEntries(settings.reps.flatMap((r) => TARGET_KINDS.map((k) => {
    const t = settings.targets.find((x) => x.staffId === r.id && x.kind === k)?.monthly ?? 0;
    return [`${r.id}:${k}`, k === 'revenue' ? formatCents(t).replace(/,/g, '') : String(t)];
  })));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [bad, setBad] = useState<string[]>([]);
  const s = useSection('targets', onSaved);
  const submit = () => {
    const problems: string[] = [];
    const targets = Object.entries(values).map(([key, text]) => {
      const [staffId, kind] = key.split(':') as [string, TargetKind];
      const n = kind === 'revenue' ? parseCents(text || '0') : /^\d+$/.test(text.trim() || '0') ? Number(text.trim() || '0') : null;
      if (n === null || n < 0) problems.push(key);
      return { staffId: Number(staffId), kind, monthly: n ?? 0 };
    });
    setBad(problems);
    if (!problems.length) s.submit({ section: 'targets', targets });
  };
  return (
    <Card title="Monthly targets" description="Per rep and activity; revenue in dollars." asRegion footer={readOnly ? null : <Button variant="primary" isPending={s.busy} onPress={submit}>Save targets</Button>}>
      <FormErrorBanner title={bad.length ? 'Targets must be whole numbers (revenue an amount like 2500.00)' : (s.error ?? undefined)} />
      <div className={`${styles.tableWrap} ${styles.settingsGrid}`}>
        <table className={styles.table}>
          <caption><VisuallyHidden>Monthly targets per rep</VisuallyHidden></caption>
          <thead>
            <tr>
              <th scope="col">Rep</th>
              {TARGET_KINDS.map((k) => <th key={k} scope="col" className={styles.num}>{TARGET_LABEL[k]}</th>)}
            </tr>
          </thead>
          <tbody>
            {settings.reps.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.name}</th>
                {TARGET_KINDS.map((k) => {
                  const key = `${r.id}:${k}`;
                  return (
                    <td key={k} className={styles.num}>
                      <input aria-label={`${TARGET_LABEL[k]} target for ${r.name}`} inputMode={k === 'revenue' ? 'decimal' : 'numeric'} value={values[key] ?? ''} readOnly={readOnly} aria-invalid={bad.includes(key) || undefined} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function Spend({ settings, months, readOnly, onSaved }: { settings: SalesSettings; months: string[]; readOnly: boolean; onSaved: (s: SalesSettings) => void }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.spend.map((x) => [`${x.channelId}:${x.month}`, formatCents(x.cents).replace(/,/g, '')])),
  );
  const [bad, setBad] = useState<string[]>([]);
  const s = useSection('spend', onSaved);
  const submit = () => {
    const problems: string[] = [];
    const spend = settings.channels.flatMap((c) => months.map((m) => {
      const key = `${c.id}:${m}`;
      const cents = parseCents(values[key]?.trim() || '0');
      if (cents === null) problems.push(key);
      return { channelId: c.id, month: m, cents: cents ?? 0 };
    }));
    setBad(problems);
    if (!problems.length) s.submit({ section: 'spend', spend });
  };
  return (
    <Card title="Marketing spend" description="Per channel and month, in dollars; it feeds the CAC check." asRegion footer={readOnly ? null : <Button variant="primary" isPending={s.busy} onPress={submit}>Save spend</Button>}>
      <FormErrorBanner title={bad.length ? 'Spend must be an amount like 1250.00' : (s.error ?? undefined)} />
      <div className={`${styles.tableWrap} ${styles.settingsGrid}`}>
        <table className={styles.table}>
          <caption><VisuallyHidden>Marketing spend per channel and month</VisuallyHidden></caption>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              {months.map((m) => <th key={m} scope="col" className={styles.num}>{shortMonth(m)}</th>)}
            </tr>
          </thead>
          <tbody>
            {settings.channels.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.name}</th>
                {months.map((m) => {
                  const key = `${c.id}:${m}`;
                  return (
                    <td key={m}>
                      <input aria-label={`${c.name} spend in ${shortMonth(m)}`} inputMode="decimal" value={values[key] ?? ''} placeholder="0" readOnly={readOnly} aria-invalid={bad.includes(key) || undefined} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function Channels({ settings, readOnly, onSaved }: { settings: SalesSettings; readOnly: boolean; onSaved: (s: SalesSettings) => void }) {
  const [rows, setRows] = useState(() => settings.channels.filter((c) => c.position < 1000).map((c) => ({ id: c.id as number | undefined, name: c.name, offered: c.offered })));
  const s = useSection('channels', onSaved);
  return (
    <Card
      title="Channels on the public form"
      description="What “How did you hear about us?” offers. Renaming keeps a channel's history; switch one off to stop offering it."
      asRegion
      footer={
        readOnly ? null : (
          <>
            <Button onPress={() => setRows([...rows, { id: undefined, name: '', offered: true }])}>Add channel</Button>
            <Button variant="primary" isPending={s.busy} onPress={() => s.submit({ section: 'channels', channels: rows })}>Save channels</Button>
          </>
        )
      }
    >
      <FormErrorBanner title={s.error ?? undefined} />
      <ul className={`${styles.form} ${styles.plainList}`} aria-label="Channels">
        {rows.map((r, i) => (
          <li key={r.id ?? `new-${i}`} className={styles.toolbar}>
            <TextField label={`Channel ${i + 1}`} value={r.name} isReadOnly={readOnly} onChange={(name) => setRows(rows.map((x, j) => (j === i ? { ...x, name } : x)))} errorMessage={s.fields[`channels.${i}.name`]} isInvalid={Boolean(s.fields[`channels.${i}.name`])} />
            <Switch isSelected={r.offered} isReadOnly={readOnly} onChange={(offered) => setRows(rows.map((x, j) => (j === i ? { ...x, offered } : x)))}>
              Offered
            </Switch>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Probabilities({ settings, readOnly, onSaved }: { settings: SalesSettings; readOnly: boolean; onSaved: (s: SalesSettings) => void }) {
  const [values, setValues] = useState<Record<QuoteStatus, string>>(() => Object.fromEntries(QUOTE_STATUSES.map((st) => [st, String(settings.probabilities[st])])) as Record<QuoteStatus, string>);
  const s = useSection('probabilities', onSaved);
  const submit = () => s.submit({ section: 'probabilities', probabilities: Object.fromEntries(QUOTE_STATUSES.map((st) => [st, Number(values[st])])) as Record<QuoteStatus, number> });
  return (
    <Card title="Pipeline probabilities" description="The chance a quote in each status closes, in percent; the dashboard weighs the pipeline with it." asRegion footer={readOnly ? null : <Button variant="primary" isPending={s.busy} onPress={submit}>Save probabilities</Button>}>
      <FormErrorBanner title={s.error ?? undefined} />
      <div className={styles.row}>
        {QUOTE_STATUSES.map((st) => (
          <TextField key={st} label={`${st[0]!.toUpperCase()}${st.slice(1)} (%)`} inputMode="numeric" value={values[st]} isReadOnly={readOnly} onChange={(v) => setValues({ ...values, [st]: v })} errorMessage={s.fields[st]} isInvalid={Boolean(s.fields[st])} />
        ))}
      </div>
    </Card>
  );
}

function Settings() {
  const query = useActorRef(settingsMachine, { input: { query: null } });
  const loaded = useSelector(query, (s) => s.context.data);
  const [saved, setSaved] = useState<SalesSettings | null>(null);
  const data = saved ?? loaded;
  const error = useSelector(query, (s) => s.context.error);
  const isManager = useIsManager();
  const [version, setVersion] = useState(0);
  const months = recentMonths();
  const onSaved = (next: SalesSettings) => {
    setSaved(next);
    setVersion((v) => v + 1);
  };
  return (
    <>
      <PageHeader title="Sales Settings" subtitle={isManager ? 'Targets, marketing spend, the channels of the public form, and pipeline probabilities.' : 'Managers and admins change these; you can see them.'} />
      <SalesNav />
      {error && !data ? (
        <Alert tone="danger" title="The settings could not be loaded" live>
          {error} <Button size="sm" onPress={() => query.send({ type: 'query.reload' })}>Try again</Button>
        </Alert>
      ) : null}
      {data ? (
        <div className={styles.stack} key={version}>
          <Targets settings={data} readOnly={!isManager} onSaved={onSaved} />
          <Spend settings={data} months={months} readOnly={!isManager} onSaved={onSaved} />
          <div className={styles.grid2}>
            <Channels settings={data} readOnly={!isManager} onSaved={onSaved} />
            <Probabilities settings={data} readOnly={!isManager} onSaved={onSaved} />
          </div>
        </div>
      ) : !error ? (
        <SkeletonTable />
      ) : null}
    </>
  );
}

/** /sales/settings: targets, spend, channels and probabilities (managers and admins change them). */
export default function SettingsScreen() {
  return (
    <SalesFrame>
      <Settings />
    </SalesFrame>
  );
}

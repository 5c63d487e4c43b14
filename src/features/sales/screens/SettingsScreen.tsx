import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatCents, parseCents } from '@contracts/quote-money';
import { QUOTE_STATUSES, type QuoteStatus } from '@contracts/quotes';
import { TARGET_KINDS, type SalesSettings, type TargetKind } from '@contracts/sales';
import { useIsManager } from '@/shared/session/role';
import { Alert, Button, Card, Form, FormErrorBanner, PageHeader, SkeletonTable, Switch, TextField } from '@/shared/ui/components';
import type { SettingsSave } from '../machines/sales.machines';
import { salesSettingsMachine, selectSaved, selectSectionForm, selectSettingsQuery, selectVersion, type SettingsSection } from '../machines/sales-settings.machine';
import { SalesFrame } from './ActivityLog';
import { GridEditor } from './GridEditor';
import { recentMonths, SalesNav, shortMonth } from './parts';
import styles from './sales.module.css';

const TARGET_LABEL: Record<TargetKind, string> = { call: 'Calls', letter: 'Letters', lead: 'Leads', sale: 'Sales', revenue: 'Revenue ($)' };

type SettingsActor = ActorRefFrom<typeof salesSettingsMachine>;
/** What a section shows and whose save it is. */
type SectionProps = { settings: SalesSettings; readOnly: boolean; screen: SettingsActor };

/**
 * One section's save: a button, its busy state, and what it said or the error above the section.
 * A section of fields (channels, probabilities) is checked against its endpoint's schema first:
 * each problem beside its field, focus to the first (`refusals`), nothing sent. Once saved, the
 * screen's machine shows the settings as saved and every section starts again.
 */
function useSection(screen: SettingsActor, section: SettingsSection) {
  const save = useSelector(screen, selectSectionForm(section));
  const busy = useSelector(save, (s) => s.hasTag('busy'));
  const error = useSelector(save, (s) => s.context.error);
  const fields = useSelector(save, (s) => s.context.fieldErrors);
  const refusals = useSelector(save, (s) => s.context.refusals);
  return {
    busy,
    error,
    fields,
    refusals,
    submit: (input: SettingsSave) => save.send({ type: 'form.submit', input }),
    changed: (field: string) => save.send({ type: 'form.change', field }),
  };
}

function Targets({ settings, readOnly, screen }: SectionProps) {
  const s = useSection(screen, 'targets');
  return (
    <GridEditor
      title="Monthly targets"
      description="Per rep and activity; revenue in dollars."
      caption="Monthly targets per rep"
      rowHeader="Rep"
      rows={settings.reps.map((r) => ({ key: r.id, label: r.name }))}
      columns={TARGET_KINDS.map((k) => ({ key: k, label: TARGET_LABEL[k] }))}
      initial={(r, c) => {
        const t = settings.targets.find((x) => x.staffId === r.key && x.kind === c.key)?.monthly ?? 0;
        return c.key === 'revenue' ? formatCents(t).replace(/,/g, '') : String(t);
      }}
      parse={(text, c) => (c.key === 'revenue' ? parseCents(text) : /^\d+$/.test(text) ? Number(text) : null)}
      invalidTitle="Targets must be whole numbers (revenue an amount like 2500.00)"
      cellLabel={(r, c) => `${c.label} target for ${r.label}`}
      inputMode={(c) => (c.key === 'revenue' ? 'decimal' : 'numeric')}
      cellClassName={styles.num}
      saveLabel="Save targets"
      readOnly={readOnly}
      busy={s.busy}
      error={s.error}
      onSubmit={(cells) => s.submit({ section: 'targets', targets: cells.map((x) => ({ staffId: Number(x.row), kind: x.column as TargetKind, monthly: x.value })) })}
    />
  );
}

function Spend({ settings, months, readOnly, screen }: SectionProps & { months: string[] }) {
  const s = useSection(screen, 'spend');
  return (
    <GridEditor
      title="Marketing spend"
      description="Per channel and month, in dollars; it feeds the CAC check."
      caption="Marketing spend per channel and month"
      rowHeader="Channel"
      rows={settings.channels.map((c) => ({ key: c.id, label: c.name }))}
      columns={months.map((m) => ({ key: m, label: shortMonth(m) }))}
      initial={(r, c) => {
        const x = settings.spend.find((y) => y.channelId === r.key && y.month === c.key);
        return x ? formatCents(x.cents).replace(/,/g, '') : undefined;
      }}
      parse={(text) => parseCents(text)}
      invalidTitle="Spend must be an amount like 1250.00"
      cellLabel={(r, c) => `${r.label} spend in ${c.label}`}
      inputMode={() => 'decimal'}
      placeholder="0"
      saveLabel="Save spend"
      readOnly={readOnly}
      busy={s.busy}
      error={s.error}
      onSubmit={(cells) => s.submit({ section: 'spend', spend: cells.map((x) => ({ channelId: Number(x.row), month: String(x.column), cents: x.value })) })}
    />
  );
}

function Channels({ settings, readOnly, screen }: SectionProps) {
  const [rows, setRows] = useState(() => settings.channels.filter((c) => c.position < 1000).map((c) => ({ id: c.id as number | undefined, name: c.name, offered: c.offered })));
  const s = useSection(screen, 'channels');
  const submit = () => s.submit({ section: 'channels', channels: rows });
  return (
    <Card
      title="Channels on the public form"
      description="What “How did you hear about us?” offers. Renaming keeps a channel's history; switch one off to stop offering it."
      asRegion
      footer={
        readOnly ? null : (
          <>
            <Button onPress={() => setRows([...rows, { id: undefined, name: '', offered: true }])}>Add channel</Button>
            <Button variant="primary" isPending={s.busy} onPress={submit}>Save channels</Button>
          </>
        )
      }
    >
      <Form
        aria-label="Channels on the public form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        refusals={s.refusals}
      >
        <FormErrorBanner title={s.error ?? undefined} />
        <ul className={`${styles.form} ${styles.plainList}`} aria-label="Channels">
          {rows.map((r, i) => (
            <li key={r.id ?? `new-${i}`} className={styles.toolbar}>
              <TextField
                label={`Channel ${i + 1}`}
                name={`channels.${i}.name`}
                value={r.name}
                isReadOnly={readOnly}
                onChange={(name) => {
                  setRows(rows.map((x, j) => (j === i ? { ...x, name } : x)));
                  s.changed(`channels.${i}.name`);
                }}
                errorMessage={s.fields[`channels.${i}.name`]}
              />
              <Switch isSelected={r.offered} isReadOnly={readOnly} onChange={(offered) => setRows(rows.map((x, j) => (j === i ? { ...x, offered } : x)))}>
                Offered
              </Switch>
            </li>
          ))}
        </ul>
        <button type="submit" hidden />
      </Form>
    </Card>
  );
}

function Probabilities({ settings, readOnly, screen }: SectionProps) {
  const [values, setValues] = useState<Record<QuoteStatus, string>>(() => Object.fromEntries(QUOTE_STATUSES.map((st) => [st, String(settings.probabilities[st])])) as Record<QuoteStatus, string>);
  const s = useSection(screen, 'probabilities');
  // An empty box is 0; anything else that is not a whole number stays not one, so the check says what to enter.
  const submit = () => s.submit({ section: 'probabilities', probabilities: Object.fromEntries(QUOTE_STATUSES.map((st) => [st, values[st].trim() === '' ? 0 : Number(values[st])])) as Record<QuoteStatus, number> });
  return (
    <Card title="Pipeline probabilities" description="The chance a quote in each status closes, in percent; the dashboard weighs the pipeline with it." asRegion footer={readOnly ? null : <Button variant="primary" isPending={s.busy} onPress={submit}>Save probabilities</Button>}>
      <Form
        aria-label="Pipeline probabilities"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        refusals={s.refusals}
      >
        <FormErrorBanner title={s.error ?? undefined} />
        <div className={styles.row}>
          {QUOTE_STATUSES.map((st) => (
            <TextField
              key={st}
              label={`${st[0]!.toUpperCase()}${st.slice(1)} (%)`}
              name={st}
              inputMode="numeric"
              value={values[st]}
              isReadOnly={readOnly}
              onChange={(v) => {
                setValues({ ...values, [st]: v });
                s.changed(st);
              }}
              errorMessage={s.fields[st]}
            />
          ))}
        </div>
        <button type="submit" hidden />
      </Form>
    </Card>
  );
}

function Settings() {
  const screen = useActorRef(salesSettingsMachine);
  const query = useSelector(screen, selectSettingsQuery);
  const loaded = useSelector(query, (s) => s.context.data);
  const saved = useSelector(screen, selectSaved);
  const data = saved ?? loaded;
  const error = useSelector(query, (s) => s.context.error);
  const isManager = useIsManager();
  const version = useSelector(screen, selectVersion);
  const months = recentMonths();
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
          <Targets settings={data} readOnly={!isManager} screen={screen} />
          <Spend settings={data} months={months} readOnly={!isManager} screen={screen} />
          <div className={styles.grid2}>
            <Channels settings={data} readOnly={!isManager} screen={screen} />
            <Probabilities settings={data} readOnly={!isManager} screen={screen} />
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

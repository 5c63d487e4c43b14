/**
 * A QA item's runs with their test cases: the history of who tested which case with what result and
 * when, and for the run under way, adding and taking out cases and recording each case's result.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '@contracts/common/constants';
import { QA_CASE_RESULT_LABELS, type QaCaseResult, type QaItemView, type QaResult, type QaRun, type QaRunCase } from '@contracts/quality';
import { activeCasesMachine, type caseResultMachine, type runCaseMachine } from '../machines/quality.machines';
import { selectCaseResultForm, selectRunCaseForm, type QaScreenActor } from '../machines/qa-screen.machine';
import styles from './quality.module.css';
import { inspection } from '@/shared/inspection';
import { Badge, Button, DateTime, Form, FormErrorBanner, Radio, RadioGroup, Select, TextArea, type BadgeTone } from '@/shared/ui/components';

const RESULT_LABELS: Record<QaResult, string> = { pass: 'Pass', fail: 'Fail', blocked: 'Blocked' };
const RESULT_TONES: Record<QaResult, BadgeTone> = { pass: 'success', fail: 'danger', blocked: 'warning' };
const CASE_TONES: Record<QaCaseResult, BadgeTone> = { pass: 'success', fail: 'danger', blocked: 'warning', skipped: 'neutral' };

function CaseLine({ c, underWay, onRemove, removing }: { c: QaRunCase; underWay: boolean; onRemove: () => void; removing: boolean }) {
  return (
    <li className={styles.caseLine}>
      <div className={styles.meta}>
        {c.result ? <Badge tone={CASE_TONES[c.result]}>{QA_CASE_RESULT_LABELS[c.result]}</Badge> : <Badge tone="neutral" variant="outline">{underWay ? 'To test' : 'Not run'}</Badge>}
        <strong>{c.title}</strong>
        <span>{c.product_area}</span>
        {c.recorded_by && c.recorded_at ? (
          <span>
            {c.recorded_by}, <DateTime value={c.recorded_at} />
          </span>
        ) : null}
        {underWay && !c.result ? (
          <Button size="sm" variant="quiet" aria-label={`Take “${c.title}” out of the run`} isDisabled={removing} onPress={onRemove}>
            Take out
          </Button>
        ) : null}
      </div>
      {c.note ? <p className={styles.text}>{c.note}</p> : null}
    </li>
  );
}

/** The run under way: add an active case (of any area), record a case's result with a note. */
function RunUnderWay({ item, run, cases, record }: { item: QaItemView; run: QaRun; cases: ActorRefFrom<typeof runCaseMachine>; record: ActorRefFrom<typeof caseResultMachine> }) {
  const active = useActorRef(activeCasesMachine, { input: {}, inspect: inspection.inspect });
  const all = useSelector(active, (s) => s.context.data?.cases ?? []);
  const inRun = new Set(run.cases.map((c) => c.case_id));
  const addable = all.filter((c) => !inRun.has(c.id)).map((c) => ({ id: c.id, label: `${c.title} (${c.product_area})` }));
  const [toAdd, setToAdd] = useState<number | null>(null);
  const adding = useSelector(cases, (s) => s.hasTag('busy'));
  const addError = useSelector(cases, (s) => s.context.fieldErrors.caseId ?? s.context.error);

  const [caseId, setCaseId] = useState<number | null>(null);
  const [result, setResult] = useState<QaCaseResult | null>(null);
  const [note, setNote] = useState('');
  const fields = useSelector(record, (s) => s.context.fieldErrors);
  const error = useSelector(record, (s) => s.context.error);
  const refusals = useSelector(record, (s) => s.context.refusals);
  const busy = useSelector(record, (s) => s.hasTag('busy'));
  const change = (field: string) => record.send({ type: 'form.change', field });
  return (
    <>
      <div className={styles.addCase}>
        <Select
          label="Add a test case"
          name="addCase"
          placeholder={addable.length ? 'Pick a case…' : 'No other active case'}
          items={addable}
          selectedKey={toAdd}
          onSelectionChange={(k) => setToAdd(k === null ? null : Number(k))}
          isDisabled={!addable.length}
          errorMessage={addError ?? undefined}
        />
        <Button
          variant="secondary"
          isPending={adding}
          isDisabled={toAdd === null}
          onPress={() => {
            if (toAdd !== null) cases.send({ type: 'form.submit', input: { kind: 'add', id: item.id, caseId: toAdd, version: item.version } });
            setToAdd(null);
          }}
        >
          Add to the run
        </Button>
      </div>
      {run.cases.length ? (
        <Form
          className={styles.form}
          aria-label="Record a case"
          refusals={refusals}
          onSubmit={(e) => {
            e.preventDefault();
            record.send({ type: 'form.submit', input: { id: item.id, caseId, input: { ...(result ? { result } : {}), ...(note.trim() ? { note } : {}), version: item.version } as { result: QaCaseResult; version: number } } });
          }}
        >
          <FormErrorBanner title={error ?? undefined} errors={[]} />
          <Select
            label="Case"
            name="caseId"
            placeholder="Pick the case…"
            items={run.cases.map((c) => ({ id: c.case_id, label: c.result ? `${c.title} (${QA_CASE_RESULT_LABELS[c.result].toLowerCase()})` : c.title }))}
            selectedKey={caseId}
            onSelectionChange={(k) => {
              setCaseId(k === null ? null : Number(k));
              change('caseId');
            }}
            errorMessage={fields.caseId}
          />
          <RadioGroup
            label="Case result"
            name="caseResult"
            orientation="horizontal"
            value={result}
            onChange={(v) => {
              setResult(v as QaCaseResult);
              change('result');
            }}
            errorMessage={fields.result}
          >
            {(Object.keys(QA_CASE_RESULT_LABELS) as QaCaseResult[]).map((r) => (
              <Radio key={r} value={r}>
                {QA_CASE_RESULT_LABELS[r]}
              </Radio>
            ))}
          </RadioGroup>
          <TextArea
            label="Case note"
            name="note"
            value={note}
            onChange={(v) => {
              setNote(v);
              change('note');
            }}
            description="A failed or blocked case needs what happened."
            errorMessage={fields.note}
            maxLength={LIMITS.text}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" isPending={busy}>
              Record the case
            </Button>
          </div>
        </Form>
      ) : null}
    </>
  );
}

/** The item's runs, each with its cases; the run under way can add, take out and record cases. */
export function QaRuns({ item, screen }: { item: QaItemView; screen: QaScreenActor }) {
  const cases = useSelector(screen, selectRunCaseForm);
  const record = useSelector(screen, selectCaseResultForm);
  const removing = useSelector(cases, (s) => s.hasTag('busy'));
  const last = item.runs.at(-1);
  const underWay = item.status === 'testing' && last && !last.finished_at ? last : null;
  return (
    <section aria-labelledby="qa-runs">
      <h3 id="qa-runs" className={styles.heading}>
        Runs
      </h3>
      {item.runs.length ? (
        <ol className={styles.runs}>
          {item.runs.map((r, i) => (
            <li key={r.id}>
              <div className={styles.meta}>
                <strong>Run {i + 1}</strong>
                {r.result ? <Badge tone={RESULT_TONES[r.result]}>{RESULT_LABELS[r.result]}</Badge> : <Badge tone="info">Under test</Badge>}
                <span>{r.tester}</span>
                <DateTime value={r.finished_at ?? r.started_at} />
              </div>
              {r.notes ? <p className={styles.text}>{r.notes}</p> : null}
              {r.cases.length ? (
                <ul className={styles.cases} aria-label={`Test cases of run ${i + 1}`}>
                  {r.cases.map((c) => (
                    <CaseLine
                      key={c.case_id}
                      c={c}
                      underWay={r === underWay}
                      removing={removing}
                      onRemove={() => cases.send({ type: 'form.submit', input: { kind: 'remove', id: item.id, caseId: c.case_id, version: item.version } })}
                    />
                  ))}
                </ul>
              ) : r === underWay ? (
                <p className={styles.muted}>No test case in this run yet: add the cases you test.</p>
              ) : null}
              {r === underWay ? <RunUnderWay key={item.version} item={item} run={r} cases={cases} record={record} /> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.muted}>Nobody has tested it yet.</p>
      )}
    </section>
  );
}

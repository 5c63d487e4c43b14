import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { CHANGE_LIMITS, RISK_OWNER_AWAY_POINTS, SCR_CHART, preApprovedNote, type ChangeView, type ScrStatus, type TransitionInput } from '@contracts/changes';
import { LIMITS } from '@contracts/common/constants';
import type { moveMachine, MoveSubmission } from '../machines/changes.machines';
import { DialogForm, EstimateField, RiskFields, planDraftOf, planInputOf, type PlanDraft } from './parts';
import { StaffPicker } from '@/shared/pickers';
import { Alert, Checkbox, DatePicker, TextArea } from '@/shared/ui/components';

/** What each move's button and dialog say. */
export const MOVE_TEXTS: Record<ScrStatus, { action: string; title: string; intro?: string }> = {
  submitted: { action: 'Submit', title: 'Submit' },
  under_review: { action: 'Start review', title: 'Start the review', intro: 'Pick who reviews and estimates the change.' },
  approved: {
    action: 'Send for approval',
    title: 'Estimate and send for approval',
    intro: 'The company’s account manager approves it (and a manager when the risk is above 6). An emergency change is approved at once and reviewed afterwards.',
  },
  in_development: { action: 'Start development', title: 'Start development', intro: 'A project is created for the change, with these tasks on its board.' },
  in_qa: { action: 'Send to QA', title: 'Send to Quality Assurance', intro: 'The change joins the QA queue; a failed test returns it to development.' },
  released: { action: 'Release', title: 'Release the change', intro: 'The client reads the release note on their change request.' },
  rejected: { action: 'Reject', title: 'Reject the change request', intro: 'The client reads the reason.' },
};


type Draft = PlanDraft & {
  ownerId: number | null;
  ownerName: string | null;
  implementationPlan: string;
  rollbackPlan: string;
  billable: boolean;
  emergency: boolean;
  justification: string;
  tasks: string;
  releaseNote: string;
  reason: string;
  targetDate: string | null;
};

const draftOf = (scr: ChangeView): Draft => ({
  ownerId: scr.owner_id,
  ownerName: scr.owner,
  ...planDraftOf(scr.risk_inputs, scr.estimate_hours),
  implementationPlan: scr.implementation_plan ?? '',
  rollbackPlan: scr.rollback_plan ?? '',
  billable: scr.billable,
  emergency: false,
  justification: '',
  tasks: '',
  releaseNote: '',
  reason: '',
  targetDate: scr.target_date,
});

/** What the move sends: the chart's fields of this move, from what was typed (an empty field is left out, so it is named as missing). */
function inputOf(to: ScrStatus, version: number, d: Draft): TransitionInput {
  const text = (v: string) => (v.trim() ? v : undefined);
  const base: TransitionInput = { to, version };
  const planned = d.targetDate ? { targetDate: d.targetDate } : {};
  switch (to) {
    case 'under_review':
      return { ...base, ...(d.ownerId ? { ownerId: d.ownerId } : {}), ...planned };
    case 'approved':
      return {
        ...base,
        ...planned,
        ...planInputOf(d),
        implementationPlan: text(d.implementationPlan),
        rollbackPlan: text(d.rollbackPlan),
        billable: d.billable,
        ...(d.emergency ? { emergency: true, justification: text(d.justification) } : {}),
      };
    case 'in_development': {
      const tasks = d.tasks.split('\n').map((t) => t.trim()).filter(Boolean);
      return { ...base, ...(tasks.length ? { tasks } : {}) };
    }
    case 'released':
      return { ...base, releaseNote: text(d.releaseNote) };
    case 'rejected':
      return { ...base, reason: text(d.reason) };
    default:
      return base;
  }
}

/**
 * A move's fields (the chart's required ones, and the optional ones of that move), checked against
 * the move's schema before it is sent; the server's 400 shows beside each field and a 409 above them.
 * What was typed stays through a refused save.
 */
export function MoveForm({ scr, to, form, onCancel }: { scr: ChangeView; to: ScrStatus; form: ActorRefFrom<typeof moveMachine>; onCancel: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(scr));
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const submission = (d: Draft): MoveSubmission => ({ id: scr.id, from: scr.status, input: inputOf(to, scr.version, d) });
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.send({ type: 'form.change', field });
  };
  const required = new Set(SCR_CHART[scr.status][to]?.required ?? []);
  const target = (description: string) => (
    <DatePicker
      label="Target date (optional)"
      name="targetDate"
      value={draft.targetDate}
      onChange={(targetDate) => change({ targetDate }, 'targetDate')}
      description={description}
      errorMessage={fields.targetDate}
    />
  );
  const long = (field: 'implementationPlan' | 'rollbackPlan' | 'justification' | 'releaseNote' | 'reason', label: string, description?: string) => (
    <TextArea
      label={label}
      name={field}
      isRequired
      value={draft[field]}
      onChange={(v) => change({ [field]: v }, field)}
      description={description}
      errorMessage={fields[field]}
      maxLength={LIMITS.text}
    />
  );

  return (
    <DialogForm
      label={MOVE_TEXTS[to].title}
      error={error}
      refusals={refusals}
      busy={busy}
      intro={MOVE_TEXTS[to].intro}
      submitLabel={MOVE_TEXTS[to].action}
      submitVariant={to === 'rejected' ? 'danger' : 'primary'}
      onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: submission(draft) })}
      onSubmit={() => form.send({ type: 'form.submit', input: submission(draft) })}
      onCancel={onCancel}
    >
      {to === 'approved' && scr.template_pre_approved ? (
        <Alert tone="info" title={preApprovedNote(scr.template_name ?? '')}>
          Approved at once while its implementation plan, rollback plan and risk stay the template’s; a change to them sends it to the advisory step.
        </Alert>
      ) : null}
      {to === 'under_review' ? (
        <div data-field="ownerId">
          <StaffPicker
            label="Owner"
            description="Who reviews, estimates and sees the change through."
            value={draft.ownerId}
            valueName={draft.ownerName ?? undefined}
            onChange={(id, name) => change({ ownerId: id, ownerName: name }, 'ownerId')}
            errorMessage={fields.ownerId}
          />
        </div>
      ) : null}
      {to === 'under_review' ? target('When the change is planned to be released; it shows on the change calendar.') : null}
      {to === 'approved' ? (
        <>
          <EstimateField draft={draft} fields={fields} onChange={change} isRequired={required.has('estimateHours')} />
          {long('implementationPlan', 'Implementation plan', 'How the change will be made.')}
          {long('rollbackPlan', 'Rollback plan', 'How the change is undone if it goes wrong.')}
          {target('The planned release, now that the change is estimated; it shows on the change calendar.')}
          <RiskFields
            draft={draft}
            fields={fields}
            onChange={change}
            impactDescription="How many people the change affects."
            note={`The score gains ${RISK_OWNER_AWAY_POINTS} when the owner has leave, approved or pending, on the target date.`}
          />
          <Checkbox isSelected={draft.billable} onChange={(billable) => change({ billable }, 'billable')}>
            Billable: a draft quote is made when it is approved, and development waits for the client to accept it
          </Checkbox>
          <Checkbox isSelected={draft.emergency} onChange={(emergency) => change({ emergency }, 'emergency')}>
            Emergency change: approve now without the advisory step (managers and admins)
          </Checkbox>
          {draft.emergency ? long('justification', 'Justification', 'Why this change cannot wait for the advisory step.') : null}
          {fields.emergency ? <Alert tone="danger" title={fields.emergency} /> : null}
        </>
      ) : null}
      {to === 'in_development' ? (
        <TextArea
          label="Tasks (optional)"
          name="tasks"
          value={draft.tasks}
          onChange={(tasks) => change({ tasks }, 'tasks')}
          description={`One task a line, at most ${CHANGE_LIMITS.tasksMax}; none gives one task to build and test the change.`}
          errorMessage={fields.tasks ?? Object.entries(fields).find(([k]) => k.startsWith('tasks.'))?.[1]}
        />
      ) : null}
      {to === 'released' ? long('releaseNote', 'Release note', 'What changed, in the client’s words.') : null}
      {to === 'rejected' ? long('reason', 'Reason', 'Why the change will not be made; the client reads it.') : null}
    </DialogForm>
  );
}

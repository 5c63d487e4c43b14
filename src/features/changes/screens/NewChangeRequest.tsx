import { useSelector } from '@xstate/react';
import { Suspense, useState, type Key } from 'react';
import { SCR_PRIORITIES, type ChangeTemplate, type ScrPriority } from '@contracts/changes';
import { LIMITS } from '@contracts/common/constants';
import { selectNewScrForm, type ChangeTemplatesActor, type NewScrInput, type TemplatesQueryActor } from '../machines/changes.machines';
import { DialogForm, PRIORITY_LABELS } from './parts';
import { CompanyPicker } from '@/shared/pickers';
import { Select, Skeleton, TextArea, TextField } from '@/shared/ui/components';

type Draft = { companyId: number | null; companyName: string | null; templateId: number | null; title: string; description: string; businessReason: string; priority: ScrPriority };
const EMPTY: Draft = { companyId: null, companyName: null, templateId: null, title: '', description: '', businessReason: '', priority: 'medium' };
const NO_TEMPLATE = 'none';
const priorities = SCR_PRIORITIES.map((p) => ({ id: p, label: PRIORITY_LABELS[p] }));

const inputOf = (d: Draft): NewScrInput =>
  ({
    ...(d.companyId ? { companyId: d.companyId } : {}),
    ...(d.templateId ? { templateId: d.templateId } : {}),
    title: d.title,
    description: d.description,
    ...(d.businessReason.trim() ? { businessReason: d.businessReason } : {}),
    priority: d.priority,
  }) as NewScrInput;

/**
 * A change request staff raise for a company. Picking a standard change template fills the title and
 * description here, and the SCR takes the template's plans, risk and estimate.
 */
export default function NewChangeRequest({ screen, templates }: { screen: ChangeTemplatesActor; templates: TemplatesQueryActor | undefined }) {
  const form = useSelector(screen, selectNewScrForm);
  const all = useSelector(templates, (s) => s?.context.data);
  const live = (all ?? []).filter((t: ChangeTemplate) => t.retired_at === null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.send({ type: 'form.change', field });
  };
  const pickTemplate = (key: Key | null) => {
    const t = live.find((x) => x.id === Number(key));
    change(t ? { templateId: t.id, title: t.title, description: t.description } : { templateId: null }, 'templateId');
  };
  const options = [{ id: NO_TEMPLATE, label: 'None: describe the change' }, ...live.map((t) => ({ id: String(t.id), label: t.name, description: t.pre_approved ? 'Pre-approved' : (t.product_area ?? undefined) }))];
  const chosen = live.find((t) => t.id === draft.templateId);
  return (
    <DialogForm
      label="New change request"
      error={error}
      refusals={refusals}
      busy={busy}
      submitLabel="Raise the change request"
      onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: inputOf(draft) })}
      onSubmit={() => form.send({ type: 'form.submit', input: inputOf(draft) })}
      onCancel={() => screen.send({ type: 'scr.close' })}
    >
      <div data-field="companyId">
        <Suspense fallback={<Skeleton height="3.5rem" />}>
          <CompanyPicker label="Company" value={draft.companyId} valueName={draft.companyName ?? undefined} onChange={(companyId, companyName) => change({ companyId, companyName }, 'companyId')} placeholder="Search companies" errorMessage={fields.companyId} />
        </Suspense>
      </div>
      <Select
        label="Standard change template (optional)"
        name="templateId"
        items={options}
        value={draft.templateId ? String(draft.templateId) : NO_TEMPLATE}
        onChange={pickTemplate}
        description={chosen ? `Its plans, risk and estimate (${chosen.estimate_hours} h) are filled in${chosen.pre_approved ? '; pre-approved while they are kept' : ''}.` : 'A template fills in the title, description, plans, risk and estimate.'}
        errorMessage={fields.templateId}
      />
      <TextField label="Title" name="title" isRequired value={draft.title} maxLength={LIMITS.title} onChange={(title) => change({ title }, 'title')} errorMessage={fields.title} />
      <TextArea label="Description" name="description" isRequired rows={4} value={draft.description} maxLength={LIMITS.text} onChange={(description) => change({ description }, 'description')} errorMessage={fields.description} />
      <TextArea label="Business reason (optional)" name="businessReason" rows={2} value={draft.businessReason} maxLength={LIMITS.text} onChange={(businessReason) => change({ businessReason }, 'businessReason')} errorMessage={fields.businessReason} />
      <Select label="Priority" name="priority" items={priorities} value={draft.priority} onChange={(k: Key | null) => change({ priority: (k as ScrPriority) ?? 'medium' }, 'priority')} errorMessage={fields.priority} />
    </DialogForm>
  );
}

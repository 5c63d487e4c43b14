import { useSelector } from '@xstate/react';
import { useContext, useState } from 'react';
import { TEMPLATE_LIMITS, TEMPLATE_ROLES, riskScore, type ChangeTemplate, type TemplateInput } from '@contracts/changes';
import { LIMITS } from '@contracts/common/constants';
import { selectEditing, selectSaveForm, type ChangeTemplatesActor, type TemplatesQueryActor } from '../machines/changes.machines';
import { DialogForm, EstimateField, LEVEL_LABELS, RiskBadge, RiskFields, planDraftOf, planInputOf, type PlanDraft } from './parts';
import styles from './changes.module.css';
import { StaffRoleContext } from '@/shared/session/role';
import { Badge, Button, Card, DateTime, Dialog, QueryView, SkeletonCard, Switch, TextArea, TextField } from '@/shared/ui/components';

type Draft = Omit<TemplateInput, 'risk' | 'estimateHours' | 'productArea' | 'preApproved'> &
  PlanDraft & {
    productArea: string;
    preApproved: boolean;
  };

const draftOf = (t: ChangeTemplate | null): Draft => ({
  name: t?.name ?? '',
  productArea: t?.product_area ?? '',
  title: t?.title ?? '',
  description: t?.description ?? '',
  implementationPlan: t?.implementation_plan ?? '',
  rollbackPlan: t?.rollback_plan ?? '',
  ...planDraftOf(t?.risk_inputs, t?.estimate_hours),
  preApproved: t?.pre_approved ?? false,
});

/** What a template's save sends (an empty product area is left out; missing ratings are named by the schema). */
const inputOf = (d: Draft): TemplateInput =>
  ({
    name: d.name,
    ...(d.productArea.trim() ? { productArea: d.productArea } : {}),
    title: d.title,
    description: d.description,
    implementationPlan: d.implementationPlan,
    rollbackPlan: d.rollbackPlan,
    ...planInputOf(d),
    preApproved: d.preApproved,
  }) as TemplateInput;

/** A template's fields, checked by the endpoint's schema before they are sent; the server's 400 shows beside each, a 409 above them. */
function TemplateForm({ template, screen }: { template: ChangeTemplate | null; screen: ChangeTemplatesActor }) {
  const form = useSelector(screen, selectSaveForm);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const submission = (d: Draft) => ({ id: template?.id ?? null, version: template?.version ?? 1, input: inputOf(d) });
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.send({ type: 'form.change', field });
  };
  const text = (field: 'name' | 'productArea' | 'title', label: string, max: number, isRequired = true) => (
    <TextField label={label} name={field} isRequired={isRequired} value={draft[field]} maxLength={max} onChange={(v) => change({ [field]: v }, field)} errorMessage={fields[field]} />
  );
  const long = (field: 'description' | 'implementationPlan' | 'rollbackPlan', label: string, description: string) => (
    <TextArea label={label} name={field} isRequired rows={3} value={draft[field]} maxLength={LIMITS.text} description={description} onChange={(v) => change({ [field]: v }, field)} errorMessage={fields[field]} />
  );
  return (
    <DialogForm
      label={template ? `Change the template “${template.name}”` : 'New standard change template'}
      error={error}
      refusals={refusals}
      busy={busy}
      intro="Staff raise a change request from it with these plans, risk and estimate filled in."
      submitLabel={template ? 'Save template' : 'Add template'}
      onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: submission(draft) })}
      onSubmit={() => form.send({ type: 'form.submit', input: submission(draft) })}
      onCancel={() => screen.send({ type: 'template.close' })}
    >
      <div className={styles.pair}>
        {text('name', 'Name', TEMPLATE_LIMITS.nameMax)}
        {text('productArea', 'Product area (optional)', TEMPLATE_LIMITS.productAreaMax, false)}
      </div>
      {text('title', 'Title of the change', LIMITS.title)}
      {long('description', 'Description', 'What the change is, in the client’s words.')}
      {long('implementationPlan', 'Implementation plan', 'How the change is made.')}
      {long('rollbackPlan', 'Rollback plan', 'How the change is undone if it goes wrong.')}
      <RiskFields draft={draft} fields={fields} onChange={change} />
      <EstimateField draft={draft} fields={fields} onChange={change} isRequired />
      <Switch isSelected={draft.preApproved} onChange={(preApproved) => change({ preApproved }, 'preApproved')}>
        Pre-approved: its changes skip the change-advisory step while they keep this plan
      </Switch>
    </DialogForm>
  );
}

function TemplateRow({ t, canKeep, screen }: { t: ChangeTemplate; canKeep: boolean; screen: ChangeTemplatesActor }) {
  const live = t.retired_at === null;
  return (
    <li className={styles.template}>
      <div className={styles.templateHead}>
        <strong>{t.name}</strong>
        {t.product_area ? <span className={styles.muted}>{t.product_area}</span> : null}
        {live ? null : <Badge>Retired</Badge>}
        {live && t.pre_approved ? <Badge tone="success">Pre-approved</Badge> : null}
      </div>
      <p className={styles.text}>{t.title}</p>
      <div className={styles.meta}>
        <span>Estimate {t.estimate_hours} h</span>
        <span>
          Risk <RiskBadge score={riskScore(t.risk_inputs)} />
        </span>
        <span>
          {LEVEL_LABELS[t.risk_inputs.impact]} impact, {LEVEL_LABELS[t.risk_inputs.complexity].toLowerCase()} complexity
        </span>
        {live ? null : (
          <span>
            retired <DateTime value={t.retired_at!} />
          </span>
        )}
      </div>
      {canKeep && live ? (
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" onPress={() => screen.send({ type: 'template.edit', template: t })} aria-label={`Edit ${t.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="secondary" onPress={() => screen.send({ type: 'template.retire', template: t })} aria-label={`Retire ${t.name}`}>
            Retire
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The list page's Templates view: every standard change template; managers and admins keep them. */
export default function ChangeTemplates({ templates, screen }: { templates: TemplatesQueryActor | undefined; screen: ChangeTemplatesActor }) {
  const role = useContext(StaffRoleContext) ?? 'user';
  const canKeep = TEMPLATE_ROLES.includes(role);
  const editing = useSelector(screen, selectEditing);
  return (
    <div className={styles.calendar}>
      <Card
        title="Standard change templates"
        headingLevel={2}
        actions={
          canKeep ? (
            <Button size="sm" variant="primary" onPress={() => screen.send({ type: 'template.new' })}>
              New template
            </Button>
          ) : null
        }
      >
        <p className={styles.intro}>Changes made often, written once. A pre-approved template’s changes skip the change-advisory step while they keep its plan; they still go through QA and get a release note.</p>
        {templates ? (
          <QueryView actor={templates} errorFallback="The templates could not be loaded" loading={<SkeletonCard label="Loading the templates" />} empty={<p className={styles.muted}>No templates yet.</p>}>
            {(list) => (
              <ul className={styles.templates} aria-label="Standard change templates">
                {list.map((t) => (
                  <TemplateRow key={t.id} t={t} canKeep={canKeep} screen={screen} />
                ))}
              </ul>
            )}
          </QueryView>
        ) : (
          <Button size="sm" variant="secondary" onPress={() => screen.send({ type: 'templates.show' })}>
            Show the templates
          </Button>
        )}
      </Card>
      <Dialog isOpen={editing !== null} onOpenChange={(open) => (open ? undefined : screen.send({ type: 'template.close' }))} title={editing?.template ? 'Change the template' : 'New standard change template'} size="md">
        {editing ? <TemplateForm key={editing.template?.id ?? 'new'} template={editing.template} screen={screen} /> : null}
      </Dialog>
    </div>
  );
}

import type { FormEvent, Key, ReactNode } from 'react';
import { CHANGE_LIMITS, HIGH_RISK_ABOVE, RISK_LEVELS, SCR_STATUS_LABELS, riskScore, type RiskInputs, type ScrPriority, type ScrStatus } from '@contracts/changes';
import styles from './changes.module.css';
import { Badge, Button, Checkbox, Form, FormErrorBanner, NumberField, Select, type BadgeTone } from '@/shared/ui/components';

const STATUS_TONES: Record<ScrStatus, BadgeTone> = {
  submitted: 'neutral',
  under_review: 'info',
  approved: 'brand',
  in_development: 'warning',
  in_qa: 'info',
  released: 'success',
  rejected: 'danger',
};
export function ScrStatusBadge({ status }: { status: ScrStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SCR_STATUS_LABELS[status]}</Badge>;
}

export const PRIORITY_LABELS: Record<ScrPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
const PRIORITY_TONES: Record<ScrPriority, BadgeTone> = { low: 'success', medium: 'warning', high: 'danger', critical: 'danger' };
export function ScrPriorityBadge({ priority }: { priority: ScrPriority }) {
  return (
    <Badge tone={PRIORITY_TONES[priority]} variant={priority === 'critical' ? 'solid' : 'subtle'}>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** The risk score with its level: above HIGH_RISK_ABOVE is high (a manager approves it too). */
export function RiskBadge({ score }: { score: number | null }) {
  if (score === null) return <span aria-label="Not rated">—</span>;
  const high = score > HIGH_RISK_ABOVE;
  return (
    <Badge tone={high ? 'danger' : score > HIGH_RISK_ABOVE / 2 ? 'warning' : 'success'} title={high ? 'High risk: a manager approves it too' : undefined}>
      {score}
      {high ? ' · high' : ''}
    </Badge>
  );
}

export const LEVEL_LABELS: Record<RiskInputs['impact'], string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const levels = RISK_LEVELS.map((l) => ({ id: l, label: LEVEL_LABELS[l] }));

export type DialogFormProps = {
  /** The form's name (the dialog's title). */
  label: string;
  /** What the form machine says of the last save: its message for no field, and its refusals (focus follows them). */
  error: string | null;
  refusals: number;
  busy: boolean;
  intro?: ReactNode;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  onSubmit: () => void;
  onCancel: () => void;
  onFieldBlur?: (field: string) => void;
  children: ReactNode;
};

/**
 * The rows every dialog of a change request or template repeats: the form with its error banner
 * and intro, the fields, then Cancel and the action.
 */
export function DialogForm({ label, error, refusals, busy, intro, submitLabel, submitVariant = 'primary', onSubmit, onCancel, onFieldBlur, children }: DialogFormProps) {
  return (
    <Form
      className={styles.form}
      aria-label={label}
      refusals={refusals}
      onFieldBlur={onFieldBlur}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <FormErrorBanner title={error ?? undefined} errors={[]} />
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={submitVariant} isPending={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** A change's risk and estimate as a form holds them (a template's, or a change's sent for approval): no rating picked yet is null, no estimate NaN. */
export type PlanDraft = {
  impact: RiskInputs['impact'] | null;
  complexity: RiskInputs['complexity'] | null;
  touchesData: boolean;
  downtime: boolean;
  estimateHours: number;
};
/** The form's risk and estimate from what is stored (none yet: empty). */
export const planDraftOf = (risk: RiskInputs | null | undefined, estimateHours: number | null | undefined): PlanDraft => ({
  impact: risk?.impact ?? null,
  complexity: risk?.complexity ?? null,
  touchesData: risk?.touchesData ?? false,
  downtime: risk?.downtime ?? false,
  estimateHours: estimateHours ?? NaN,
});
/** The risk once both ratings are picked, or null (the schema then names the missing one). */
export const riskOf = (d: PlanDraft): RiskInputs | null => (d.impact && d.complexity ? { impact: d.impact, complexity: d.complexity, touchesData: d.touchesData, downtime: d.downtime } : null);
/** What a form sends of its risk and estimate: each only when it is there. */
export function planInputOf(d: PlanDraft): { risk?: RiskInputs; estimateHours?: number } {
  const risk = riskOf(d);
  return { ...(risk ? { risk } : {}), ...(Number.isFinite(d.estimateHours) ? { estimateHours: d.estimateHours } : {}) };
}

type PlanFieldProps = {
  draft: PlanDraft;
  fields: Record<string, string>;
  /** A field changed (its form's message for `field` goes). */
  onChange: (patch: Partial<PlanDraft>, field: 'risk' | 'estimateHours') => void;
};

/** The risk's field rows: impact and complexity, the two flags and the score they make, with a note below when given. */
export function RiskFields({ draft, fields, onChange, impactDescription, note }: PlanFieldProps & { impactDescription?: string; note?: string }) {
  const score = riskOf(draft);
  return (
    <fieldset className={styles.fieldset} data-field="risk">
      <legend>Risk{score ? `: ${riskScore(score)}` : ''}</legend>
      <div className={styles.pair}>
        <Select
          label="Impact"
          name="risk.impact"
          isRequired
          items={levels}
          value={draft.impact}
          onChange={(k: Key | null) => onChange({ impact: (k as RiskInputs['impact']) ?? null }, 'risk')}
          description={impactDescription}
          errorMessage={fields['risk.impact']}
        />
        <Select
          label="Complexity"
          name="risk.complexity"
          isRequired
          items={levels}
          value={draft.complexity}
          onChange={(k: Key | null) => onChange({ complexity: (k as RiskInputs['complexity']) ?? null }, 'risk')}
          errorMessage={fields['risk.complexity']}
        />
      </div>
      <Checkbox isSelected={draft.touchesData} onChange={(touchesData) => onChange({ touchesData }, 'risk')}>
        Touches stored data
      </Checkbox>
      <Checkbox isSelected={draft.downtime} onChange={(downtime) => onChange({ downtime }, 'risk')}>
        Needs downtime
      </Checkbox>
      {note ? <p className={styles.muted}>{note}</p> : null}
      {fields.risk ? (
        <p className={styles.fieldError} role="alert">
          {fields.risk}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The estimate in hours (half hours), up to the change limit. */
export function EstimateField({ draft, fields, onChange, isRequired }: PlanFieldProps & { isRequired: boolean }) {
  return (
    <NumberField
      label="Estimate (hours)"
      name="estimateHours"
      isRequired={isRequired}
      value={draft.estimateHours}
      minValue={0}
      maxValue={CHANGE_LIMITS.estimateHoursMax}
      step={0.5}
      onChange={(n) => onChange({ estimateHours: n }, 'estimateHours')}
      errorMessage={fields.estimateHours}
    />
  );
}

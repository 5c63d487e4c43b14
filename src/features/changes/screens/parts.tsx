import type { FormEvent, ReactNode } from 'react';
import { HIGH_RISK_ABOVE, RISK_LEVELS, SCR_STATUS_LABELS, type RiskInputs, type ScrPriority, type ScrStatus } from '@contracts/changes';
import styles from './changes.module.css';
import { Badge, Button, Form, FormErrorBanner, type BadgeTone } from '@/shared/ui/components';

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

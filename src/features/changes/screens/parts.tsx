import { HIGH_RISK_ABOVE, SCR_STATUS_LABELS, type ScrPriority, type ScrStatus } from '@contracts/changes';
import { Badge, type BadgeTone } from '@/shared/ui/components';

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

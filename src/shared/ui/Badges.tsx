import { severityColor, severityLabel, statusLabel } from '@contracts/common/codes';

export function StatusBadge({ code }: { code: string | null | undefined }) {
  return <span className="badge badge-status">{statusLabel(code)}</span>;
}

export function SeverityBadge({ code }: { code: string | null | undefined }) {
  return <span className={`badge badge-${severityColor(code)}`}>{severityLabel(code)}</span>;
}

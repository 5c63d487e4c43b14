import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@contracts/quotes';
import { Badge, type BadgeTone } from '@/shared/ui/components';

const TONE: Record<QuoteStatus, BadgeTone> = { draft: 'neutral', sent: 'info', accepted: 'success', declined: 'danger', expired: 'warning' };

/** A quote's status as a badge: the text says it, the colour helps. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={TONE[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}


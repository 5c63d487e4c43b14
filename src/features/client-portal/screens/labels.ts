import type { PaperOrder, Scr } from '@contracts/client-portal';
import type { BadgeTone } from '@/shared/ui/components';

/** Words and badge tones of the portal's own states (paper orders, change requests). */
export const PAPER_STATUS_LABELS: Record<PaperOrder['status'], string> = { received: 'Received', processing: 'Processing', shipped: 'Shipped' };
export const PAPER_STATUS_TONES: Record<PaperOrder['status'], BadgeTone> = { received: 'info', processing: 'warning', shipped: 'success' };
export const SCR_PRIORITY_LABELS: Record<Scr['priority'], string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
export const SCR_PRIORITY_TONES: Record<Scr['priority'], BadgeTone> = { low: 'neutral', medium: 'info', high: 'warning', critical: 'danger' };
export const SCR_STATUS_TONES: Record<Scr['status'], BadgeTone> = {
  submitted: 'neutral',
  under_review: 'info',
  approved: 'brand',
  in_development: 'brand',
  in_qa: 'warning',
  released: 'success',
  rejected: 'danger',
};

/** Money in dollars from cents ("$12.50"). */
export const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

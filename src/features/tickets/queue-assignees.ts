/**
 * Who may take a ticket in a queue (docs/adr/0223, 0236), for the assignee pickers: the queue's rule
 * and the people without a valid certification of it today, read from the people feature's endpoint
 * (lazy ticket screens only: the first staff screen loads none of this), and the picker's options
 * with those people disabled and the reason beside their name.
 */
import type { Queue } from '@contracts/common/codes';
import { notCertifiedReason, PTO, type QueueAssignees } from '@contracts/people-schedule';
import { call } from '@/shared/http/http';
import { createQueryMachine } from '@/shared/machines/query.machine';
import type { Option } from '@/shared/ui/components';

/** The queue's rule and who holds no valid certification of it (query: the queue). */
export const queueAssigneesMachine = createQueryMachine('queueAssignees', (queue: Queue): Promise<QueueAssignees> => call(PTO.queueAssignees, { query: { queue } }));

/**
 * The assignee options with everyone not certified for the queue disabled, the reason as their
 * description; `current` (the assignee the ticket has now) stays pickable, as the rule guards only a
 * new assignment. Without a rule (or before it is read) the options are as given.
 */
export function certifiedOptions(options: readonly Option[], assignees: QueueAssignees | undefined, current: string | null = null): Option[] {
  if (!assignees?.certification) return [...options];
  const uncertified = new Set(assignees.uncertified.map(String));
  const reason = notCertifiedReason(assignees);
  return options.map((o) => (uncertified.has(String(o.id)) ? { ...o, description: reason, isDisabled: String(o.id) !== current } : o));
}

/** Code tables of the specification (section 4) and the ticket enumerations; no runtime dependencies. */

/** Ticket status codes of the specification (section 4). */
export const TICKET_STATUSES = { A: 'Active', C: 'Closed', WOP: 'Waiting On Programming', WOC: 'Waiting on Client', WOT: 'Waiting on Third Party' } as const;
export type TicketStatus = keyof typeof TICKET_STATUSES;
export const TICKET_STATUS_CODES = Object.keys(TICKET_STATUSES) as TicketStatus[];

/** Severity codes of the specification (section 4). */
export const SEVERITIES = { C: 'Critical', H: 'High', M: 'Medium', L: 'Low' } as const;
export type Severity = keyof typeof SEVERITIES;
export const SEVERITY_CODES = Object.keys(SEVERITIES) as Severity[];

/** What a person reads for a bad severity code: the screens call it Priority and name the choices. */
export const PRIORITY_MESSAGE = 'Priority must be Critical, High, Medium or Low';

export const UNKNOWN_LABEL = 'Unknown';
export type BadgeColor = 'red' | 'yellow' | 'green' | 'grey';

export function statusLabel(code: string | null | undefined): string {
  return (code && (TICKET_STATUSES as Record<string, string>)[code]) || UNKNOWN_LABEL;
}

export function severityLabel(code: string | null | undefined): string {
  return (code && (SEVERITIES as Record<string, string>)[code]) || UNKNOWN_LABEL;
}

/** Badge colours: red for C and H, yellow for M, green for L, grey otherwise. */
export function severityColor(code: string | null | undefined): BadgeColor {
  switch (code) {
    case 'C':
    case 'H':
      return 'red';
    case 'M':
      return 'yellow';
    case 'L':
      return 'green';
    default:
      return 'grey';
  }
}

export const QUEUES = ['Support', 'Programming', 'Managed Services', 'Sales', 'QA'] as const;
export type Queue = (typeof QUEUES)[number];
export const TICKET_SOURCES = ['staff', 'portal', 'phone', 'email'] as const;

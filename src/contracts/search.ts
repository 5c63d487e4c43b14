/**
 * Search everything: one query over tickets (number, title and text), companies, contacts,
 * projects and quotes, answered as groups of a few hits each (docs/adr/0119). Accent- and
 * case-blind like every server search (docs/adr/0118).
 */
import { TICKET_SEARCH } from './common/constants';
import { endpoint } from './common/endpoint';
import { safeText } from './common/input';
import { z } from './common/zod';

export const SEARCH_EVERYTHING = {
  /** The longest query: the ticket search's, since the palette's query is also a ticket search. */
  queryMax: TICKET_SEARCH.queryMax,
  /** Hits per group: enough to pick from, few enough to read at a glance. */
  perGroup: 5,
  /** How long the palette waits after the last key before it asks. */
  debounceMs: 150,
} as const;

/** The groups, in the order the palette shows them. */
export const SEARCH_GROUPS = ['tickets', 'companies', 'contacts', 'projects', 'quotes'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export const SEARCH_GROUP_LABELS: Record<SearchGroup, string> = {
  tickets: 'Tickets',
  companies: 'Companies',
  contacts: 'Contacts',
  projects: 'Projects',
  quotes: 'Quotes',
};

export const searchEverythingQuerySchema = z.strictObject({
  q: safeText('q must be text', 'q')
    .trim()
    .min(1, 'q must not be empty')
    .max(SEARCH_EVERYTHING.queryMax, `q must be at most ${SEARCH_EVERYTHING.queryMax} characters`),
});

export const searchHitSchema = z.object({
  /** The record's id (a contact's own id; it opens on its company's page). */
  id: z.number().int(),
  /** What the hit is called: "#1042 Printer jams", a company's name, a contact's name … */
  title: z.string(),
  /** One line that tells two hits of the same title apart (status and company, account number, email …). */
  detail: z.string(),
  /** The company page a contact opens on. */
  companyId: z.number().int().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchEverythingSchema = z.object({
  q: z.string(),
  groups: z.array(z.object({ group: z.enum(SEARCH_GROUPS), hits: z.array(searchHitSchema) })),
});
export type SearchEverything = z.infer<typeof searchEverythingSchema>;

export const SEARCH = {
  everything: endpoint({
    method: 'GET',
    path: '/api/v2/search',
    audience: 'staff',
    tag: 'Search',
    summary: 'Search tickets, companies, contacts, projects and quotes at once: a few hits of each the caller may see',
    query: searchEverythingQuerySchema,
    response: searchEverythingSchema,
  }),
} as const;

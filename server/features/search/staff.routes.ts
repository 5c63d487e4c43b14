import type { Role } from '@contracts/common/constants';
import type { EndpointDefinition } from '@contracts/common/endpoint';
import { statusLabel } from '@contracts/common/codes';
import { COMPANIES } from '@contracts/companies';
import { PROJECTS } from '@contracts/projects';
import { QUOTES } from '@contracts/quotes';
import { SEARCH, SEARCH_EVERYTHING, SEARCH_GROUPS, type SearchGroup, type SearchHit } from '@contracts/search';
import { ticketSearchQuerySchema, TICKETS } from '@contracts/tickets';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { searchTickets } from '@server/features/tickets';
import { searchOthers, type OtherGroup } from './search.repo';

/**
 * Whose records each group shows: the group follows the endpoint its own screen reads, so the
 * palette never shows a role what that screen would refuse it (contacts: the company page's).
 */
export const GROUP_SOURCE: Record<SearchGroup, EndpointDefinition> = {
  tickets: TICKETS.search,
  companies: COMPANIES.search,
  contacts: COMPANIES.view,
  projects: PROJECTS.search,
  quotes: QUOTES.search,
};

/** The groups a staff role may see, in the palette's order. */
export const groupsFor = (role: Role, sources: Record<SearchGroup, EndpointDefinition> = GROUP_SOURCE): SearchGroup[] =>
  SEARCH_GROUPS.filter((g) => !sources[g].roles || sources[g].roles.includes(role));

/** Search everything a staff user may see. */
export const staffSearchRoutes: Routes = (app, ctx) => {
  route(app, SEARCH.everything, async ({ query }, request) => {
    const groups = groupsFor(staffOf(request).role);
    const pool = ctx.database.pool;
    const limit = SEARCH_EVERYTHING.perGroup;
    const [tickets, others] = await Promise.all([
      groups.includes('tickets') ? searchTickets(pool, ticketSearchQuerySchema.parse({ q: query.q, size: String(limit) }), ctx.now()) : null,
      searchOthers(pool, query.q, groups.filter((g): g is OtherGroup => g !== 'tickets'), limit),
    ]);
    const ticketHits: SearchHit[] = (tickets?.rows ?? []).map((t) => ({
      id: t.id,
      title: `#${t.id} ${t.title}`,
      detail: [statusLabel(t.status), t.company_name].filter(Boolean).join(' · '),
      companyId: t.company_id,
    }));
    const hits: Record<SearchGroup, SearchHit[]> = { tickets: ticketHits, ...others };
    return { q: query.q, groups: groups.map((group) => ({ group, hits: hits[group] })) };
  });
};

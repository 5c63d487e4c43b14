/** Service calls of search everything. */
import { SEARCH, type SearchEverything, type SearchGroup, type SearchHit } from '@contracts/search';
import { call } from '@/shared/http/http';

export const searchApi = {
  everything: (q: string): Promise<SearchEverything> => call(SEARCH.everything, { query: { q } }),
};

/** Where a hit opens: the record's own page (a contact: its company's page). */
export function hrefOf(group: SearchGroup, hit: SearchHit): string {
  switch (group) {
    case 'tickets':
      return `/ticket/${hit.id}`;
    case 'companies':
      return `/company/${hit.id}`;
    case 'contacts':
      return `/company/${hit.companyId ?? ''}`;
    case 'projects':
      return `/project/${hit.id}`;
    case 'quotes':
      return `/quote/view/${hit.id}`;
  }
}

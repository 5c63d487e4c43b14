/** What the pickers ask the server: staff and companies whose names contain the typed text. */
import { COMPANIES } from '@contracts/companies';
import { TICKETS } from '@contracts/tickets';
import { call } from '@/shared/http/http';

/** How many companies the company picker lists for a typed text. */
export const COMPANY_PICKER_SIZE = 10;

/** Active staff whose names contain `text` (every active staff user for an empty text). */
export const searchStaff = async (text: string): Promise<{ id: number; name: string }[]> => {
  const q = text.trim();
  return (await call(TICKETS.options, { query: q ? { q } : {} })).staff;
};

/** Companies by name or account number, by name. */
export const searchCompanies = async (text: string) => {
  const q = text.trim();
  return (await call(COMPANIES.search, { query: { ...(q ? { q } : {}), size: COMPANY_PICKER_SIZE, sort: 'name:asc' } })).rows;
};

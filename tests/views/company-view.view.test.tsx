/** A company's page over msw: its changes go through the server, then the page loads again. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CompanyView, Contact } from '../../src/contracts/companies';
import CompanyViewScreen from '../../src/views/staff/desk/CompanyViewScreen';
import { StaffRoleContext } from '../../src/app/staff-role';
import type { Role } from '../../src/contracts/constants';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const contact = (id: number, name: string): Contact => ({ id, company_id: 3, name, email: null, phone: null, title: null });
const viewWith = (contacts: Contact[]): CompanyView => ({
  company: {
    id: 3,
    name: 'Harbor Freight',
    account_number: 'ACC-3',
    phone: null,
    address: null,
    website: null,
    status: 'active',
    territory: null,
    account_manager_id: null,
    account_manager_name: null,
    ms_plan: null,
    notes: null,
    created_at: '2026-01-01T00:00:00Z',
    signup_policy: 'approval',
    signup_domains: [],
  },
  contacts,
  client_users: [],
  ticket_counts: { open: 0, overdue: 0, total: 0 },
});

/** Serves the company (as `contacts()` says at each call) and its recent tickets; counts the company loads. */
function serveCompany(contacts: () => Contact[]) {
  const loads: string[] = [];
  server.use(
    http.get('*/api/v2/companies/:id', ({ params }) => {
      loads.push(String(params.id));
      return HttpResponse.json(viewWith(contacts()));
    }),
    http.get('*/api/v2/tickets', () => HttpResponse.json({ rows: [], page: 1, size: 10, total: 0, totalExact: true })),
  );
  return loads;
}

function renderCompany(id: number, role?: Role) {
  const location = memoryLocation({ path: `/company/${id}` });
  render(
    <StaffRoleContext.Provider value={role}>
      <Router hook={location.hook}>
        <CompanyViewScreen params={{ id: String(id) }} />
      </Router>
    </StaffRoleContext.Provider>,
  );
}

const contactsTable = () => screen.getAllByRole('table')[0]!;

describe('company page', () => {
  it('removes a contact through the server, then shows the page as the server has it', async () => {
    const u = userEvent.setup();
    let contacts = [contact(11, 'Ann Lee'), contact(12, 'Bo Chan')];
    const loads = serveCompany(() => contacts);
    const removed: string[] = [];
    server.use(
      http.delete('*/api/v2/contacts/:id', ({ params }) => {
        removed.push(String(params.id));
        contacts = contacts.filter((c) => c.id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderCompany(3);
    await u.click(await screen.findByRole('button', { name: 'Remove Ann Lee' }));
    await waitFor(() => expect(within(contactsTable()).queryByRole('cell', { name: 'Ann Lee' })).toBeNull());
    expect(removed).toEqual(['11']);
    expect(loads).toEqual(['3', '3']);
    expect(within(contactsTable()).getByRole('cell', { name: 'Bo Chan' })).toBeInTheDocument();
  });

  it('adds a contact and shows it once the page has loaded again', async () => {
    const u = userEvent.setup();
    let contacts: Contact[] = [];
    const loads = serveCompany(() => contacts);
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v2/companies/:id/contacts', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        contacts = [contact(20, body.name)];
        return HttpResponse.json(contacts[0], { status: 201 });
      }),
    );
    renderCompany(3);
    const form = await screen.findByRole('form', { name: 'Add a contact' });
    await u.type(within(form).getByRole('textbox', { name: 'Name' }), 'Cy Diaz');
    await u.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(await within(contactsTable()).findByRole('cell', { name: 'Cy Diaz' })).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Cy Diaz' }]);
    expect(loads).toEqual(['3', '3']);
  });

  it('says why a change failed and keeps the page', async () => {
    const u = userEvent.setup();
    const loads = serveCompany(() => [contact(11, 'Ann Lee')]);
    server.use(http.delete('*/api/v2/contacts/:id', () => HttpResponse.json({ error: { code: 'conflict', message: 'The contact has open tickets' } }, { status: 409 })));
    renderCompany(3);
    await u.click(await screen.findByRole('button', { name: 'Remove Ann Lee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The contact has open tickets');
    expect(within(contactsTable()).getByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(loads).toEqual(['3']);
  });

  describe('client care survey', () => {
    const sends: unknown[] = [];
    const serveSend = (answer: () => Response) =>
      server.use(
        http.post('*/api/v2/surveys/client-care/send', async ({ request }) => {
          sends.push(await request.json());
          return answer();
        }),
      );
    afterEach(() => {
      sends.length = 0;
    });

    it('lets a manager email it to the contacts and says to how many', async () => {
      const u = userEvent.setup();
      serveCompany(() => [contact(11, 'Ann Lee')]);
      serveSend(() => HttpResponse.json({ queued: 2 }));
      renderCompany(3, 'manager');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      await u.click(within(section).getByRole('button', { name: 'Send the client care survey' }));
      expect(await within(section).findByRole('status')).toHaveTextContent('Sent to 2 contacts.');
      expect(sends).toEqual([{ companyId: 3 }]);
    });

    it('says when no contact has an email address', async () => {
      const u = userEvent.setup();
      serveCompany(() => []);
      serveSend(() => HttpResponse.json({ queued: 0 }));
      renderCompany(3, 'admin');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      await u.click(within(section).getByRole('button', { name: 'Send the client care survey' }));
      expect(await within(section).findByRole('status')).toHaveTextContent('No contact of this company has an email address');
    });

    it('shows the server\'s reason when sending fails', async () => {
      const u = userEvent.setup();
      serveCompany(() => []);
      serveSend(() => HttpResponse.json({ error: { code: 'forbidden', message: 'Only a manager or admin may send surveys' } }, { status: 403 }));
      renderCompany(3, 'manager');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      await u.click(within(section).getByRole('button', { name: 'Send the client care survey' }));
      expect(await within(section).findByRole('alert')).toHaveTextContent('Only a manager or admin may send surveys');
    });

    it('offers no send button to an agent, only the results', async () => {
      serveCompany(() => []);
      renderCompany(3, 'user');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      expect(within(section).queryByRole('button')).toBeNull();
      expect(within(section).getByRole('link', { name: 'survey results' })).toHaveAttribute('href', '/report/surveys');
    });
  });
});

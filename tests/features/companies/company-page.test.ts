/** A company page's machine over msw: its children load and save for real; which editor is open, where a refusal shows and what the page says are its decisions. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CompanyView, Contact } from '@contracts/companies';
import { companyPageMachine, selectEditor, selectFailureOf } from '@/features/companies/machines/company-page.machine';
import { recordMachineNotices } from '@tests/support/notices';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { notices, started } = recordMachineNotices();

const contact = (id: number, name: string): Contact => ({ id, company_id: 3, name, email: null, phone: null, title: null });
const viewWith = (contacts: Contact[]): CompanyView => ({
  company: {
    id: 3, name: 'Harbor Freight', account_number: 'ACC-3', phone: null, address: null, website: null, status: 'active', territory: null, account_manager_id: null,
    account_manager_name: null, ms_plan: null, notes: null, created_at: '2026-01-01T00:00:00Z', signup_policy: 'approval', signup_domains: [],
  },
  contacts,
  client_users: [],
  ticket_counts: { open: 0, overdue: 0, total: 0 },
});

function serve(contacts: () => Contact[]) {
  const loads: string[] = [];
  const ticketQueries: string[] = [];
  server.use(
    http.get('*/api/v2/companies/:id', ({ params }) => {
      loads.push(String(params.id));
      return HttpResponse.json(viewWith(contacts()));
    }),
    http.get('*/api/v2/tickets', ({ request }) => {
      ticketQueries.push(new URL(request.url).search);
      return HttpResponse.json({ rows: [], page: 1, size: 10, total: 0, totalExact: true });
    }),
  );
  return { loads, ticketQueries };
}
const start = () => {
  const actor = createActor(companyPageMachine, { input: { companyId: 3 } }).start();
  started.push(actor);
  return actor;
};
const ready = (actor: ReturnType<typeof start>) => waitFor(actor, (s) => s.matches('ready'));

describe('the company page machine', () => {
  it('loads the company through its child, and leaves the tickets to the Tickets tab', async () => {
    const { ticketQueries } = serve(() => [contact(11, 'Ann Lee')]);
    const actor = start();
    await ready(actor);
    expect(actor.getSnapshot().context.view?.contacts.map((c) => c.name)).toEqual(['Ann Lee']);
    expect(actor.system.get('companyPage.change')).toBeDefined();
    // The latest tickets are the tickets feature's section (tests/features/tickets/company-tickets-section.view.test.tsx).
    expect(ticketQueries).toEqual([]);
  });

  it('saves one change at a time, closes its editor once saved, loads the page again and says so', async () => {
    let contacts = [contact(11, 'Ann Lee')];
    const { loads } = serve(() => contacts);
    const sent: unknown[] = [];
    server.use(
      http.patch('*/api/v2/contacts/:id', async ({ request }) => {
        sent.push(await request.json());
        await new Promise((r) => setTimeout(r, 20));
        contacts = [contact(11, 'Ann Chan')];
        return HttpResponse.json(contacts[0]);
      }),
    );
    const actor = start();
    await ready(actor);
    actor.send({ type: 'contact.edit', id: 11 });
    expect(selectEditor(actor.getSnapshot())).toBe(11);
    actor.send({ type: 'contact.save', id: 11, payload: { name: 'Ann Chan' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second change while the first is saving is not sent.
    actor.send({ type: 'contact.remove', id: 11 });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    await waitFor(actor, () => loads.length === 2);
    expect(sent).toEqual([{ name: 'Ann Chan' }]);
    expect(selectEditor(actor.getSnapshot())).toBeNull();
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Contact saved' }]);
    await waitFor(actor, (s) => s.context.view?.contacts[0]?.name === 'Ann Chan');
  });

  it('shows a refusal beside the form that sent it, says it once, and closes that notice when the form is sent again', async () => {
    serve(() => []);
    let refuse = true;
    server.use(
      http.post('*/api/v2/companies/:id/contacts', async ({ request }) =>
        refuse
          ? HttpResponse.json({ error: { code: 'invalid_input', message: 'Check the email', fields: { email: 'Email must be an email address' } } }, { status: 400 })
          : HttpResponse.json({ ...contact(20, ((await request.json()) as { name: string }).name) }, { status: 201 }),
      ),
    );
    const actor = start();
    await ready(actor);
    actor.send({ type: 'contact.add', payload: { name: 'Cy Diaz', email: 'cy@' } });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(selectFailureOf('contactAdd')(actor.getSnapshot())).toEqual({ form: 'contactAdd', error: 'Check the email', fieldErrors: { email: 'Email must be an email address' } });
    expect(selectFailureOf('company')(actor.getSnapshot())).toBeNull();
    expect(notices.notices).toEqual([{ tone: 'error', title: 'The contact was not added', description: 'Check the email', key: 'company.change' }]);
    refuse = false;
    actor.send({ type: 'contact.add', payload: { name: 'Cy Diaz', email: 'cy@harbor.example' } });
    expect(notices.dismissed).toEqual(['company.change']);
    await waitFor(actor, (s) => s.context.addKey === 1);
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Contact Cy Diaz added' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

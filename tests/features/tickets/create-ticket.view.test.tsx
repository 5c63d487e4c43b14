/** Create Ticket and Create Company on the kit's form over msw: inline errors, the company picker, toasts, kept input. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { noQueueRule } from './queue-rules.msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import CreateCompanyScreen from '@/features/companies/screens/CreateCompanyScreen';
import CreateTicketScreen from '@/features/tickets/screens/CreateTicketScreen';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';
import { refuseDoomedRequests } from '@tests/support/doomed-requests';

const server = setupServer(noQueueRule);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
refuseDoomedRequests(server);
afterAll(() => server.close());

const toastTitles = () => toastQueue.visible().map((t) => `${t.tone}: ${t.title}${t.description ? ` (${t.description})` : ''}`);

const COMPANIES = [
  { id: 7, name: 'Acme Utilities', account_number: 'ACME-001', status: 'active', territory: null, created_at: '2026-01-01', open_tickets: 3 },
  { id: 8, name: 'Globex Water', account_number: 'GLOBEX-002', status: 'active', territory: null, created_at: '2026-01-01', open_tickets: 1 },
];
const companyView = (id: number) => {
  const c = COMPANIES.find((x) => x.id === id)!;
  return {
    company: { ...c, phone: null, address: null, website: null, account_manager_id: null, ms_plan: null, notes: null, signup_policy: 'invite_only', signup_domains: [], survey_settings: null },
    contacts: [{ id: 70 + id, company_id: id, name: `Contact of ${c.name}`, email: `c${id}@example.test`, phone: null, title: null }],
    client_users: [],
    ticket_counts: { open: 0, overdue: 0, total: 0 },
  };
};

type Posts = { tickets: unknown[]; companies: unknown[]; companySearches: URLSearchParams[] };
function serve(answerTicket: (body: unknown) => Response, answerCompany: (body: unknown) => Response = () => HttpResponse.json({})): Posts {
  const posts: Posts = { tickets: [], companies: [], companySearches: [] };
  server.use(
    http.get('*/api/v2/tickets/options', () =>
      HttpResponse.json({ staff: [{ id: 3, name: 'Avery Agent' }], response_target_hours: { C: 4, H: 8, M: 24, L: 72 } }),
    ),
    http.get('*/api/v2/companies', ({ request }) => {
      const params = new URL(request.url).searchParams;
      posts.companySearches.push(params);
      const rows = COMPANIES.filter((c) => c.name.toLowerCase().includes((params.get('q') ?? '').toLowerCase()));
      return HttpResponse.json({ rows, page: 1, size: 10, total: rows.length, totalExact: true });
    }),
    http.get('*/api/v2/companies/:id', ({ params }) => {
      const id = Number(params.id);
      return COMPANIES.some((c) => c.id === id) ? HttpResponse.json(companyView(id)) : HttpResponse.json({ error: { code: 'not_found', message: 'No such company' } }, { status: 404 });
    }),
    http.post('*/api/v2/tickets', async ({ request }) => {
      const body = await request.json();
      posts.tickets.push(body);
      return answerTicket(body);
    }),
    http.post('*/api/v2/companies', async ({ request }) => {
      const body = await request.json();
      posts.companies.push(body);
      return answerCompany(body);
    }),
  );
  return posts;
}

const invalid = (fields: Record<string, string>, message = 'Check the highlighted fields') =>
  HttpResponse.json({ error: { code: 'validation_failed', message, fields } }, { status: 400 });
const createdTicket = (id: number) => HttpResponse.json({ ticket: { id, title: 'Printer down' }, thread: [], time: { entries: [], total_minutes: 0, billable_minutes: 0 }, surveys: { sent_at: null, responses: [] } });

describe('Create Ticket', () => {
  it('picks the company by searching the server, lists its contacts, and opens the new ticket with a toast', async () => {
    const user = userEvent.setup();
    const posts = serve(() => createdTicket(501));
    const location = renderAt('/create/ticket', <CreateTicketScreen params={{}} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Ticket' })).toBeInTheDocument();
    // No id box: the company is a combobox that asks the server as the user types.
    const picker = await screen.findByRole('combobox', { name: /^Company/ });
    await user.type(picker, 'glob');
    await user.click(await screen.findByRole('option', { name: /Globex Water/ }));
    expect(posts.companySearches.some((p) => p.get('q') === 'glob')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Contact$/ }));
    await user.click(await screen.findByRole('option', { name: /Contact of Globex Water/ }));
    await user.click(screen.getByRole('button', { name: /Priority$/ }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Printer down');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'The second floor printer shows E42.');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));

    await waitFor(() => expect(location.history!.at(-1)).toBe('/ticket/501'));
    expect(posts.tickets).toEqual([{ title: 'Printer down', description: 'The second floor printer shows E42.', company_id: 8, severity: 'H', queue: 'Support', contact_id: 78 }]);
    expect(toastTitles()).toEqual(['success: Ticket #501 created']);
  });

  it('Escape while searching the company list closes the list and keeps the company picked', async () => {
    const user = userEvent.setup();
    const posts = serve(() => createdTicket(1));
    const location = renderAt('/create/ticket/7', <CreateTicketScreen params={{ companyId: '7' }} />);
    const picker = await screen.findByRole('combobox', { name: /^Company/ });
    expect(picker).toHaveValue('Acme Utilities');
    await user.clear(picker);
    await user.type(picker, 'glo');
    expect(await screen.findByRole('option', { name: /Globex Water/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('form', { name: 'Create Ticket' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Company/ })).toHaveValue('Acme Utilities');
    expect(location.history!.at(-1)).toBe('/create/ticket/7');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Mail bounces');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Since this morning.');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(posts.tickets).toHaveLength(1));
    expect(posts.tickets[0]).toMatchObject({ company_id: 7 });
  });

  it('Escape on a fresh search closes the list and leaves the form and the box as they were', async () => {
    const user = userEvent.setup();
    serve(() => createdTicket(1));
    renderAt('/create/ticket', <CreateTicketScreen params={{}} />);
    const picker = await screen.findByRole('combobox', { name: /^Company/ });
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Mail bounces');
    await user.click(picker);
    await user.type(picker, 'glo');
    expect(await screen.findByRole('option', { name: /Globex Water/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Mail bounces');
    expect(picker).not.toHaveAttribute('aria-invalid', 'true');
    expect(picker).toHaveValue('');
    expect(picker).toHaveFocus();
  });

  it('starts from the company of the route, shown by name', async () => {
    serve(() => createdTicket(1));
    renderAt('/create/ticket/7', <CreateTicketScreen params={{ companyId: '7' }} />);
    expect(await screen.findByRole('combobox', { name: /^Company/ })).toHaveValue('Acme Utilities');
    expect(screen.getByRole('button', { name: /Contact$/ })).not.toBeDisabled();
  });

  it('an empty form says what each field needs once, beside it, in plain words; sends nothing and moves focus to the first', async () => {
    const user = userEvent.setup();
    const posts = serve(() => createdTicket(9));
    renderAt('/create/ticket', <CreateTicketScreen params={{}} />);
    await screen.findByRole('combobox', { name: /^Company/ });
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));

    const title = screen.getByRole('textbox', { name: /^Title/ });
    const description = screen.getByRole('textbox', { name: /^Description/ });
    const company = screen.getByRole('combobox', { name: /^Company/ });
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Give the ticket a title');
    expect(description).toHaveAccessibleDescription('Describe what happened');
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveAccessibleDescription(/Pick a company/);
    for (const words of ['Give the ticket a title', 'Describe what happened', 'Pick a company']) expect(screen.getAllByText(words)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Invalid body|company_id|must be a number|is required/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toastTitles()).toEqual([]);
    expect(title).toHaveFocus();
    expect(posts.tickets).toEqual([]);
  });

  it('says a field’s problem when it is left and takes it away as soon as the field changes', async () => {
    const user = userEvent.setup();
    serve(() => createdTicket(9));
    renderAt('/create/ticket', <CreateTicketScreen params={{}} />);
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.click(title);
    await user.tab();
    await waitFor(() => expect(title).toHaveAccessibleDescription('Give the ticket a title'));
    // The field left is the only one judged; the description has not been visited yet.
    expect(screen.queryByText('Describe what happened')).toBeNull();
    await user.type(title, 'P');
    expect(screen.queryByText('Give the ticket a title')).toBeNull();
    expect(title).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s reasons beside their fields, without a toast, a banner or its message for integrators, and keeps what was typed', async () => {
    const user = userEvent.setup();
    let answer = () => invalid({ title: 'Title must not contain characters that change the direction of text' }, 'Invalid body: title (Title must not contain characters that change the direction of text)');
    const posts = serve(() => answer());
    const location = renderAt('/create/ticket/7', <CreateTicketScreen params={{ companyId: '7' }} />);
    expect(await screen.findByRole('combobox', { name: /^Company/ })).toHaveValue('Acme Utilities');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Mail bounces');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Since this morning.');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));

    const title = screen.getByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(posts.tickets).toHaveLength(1);
    expect(title).toHaveAccessibleDescription('Title must not contain characters that change the direction of text');
    expect(title).toHaveFocus();
    expect(screen.getAllByText('Title must not contain characters that change the direction of text')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Invalid body|company_id/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toastTitles()).toEqual([]);
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Mail bounces');
    expect(location.history!.at(-1)).toBe('/create/ticket/7');

    // A reason that belongs to no field is said once, above the form.
    answer = () => HttpResponse.json({ error: { code: 'conflict', message: 'This ticket was created already' } }, { status: 409 });
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This ticket was created already');
    expect(screen.getAllByText('This ticket was created already')).toHaveLength(1);
    expect(toastTitles()).toEqual([]);

    answer = () => createdTicket(9);
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/ticket/9'));
    expect(toastTitles()).toEqual(['success: Ticket #9 created']);
  });
});

describe('Create Company', () => {
  it('sends only what was filled in and opens the new company with a toast', async () => {
    const user = userEvent.setup();
    const posts = serve(
      () => createdTicket(1),
      (body) => HttpResponse.json({ ...companyView(7), company: { ...companyView(7).company, id: 12, name: (body as { name: string }).name } }),
    );
    const location = renderAt('/create/company', <CreateCompanyScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Create Company' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbor Water');
    await user.type(screen.getByRole('textbox', { name: /^Account number/ }), 'HARB-1');
    await user.type(screen.getByRole('textbox', { name: /^Territory/ }), 'North');
    await user.click(screen.getByRole('button', { name: /Status$/ }));
    await user.click(await screen.findByRole('option', { name: 'prospect' }));
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/company/12'));
    expect(posts.companies).toEqual([{ name: 'Harbor Water', account_number: 'HARB-1', status: 'prospect', territory: 'North' }]);
    expect(toastTitles()).toEqual(['success: Company Harbor Water created']);
  });

  it('marks the fields the server rejects beside them only, and keeps what was typed', async () => {
    const user = userEvent.setup();
    serve(
      () => createdTicket(1),
      () => invalid({ account_number: 'Account number may hold letters, digits and dashes', website: 'Website must be an http:// or https:// address' }),
    );
    const location = renderAt('/create/company', <CreateCompanyScreen />);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbor Water');
    await user.type(screen.getByRole('textbox', { name: /^Account number/ }), 'HARB 1');
    await user.type(screen.getByRole('textbox', { name: /^Website/ }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Account number/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Account number may hold letters, digits and dashes')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Account number/ })).toHaveAccessibleDescription(/letters, digits and dashes/);
    expect(screen.getByRole('textbox', { name: /^Website/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Harbor Water');
    expect(screen.getByRole('textbox', { name: /^Website/ })).toHaveValue('javascript:alert(1)');
    expect(toastTitles()).toEqual([]);
    expect(location.history!.at(-1)).toBe('/create/company');
  });
});

/** A company's page over msw: its changes go through the server, then the page loads again. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyView, Contact } from '@contracts/companies';
import CompanyViewScreen from '@/features/companies/screens/CompanyViewScreen';
import { toastQueue } from '@/shared/ui/components/toast/toast';
import type { Role } from '@contracts/common/constants';
import { CompanySectionsProvider, type CompanySectionProps, type CompanyViewSection } from '@/features/companies';
import * as clientUsers from '@/features/client-users/routes';
import * as surveys from '@/features/surveys/routes';
import * as tickets from '@/features/tickets/routes';
import { COMPANY_SECTIONS } from '@/app/company-sections';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { toastNotifier } from '@/shared/ui/components/toast/toast-notifier';
import { renderAt } from '@tests/support/render';

/** The tabs other features add that sit among the page's own: tickets, client portal users, the survey (as src/app/company-sections.ts lists them). */
const PAGE_SECTIONS: CompanyViewSection[] = [...tickets.companySections, ...clientUsers.companySections, ...surveys.companySections];

const server = setupServer();
// The page's machine says how each change ended; shown as toasts, as the app provides it (src/app/App.tsx).
let restoreNotifier: () => void;
beforeAll(() => {
  restoreNotifier = provideNotifier(toastNotifier());
});
afterAll(() => restoreNotifier());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  toastQueue.clear();
});
const toastTitles = () => toastQueue.visible().map((t) => `${t.tone}: ${t.title}`);
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

/** Serves the company (as `contacts()` says at each call), its recent tickets and its client users; counts the company loads. */
function serveCompany(contacts: () => Contact[]) {
  const loads: string[] = [];
  server.use(
    http.get('*/api/v2/companies/:id', ({ params }) => {
      loads.push(String(params.id));
      return HttpResponse.json(viewWith(contacts()));
    }),
    http.get('*/api/v2/tickets', () => HttpResponse.json({ rows: [], page: 1, size: 10, total: 0, totalExact: true })),
    http.get('*/api/v2/client-users', () => HttpResponse.json({ rows: [], page: 1, size: 100, total: 0, totalExact: true })),
  );
  return loads;
}

function renderCompany(id: number, role?: Role, tab?: string, sections: readonly CompanyViewSection[] = PAGE_SECTIONS) {
  return renderAt(`/company/${id}${tab ? `?tab=${tab}` : ''}`, <CompanyViewScreen params={{ id: String(id) }} />, {
    role,
    wrap: (children) => <CompanySectionsProvider sections={sections}>{children}</CompanySectionsProvider>,
  });
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
    expect(toastTitles()).toEqual(['success: Contact removed']);
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
    expect(toastTitles()).toEqual(['success: Contact Cy Diaz added']);
    // Saved: the form starts empty for the next one.
    expect(within(screen.getByRole('form', { name: 'Add a contact' })).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('keeps what was typed in the contact form when the server refuses it, and says why beside the field', async () => {
    const u = userEvent.setup();
    serveCompany(() => []);
    server.use(
      http.post('*/api/v2/companies/:id/contacts', () =>
        HttpResponse.json({ error: { code: 'invalid_input', message: 'Check the email', fields: { email: 'Email must be an email address' } } }, { status: 400 }),
      ),
    );
    renderCompany(3);
    const form = await screen.findByRole('form', { name: 'Add a contact' });
    await u.type(within(form).getByRole('textbox', { name: 'Name' }), 'Cy Diaz');
    await u.type(within(form).getByRole('textbox', { name: 'Email' }), 'cy@');
    await u.click(within(form).getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/Email must be an email address/);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Cy Diaz');
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('cy@');
    expect(toastTitles()).toEqual(['error: The contact was not added']);
  });

  it('says why a change failed and keeps the page', async () => {
    const u = userEvent.setup();
    const loads = serveCompany(() => [contact(11, 'Ann Lee')]);
    server.use(http.delete('*/api/v2/contacts/:id', () => HttpResponse.json({ error: { code: 'conflict', message: 'The contact has open tickets' } }, { status: 409 })));
    renderCompany(3);
    await u.click(await screen.findByRole('button', { name: 'Remove Ann Lee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The contact has open tickets');
    expect(toastTitles()).toEqual(['error: The contact was not removed']);
    expect(within(contactsTable()).getByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(loads).toEqual(['3']);
  });

  it('says how each change ended through the notifier the app provides, never on its own', async () => {
    const u = userEvent.setup();
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    try {
      serveCompany(() => [contact(11, 'Ann Lee')]);
      server.use(http.delete('*/api/v2/contacts/:id', () => HttpResponse.json({ error: { code: 'conflict', message: 'The contact has open tickets' } }, { status: 409 })));
      renderCompany(3);
      await u.click(await screen.findByRole('button', { name: 'Remove Ann Lee' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The contact has open tickets');
      expect(notices.notices).toEqual([{ tone: 'error', title: 'The contact was not removed', description: 'The contact has open tickets', key: 'company.change' }]);
      // Sent again, the refusal's notice closes before the next answer.
      await u.click(screen.getByRole('button', { name: 'Remove Ann Lee' }));
      await waitFor(() => expect(notices.dismissed).toEqual(['company.change']));
      expect(toastTitles()).toEqual([]);
    } finally {
      restore();
    }
  });

  describe('client portal sign-up policy', () => {
    it('shows the policy and lets staff take sign-ups at the company\'s email domains', async () => {
      const u = userEvent.setup();
      let company = viewWith([]);
      const loads: string[] = [];
      const sent: unknown[] = [];
      server.use(
        http.get('*/api/v2/companies/:id', ({ params }) => {
          loads.push(String(params.id));
          return HttpResponse.json(company);
        }),
        http.patch('*/api/v2/companies/:id', async ({ request }) => {
          const body = (await request.json()) as { signup_policy: 'email_domains'; signup_domains: string[] };
          sent.push(body);
          company = { ...company, company: { ...company.company, ...body } };
          return HttpResponse.json(company);
        }),
      );
      renderCompany(3, undefined, 'signup');
      const section = await screen.findByRole('region', { name: 'Client portal sign-up' });
      const policy = within(section).getByRole('radiogroup', { name: 'Who may sign up' });
      expect(within(policy).getByRole('radio', { name: 'Staff approve each request' })).toBeChecked();
      await u.click(within(policy).getByRole('radio', { name: "At once for the company's email domains; other addresses need approval" }));
      await u.type(within(section).getByRole('textbox', { name: /Company email domains/ }), 'harbor.example{enter}Harbor-Freight.example');
      await u.click(within(section).getByRole('button', { name: 'Save sign-up policy' }));
      await waitFor(() => expect(loads).toEqual(['3', '3']));
      expect(sent).toEqual([{ signup_policy: 'email_domains', signup_domains: ['harbor.example', 'Harbor-Freight.example'] }]);
      expect(toastTitles()).toEqual(['success: Sign-up policy saved']);
      await u.click(screen.getByRole('tab', { name: 'Overview' }));
      const details = screen.getByRole('region', { name: 'Company' });
      expect(details).toHaveTextContent("Portal sign-upAt once for the company's email domains; other addresses need approval (harbor.example, Harbor-Freight.example)");
      await u.click(screen.getByRole('tab', { name: 'Sign-up policy' }));
      expect(within(screen.getByRole('region', { name: 'Client portal sign-up' })).getByRole('textbox', { name: /Company email domains/ })).toHaveValue(
        'harbor.example\nHarbor-Freight.example',
      );
    });

    it('names the domain the server refused beside the field, and keeps what was typed', async () => {
      const u = userEvent.setup();
      serveCompany(() => []);
      server.use(
        http.patch('*/api/v2/companies/:id', () =>
          HttpResponse.json(
            { error: { code: 'invalid_input', message: 'Invalid body: signup_domains.0 (A public mail service is nobody\'s company domain)', fields: { 'signup_domains.0': "A public mail service is nobody's company domain" } } },
            { status: 400 },
          ),
        ),
      );
      renderCompany(3, undefined, 'signup');
      const section = await screen.findByRole('region', { name: 'Client portal sign-up' });
      await u.click(within(section).getByRole('radio', { name: /^At once/ }));
      await u.type(within(section).getByRole('textbox', { name: /Company email domains/ }), 'gmail.com');
      await u.click(within(section).getByRole('button', { name: 'Save sign-up policy' }));
      const field = within(section).getByRole('textbox', { name: /Company email domains/ });
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(within(section).getByRole('alert')).toHaveTextContent("A public mail service is nobody's company domain");
      expect(field).toHaveValue('gmail.com');
      expect(within(section).getByRole('radio', { name: /^At once/ })).toBeChecked();
      expect(toastTitles()).toEqual([expect.stringMatching(/^error: The sign-up policy was not saved/)]);
    });
  });

  describe('client care survey', () => {
    const sends: unknown[] = [];
    const serveSend = (answer: () => Response, recipients: { id: number; name: string; email: string }[] = [{ id: 11, name: 'Ann Lee', email: 'ann@acme.example.test' }]) =>
      server.use(
        http.get('*/api/v2/surveys/client-care/recipients', () => HttpResponse.json({ rows: recipients })),
        http.post('*/api/v2/surveys/client-care/send', async ({ request }) => {
          sends.push(await request.json());
          return answer();
        }),
      );
    afterEach(() => {
      sends.length = 0;
    });
    /** Opens the send, and confirms it for everyone listed (the button reads "Send to …"). */
    const sendToEveryone = async (u: ReturnType<typeof userEvent.setup>, section: HTMLElement) => {
      await u.click(within(section).getByRole('button', { name: /Send the client care survey/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Send the client care survey' });
      await u.click(await within(dialog).findByRole('button', { name: /^Send to / }));
    };

    it('lets a manager email it to the contacts and says to how many', async () => {
      const u = userEvent.setup();
      serveCompany(() => [contact(11, 'Ann Lee')]);
      serveSend(() => HttpResponse.json({ queued: 2 }), [
        { id: 11, name: 'Ann Lee', email: 'ann@acme.example.test' },
        { id: 12, name: 'Bo Park', email: 'bo@acme.example.test' },
      ]);
      renderCompany(3, 'manager', 'survey');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      await sendToEveryone(u, section);
      expect(await within(section).findByRole('status')).toHaveTextContent('Sent to 2 contacts.');
      expect(toastTitles()).toEqual(['success: Client care survey sent to 2 contacts']);
      expect(sends).toEqual([{ companyId: 3, contactIds: [11, 12] }]);
    });

    it('says when no contact has an email address', async () => {
      const u = userEvent.setup();
      serveCompany(() => []);
      serveSend(() => HttpResponse.json({ queued: 0 }), []);
      renderCompany(3, 'admin', 'survey');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      await u.click(within(section).getByRole('button', { name: /Send the client care survey/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Send the client care survey' });
      expect(await within(dialog).findByText(/No contact of this company has an email address/)).toBeInTheDocument();
      expect(sends).toEqual([]);
    });

    it('shows the server\'s reason when sending fails', async () => {
      const u = userEvent.setup();
      serveCompany(() => []);
      serveSend(() => HttpResponse.json({ error: { code: 'forbidden', message: 'Only a manager or admin may send surveys' } }, { status: 403 }));
      renderCompany(3, 'manager', 'survey');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      await sendToEveryone(u, section);
      expect(await within(section).findByRole('alert')).toHaveTextContent('Only a manager or admin may send surveys');
    });

    it('offers no send button to an agent, only the results', async () => {
      serveCompany(() => []);
      renderCompany(3, 'user', 'survey');
      const section = await screen.findByRole('region', { name: 'Client care survey' });
      expect(within(section).queryByRole('button')).toBeNull();
      expect(within(section).getByRole('link', { name: 'survey results' })).toHaveAttribute('href', '/report/surveys');
    });
  });

  it('shows the sections other features add through the slot, in order, and by role', async () => {
    serveCompany(() => []);
    // A section draws its own card and heading, as the features' sections do.
    const Contracts = ({ companyId, companyName }: CompanySectionProps) => (
      <section><h2>Managed services contracts</h2><p>Contracts of {companyName} (#{companyId})</p></section>
    );
    const Quotes = ({ companyName }: CompanySectionProps) => (
      <section><h2>Quotes</h2><p>Quotes of {companyName}</p></section>
    );
    const sections: CompanyViewSection[] = [
      ...PAGE_SECTIONS,
      { id: 'quotes', title: 'Quotes', order: 20, component: Quotes },
      { id: 'contracts', title: 'Managed services contracts', order: 10, component: Contracts, roles: ['manager', 'admin'] },
    ];
    const renderWith = (role: Role, path = '/company/3') =>
      renderAt(path, <CompanyViewScreen params={{ id: '3' }} />, { role, wrap: (page) => <CompanySectionsProvider sections={sections}>{page}</CompanySectionsProvider> });
    const u = userEvent.setup();
    const manager = renderWith('manager');
    // Each added section is a tab after the page's own, in its order; it loads when its tab is shown.
    const tabs = await screen.findByRole('tablist', { name: 'Company sections' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Tickets',
      'Client portal users',
      'Sign-up policy',
      'Survey',
      'Managed services contracts',
      'Quotes',
    ]);
    expect(screen.queryByText('Contracts of Harbor Freight (#3)')).toBeNull();
    await u.click(within(tabs).getByRole('tab', { name: 'Managed services contracts' }));
    expect(await screen.findByText('Contracts of Harbor Freight (#3)')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Managed services contracts' })).toContainElement(screen.getByRole('heading', { level: 2, name: 'Managed services contracts' }));
    expect(document.querySelector('#company-contracts')).not.toBeNull();
    expect(manager.location.history!.at(-1)).toBe('/company/3?tab=contracts');
    await u.click(within(tabs).getByRole('tab', { name: 'Quotes' }));
    expect(await screen.findByText('Quotes of Harbor Freight')).toBeInTheDocument();
    expect(manager.location.history!.at(-1)).toBe('/company/3?tab=quotes');
    manager.unmount();

    // An agent has no contracts tab; a link to it opens the overview instead.
    renderWith('user', '/company/3?tab=contracts');
    const agentTabs = await screen.findByRole('tablist', { name: 'Company sections' });
    expect(within(agentTabs).queryByRole('tab', { name: 'Managed services contracts' })).toBeNull();
    expect(within(agentTabs).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await u.click(within(agentTabs).getByRole('tab', { name: 'Quotes' }));
    expect(await screen.findByText('Quotes of Harbor Freight')).toBeInTheDocument();
  });

  it("places the page's own tabs among the sections the app's features add, in the page's order", async () => {
    serveCompany(() => []);
    renderCompany(3, 'admin', undefined, COMPANY_SECTIONS);
    const tabs = await screen.findByRole('tablist', { name: 'Company sections' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Tickets',
      'Client portal users',
      'Sign-up policy',
      'Survey',
      'Managed services',
      'Projects',
      'Quotes',
      'Sales',
    ]);
  });

  it('keeps the selected tab in the URL, opens the one a link names, and moves between tabs with the arrow keys', async () => {
    const u = userEvent.setup();
    serveCompany(() => [contact(11, 'Ann Lee')]);
    const location = renderCompany(3, undefined, 'tickets');
    const tabs = await screen.findByRole('tablist', { name: 'Company sections' });
    expect(within(tabs).getByRole('tab', { name: 'Tickets' })).toHaveAttribute('aria-selected', 'true');
    // The tab's section is the tickets feature's, loaded when first shown.
    expect(await screen.findByRole('region', { name: 'Tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contacts' })).toBeNull();

    // Keyboard: Tab reaches the selected tab (after the header's Create Ticket), then arrows select the next one and the URL follows.
    await u.tab();
    expect(screen.getByRole('link', { name: 'Create Ticket for this company' })).toHaveFocus();
    await u.tab();
    expect(within(tabs).getByRole('tab', { name: 'Tickets' })).toHaveFocus();
    await u.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Client portal users' })).toHaveAttribute('aria-selected', 'true');
    expect(location.history!.at(-1)).toBe('/company/3?tab=users');
    expect(await screen.findByRole('region', { name: 'Client portal users' })).toBeInTheDocument();
    await u.keyboard('{Home}');
    expect(within(tabs).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(location.history!.at(-1)).toBe('/company/3');
    expect(within(screen.getByRole('region', { name: 'Contacts' })).getByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
  });
});

/** The quote editor (autosave states, read-only, revise) and the catalog's import preview, over msw. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CatalogImportResult, QuoteView } from '@contracts/quotes';
import CatalogScreen from '@/features/quotes/screens/CatalogScreen';
import QuoteEditorScreen from '@/features/quotes/screens/QuoteEditorScreen';
import QuoteViewScreen from '@/features/quotes/screens/QuoteViewScreen';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { renderAt } from '@tests/support/render';

/** A company's page as the contact picker reads it: its contacts with their email. */
const companyPage = (id: number, name: string, contacts: { id: number; name: string; email: string | null }[]) => ({
  company: { id, name },
  contacts: contacts.map((c) => ({ ...c, company_id: id, phone: null, title: null })),
  client_users: [],
  ticket_counts: { open: 0, overdue: 0, total: 0 },
});
// Every editor of a quote for a company loads its contacts.
const server = setupServer(http.get('*/api/v2/companies/:id', ({ params }) => HttpResponse.json(companyPage(Number(params.id), 'Acme Utilities', [{ id: 1, name: 'Pat', email: 'pat@acme.test' }]))));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => window.localStorage.clear());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const view = (over: Partial<QuoteView['quote']> = {}, readOnly = false): QuoteView => ({
  quote: {
    id: 7, number: 'Q-1007', baseNumber: 'Q-1007', revision: 1, rootId: 7, companyId: 1, companyName: 'Acme Utilities', companyCreated: false, clientName: '',
    contactName: 'Pat', contactEmail: 'pat@acme.test', type: 'support', status: 'draft', superseded: false, title: 'Printers', validUntil: '2099-01-31', notes: '', terms: '',
    taxRatePercent: 10, subtotalCents: 10000, taxCents: 1000, totalCents: 11000, ownerId: 1, ownerName: 'Avery Agent', version: 3, createdAt: '2026-01-01T00:00:00Z',
    updatedAt: new Date().toISOString(), sentAt: null, decidedAt: null, ...over,
  },
  lines: [{ id: 1, position: 1, kind: 'item', catalogItemId: null, sku: '', description: 'Printer repair', quantity: 2, unitPriceCents: 5000, discountPercent: 0, taxable: true, optional: false, chosen: false, netCents: 10000 }],
  totals: { subtotalCents: 10000, taxableCents: 10000, taxCents: 1000, totalCents: 11000 },
  decision: null,
  revisions: [{ id: 7, number: 'Q-1007', revision: 1, status: over.status ?? 'draft' }],
  changes: [],
  readOnly,
});

describe('the quote editor', () => {
  it('autosaves after a pause, says when it saved, keeps the typing through a failed save and retries', async () => {
    const saves: { title: string; baseVersion?: number }[] = [];
    let fail = true;
    server.use(
      http.get('*/api/v2/quotes/7', () => HttpResponse.json(view())),
      http.put('*/api/v2/quotes/7', async ({ request }) => {
        const body = (await request.json()) as { title: string; baseVersion?: number };
        saves.push(body);
        if (fail) {
          fail = false;
          return HttpResponse.json({ error: { code: 'unavailable', message: 'The database is busy' } }, { status: 503 });
        }
        return HttpResponse.json(view({ title: body.title, version: 4 }));
      }),
    );
    const user = userEvent.setup();
    renderAt('/quote/edit/7', <QuoteEditorScreen params={{ id: '7' }} />);
    const title = await screen.findByLabelText('Title');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Saved');
    await user.clear(title);
    await user.type(title, 'New printers');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');
    // The first save fails: the form keeps what was typed, says so, and keeps a copy on the device.
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('Not saved: The database is busy'), { timeout: 4000 });
    expect(title).toHaveValue('New printers');
    expect(JSON.parse(window.localStorage.getItem('quote-draft:7')!).draft.title).toBe('New printers');
    // It tries again by itself and succeeds; the local copy goes.
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent(/^Saved/), { timeout: 6000 });
    expect(saves.map((s) => [s.title, s.baseVersion])).toEqual([
      ['New printers', 3],
      ['New printers', 3],
    ]);
    expect(window.localStorage.getItem('quote-draft:7')).toBeNull();
    expect(screen.getByTestId('editor-total')).toHaveTextContent('$110.00');
  }, 15_000);

  it('restores a draft the server never got when the tab opens again', async () => {
    window.localStorage.setItem('quote-draft:7', JSON.stringify({ draft: { ...(await import('@/features/quotes/machines/draft')).draftFromView(view()), title: 'Typed before the tab closed' }, baseVersion: 3 }));
    const puts: string[] = [];
    server.use(
      http.get('*/api/v2/quotes/7', () => HttpResponse.json(view())),
      http.put('*/api/v2/quotes/7', async ({ request }) => {
        puts.push(((await request.json()) as { title: string }).title);
        return HttpResponse.json(view({ title: 'Typed before the tab closed', version: 4 }));
      }),
    );
    renderAt('/quote/edit/7', <QuoteEditorScreen params={{ id: '7' }} />);
    expect(await screen.findByDisplayValue('Typed before the tab closed')).toBeInTheDocument();
    await waitFor(() => expect(puts).toEqual(['Typed before the tab closed']), { timeout: 3000 });
  });

  it('Send right after typing saves first and sends the saved version; a quote saved elsewhere since is not sent, and the screen says so', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/v2/quotes/7', () => HttpResponse.json(view())),
      http.put('*/api/v2/quotes/7', async ({ request }) => {
        const body = (await request.json()) as { title: string; baseVersion: number };
        calls.push(`save ${body.title} from ${body.baseVersion}`);
        return HttpResponse.json(view({ title: body.title, version: 4 }));
      }),
      http.post('*/api/v2/quotes/7/send', async ({ request }) => {
        calls.push(`send ${((await request.json()) as { version: number }).version}`);
        return HttpResponse.json({ error: { code: 'conflict', message: 'This quote changed after you opened it: review the saved version, then send it' } }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/quote/edit/7', <QuoteEditorScreen params={{ id: '7' }} />);
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' and toner');
    // Before the autosave's pause is over; the mail is confirmed in its dialog.
    await user.click(screen.getByRole('button', { name: 'Send to client' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Send this quote?' })).getByRole('button', { name: 'Send quote' }));
    const alert = (await screen.findByText('This quote changed elsewhere')).parentElement!;
    expect(alert).toHaveTextContent('This quote changed after you opened it: review the saved version, then send it');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(calls).toEqual(['save Printers and toner from 3', 'send 4']);
  });

  it('shows a sent quote read-only, and Revise opens the new revision', async () => {
    server.use(
      http.get('*/api/v2/quotes/7', () => HttpResponse.json(view({ status: 'sent', sentAt: '2026-01-02T00:00:00Z' }, true))),
      http.post('*/api/v2/quotes/7/revise', () => HttpResponse.json(view({ id: 8, number: 'Q-1007-R2', revision: 2 }), { status: 201 })),
    );
    const user = userEvent.setup();
    const location = renderAt('/quote/edit/7', <QuoteEditorScreen params={{ id: '7' }} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Quote Q-1007 Sent');
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.getByRole('article', { name: 'Support quote Q-1007' })).toHaveTextContent('Printer repair');
    await user.click(screen.getByRole('button', { name: 'Revise' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/quote/edit/8'));
  });

  it('on a phone the lines box that scrolls sideways is a named region that takes focus, so the keyboard can scroll it', async () => {
    // jsdom lays nothing out: every box measures as the lines table on a phone, wider than its box.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    server.use(http.get('*/api/v2/quotes/7', () => HttpResponse.json(view())));
    try {
      renderAt('/quote/edit/7', <QuoteEditorScreen params={{ id: '7' }} />);
      const box = await screen.findByRole('region', { name: 'Quote lines' });
      expect(box).toHaveAttribute('tabindex', '0');
      expect(box).toContainElement(screen.getByRole('table', { name: 'Quote lines' }));
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('a new quote getting its address', () => {
  it('keeps the search half-typed in the catalog picker, with the focus, when the first save moves the screen to /quote/edit/{id}', async () => {
    let release: () => void = () => undefined;
    const saved = new Promise<void>((r) => (release = r));
    server.use(
      http.post('*/api/v2/quotes', async ({ request }) => {
        const body = (await request.json()) as { title: string };
        await saved;
        return HttpResponse.json(view({ id: 9, title: body.title }));
      }),
      http.get('*/api/v2/quotes/9', () => HttpResponse.json(view({ id: 9 }))),
      http.put('*/api/v2/quotes/9', () => HttpResponse.json(view({ id: 9 }))),
      http.get('*/api/v2/catalog', () => HttpResponse.json({ rows: [], total: 0, page: 1, size: 15 })),
      http.get('*/api/v2/companies', () => HttpResponse.json({ rows: [], total: 0, page: 1, size: 10 })),
    );
    const user = userEvent.setup();
    const location = memoryLocation({ path: '/quote/new/client', record: true });
    render(
      <Router hook={location.hook}>
        <Switch>
          <Route path="/quote/new/client">{() => <QuoteEditorScreen params={{}} />}</Route>
          <Route path="/quote/edit/:id">{(p: { id: string }) => <QuoteEditorScreen key={p.id} params={p} />}</Route>
        </Switch>
      </Router>,
    );
    await user.type(await screen.findByLabelText('Title'), 'Printers for the annex');
    const picker = screen.getByRole('combobox', { name: 'Add from the catalog' });
    await user.click(picker);
    await user.keyboard('PAP');
    release();
    await waitFor(() => expect(location.history.at(-1)).toBe('/quote/edit/9'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Add from the catalog' })).toHaveValue('PAP'));
    const after = screen.getByRole('combobox', { name: 'Add from the catalog' });
    expect(after).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue('Printers for the annex');
  });
});

describe('picking the client of a new quote', () => {
  /** The editor at /quote/new/client, moving to /quote/edit/{id} on its first save (as the app's routes do). */
  function renderNewQuote() {
    const location = memoryLocation({ path: '/quote/new/client', record: true });
    render(
      <Router hook={location.hook}>
        <Switch>
          <Route path="/quote/new/client">{() => <QuoteEditorScreen params={{}} />}</Route>
          <Route path="/quote/edit/:id">{(p: { id: string }) => <QuoteEditorScreen key={p.id} params={p} />}</Route>
        </Switch>
      </Router>,
    );
    return location;
  }

  it('keeps the picked company (and the contact picked from its contacts) after the first save moves the screen, and the company list stays closed', async () => {
    const creates: { companyId: number | null; contactName: string; contactEmail: string; keep: boolean }[] = [];
    server.use(
      http.get('*/api/v2/companies', () => HttpResponse.json({ rows: [{ id: 4, name: 'Globex', account_number: 'GLOBEX', status: 'active', territory: null, created_at: '2026-01-01T00:00:00Z', open_tickets: 0 }], page: 1, size: 10, total: 1, totalExact: true })),
      http.get('*/api/v2/companies/4', () => HttpResponse.json(companyPage(4, 'Globex', [{ id: 8, name: 'Jane Smith', email: 'jane@globex.test' }, { id: 9, name: 'No Mail', email: null }]))),
      http.post('*/api/v2/quotes', async ({ request }) => {
        const body = (await request.json()) as (typeof creates)[number];
        creates.push(body);
        return HttpResponse.json(view({ id: 9, number: '', baseNumber: '', companyId: body.companyId, companyName: 'Globex', contactName: body.contactName, contactEmail: body.contactEmail }), { status: 201 });
      }),
      http.put('*/api/v2/quotes/9', () => HttpResponse.json(view({ id: 9, number: '', baseNumber: '', companyId: 4, companyName: 'Globex' }))),
    );
    const user = userEvent.setup();
    const location = renderNewQuote();
    await user.click(await screen.findByRole('combobox', { name: 'Company' }));
    await user.keyboard('Glob');
    await user.click(await screen.findByRole('option', { name: /Globex/ }));
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Globex');
    // The first autosave gives the quote its address; the editor moves with it.
    await waitFor(() => expect(location.history.at(-1)).toBe('/quote/edit/9'), { timeout: 3000 });
    const company = await screen.findByRole('combobox', { name: 'Company' });
    expect(company).toHaveValue('Globex');
    // The list does not open again: not at the move, nor a while after it.
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(company).toHaveAttribute('aria-expanded', 'false');
    // The contact is picked from the company's contacts (a contact without an email cannot receive it).
    await user.click(screen.getByRole('button', { name: /Contact/ }));
    expect(screen.getByRole('option', { name: /No Mail/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: /Jane Smith/ }));
    expect(screen.getByLabelText('Contact name')).toHaveValue('Jane Smith');
    expect(screen.getByLabelText('Contact email (receives the quote)')).toHaveValue('jane@globex.test');
    expect(creates[0]).toMatchObject({ companyId: 4, keep: false });
  });

  it('Send shows the mail greeting the contact by name and sends only once confirmed', async () => {
    const sends: unknown[] = [];
    server.use(
      http.get('*/api/v2/quotes/7', () => HttpResponse.json(view({ contactName: 'Jane Smith', contactEmail: 'jane@acme.test' }))),
      http.post('*/api/v2/quotes/7/send', async ({ request }) => {
        sends.push(await request.json());
        return HttpResponse.json(view({ status: 'sent', contactName: 'Jane Smith', contactEmail: 'jane@acme.test' }, true));
      }),
    );
    const user = userEvent.setup();
    renderAt('/quote/edit/7', <QuoteEditorScreen params={{ id: '7' }} />);
    await user.click(await screen.findByRole('button', { name: 'Send to client' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this quote?' });
    expect(within(dialog).getByTestId('mail-to')).toHaveTextContent('jane@acme.test');
    expect(within(dialog).getByTestId('mail-subject')).toHaveTextContent('Quote Q-1007 from Client Care');
    expect(within(dialog).getByTestId('mail-body').textContent!.split('\n').slice(0, 3)).toEqual(['Hello Jane Smith,', '', 'Your quote Q-1007 for Acme Utilities is ready: $110.00, valid until Jan 31, 2099.']);
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sends).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send to client' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Send this quote?' })).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(sends).toEqual([{ version: 3 }]));
  });

  it('an unnumbered draft is called a new draft, and Discard removes it after a confirmation', async () => {
    const deletes: string[] = [];
    server.use(
      http.get('*/api/v2/quotes/7', () => HttpResponse.json(view({ number: '', baseNumber: '' }))),
      http.delete('*/api/v2/quotes/7', ({ request }) => {
        deletes.push(request.url);
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    const location = renderAt('/quote/edit/7', <QuoteEditorScreen params={{ id: '7' }} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('New draft');
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(deletes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Discard this draft?' })).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/quote/list'));
    expect(deletes).toHaveLength(1);
  });
});

describe("a quote's record", () => {
  it('records an acceptance given by phone: the record shows it, and the record machine (not the screen) says so', async () => {
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    notices.notices.length = 0;
    const decisions: unknown[] = [];
    let status: 'sent' | 'accepted' = 'sent';
    server.use(
      http.get('*/api/v2/quotes/7', () => HttpResponse.json(view({ status, sentAt: '2026-01-02T00:00:00Z' }, true))),
      http.post('*/api/v2/quotes/7/status', async ({ request }) => {
        decisions.push(await request.json());
        status = 'accepted';
        return HttpResponse.json(view({ status, sentAt: '2026-01-02T00:00:00Z' }, true));
      }),
    );
    const user = userEvent.setup();
    renderAt('/quote/view/7', <QuoteViewScreen params={{ id: '7' }} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Quote Q-1007 Sent');
    await user.click(screen.getByRole('button', { name: 'Record acceptance' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Quote Q-1007 Accepted'));
    restore();
    expect(decisions).toEqual([{ status: 'accepted', note: '' }]);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Quote accepted' }]);
  });
});

describe('the catalog import', () => {
  it('previews every row with its errors and imports only when all are valid', async () => {
    const bad: CatalogImportResult = {
      valid: false,
      committed: false,
      created: 0,
      updated: 0,
      fileErrors: [],
      rows: [
        { line: 2, sku: 'A4', name: 'Paper A4', category: 'paper', unitPriceCents: 2450, unitCostCents: 1200, taxable: true, active: true, action: 'create', errors: {} },
        { line: 3, sku: 'TONER', name: 'Toner', category: 'hardware', unitPriceCents: null, unitCostCents: 100, taxable: true, active: true, action: 'update', errors: { unit_price: 'Unit price must be an amount like 12.50' } },
      ],
    };
    const bodies: { commit: boolean }[] = [];
    server.use(
      http.get('*/api/v2/catalog', () => HttpResponse.json({ rows: [], page: 1, size: 10, total: 0, totalExact: true })),
      http.post('*/api/v2/catalog/import', async ({ request }) => {
        bodies.push((await request.json()) as { commit: boolean });
        return HttpResponse.json(bad);
      }),
    );
    const user = userEvent.setup();
    renderAt('/quote/item/management', <CatalogScreen />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await user.type(screen.getByLabelText('Or paste the CSV'), 'sku,name,category,unit_price');
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    const table = await screen.findByRole('table', { name: 'Import preview' });
    const row = within(table).getByRole('row', { name: /TONER/ });
    expect(row).toHaveTextContent('Unit price must be an amount like 12.50');
    expect(screen.getByText('1 of 2 rows have errors: nothing will be imported until they are fixed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    expect(bodies).toEqual([{ csv: 'sku,name,category,unit_price', commit: false }]);
    await act(async () => undefined);
  });
});

/** Standard change templates on the change requests' list page: raising an SCR from one, and keeping them (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES, type ChangeTemplate } from '@contracts/changes';
import ChangeListScreen from '@/features/changes/screens/ChangeListScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const TLS: ChangeTemplate = {
  id: 4,
  name: 'Rotate the TLS certificate',
  product_area: 'Hosting',
  title: 'Rotate the TLS certificate',
  description: 'Renew and install the certificate before it expires.',
  implementation_plan: 'Request, install on both nodes, reload.',
  rollback_plan: 'Reinstall the previous certificate.',
  risk_inputs: { impact: 'low', complexity: 'low', touchesData: false, downtime: false },
  estimate_hours: 2,
  pre_approved: true,
  retired_at: null,
  version: 3,
  updated_at: '2026-11-20T09:00:00Z',
};
const OLD: ChangeTemplate = { ...TLS, id: 5, name: 'Old mail relay', title: 'Move the mail relay', pre_approved: false, retired_at: '2026-11-01T09:00:00Z' };

function serve(posts: { url: string; body: unknown }[]) {
  server.use(
    http.get('*/api/v2/changes/templates', () => HttpResponse.json([TLS, OLD])),
    http.get('*/api/v2/changes', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 })),
    http.get('*/api/v2/preferences/table-size/changes', () => HttpResponse.json({ size: null })),
    http.post('*/api/v2/changes/templates/:id/retire', async ({ request }) => {
      posts.push({ url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ ...TLS, retired_at: '2026-11-27T09:00:00Z', version: 4 });
    }),
  );
}

describe('standard change templates', () => {
  it('fills the new change request’s title and description from the template picked, and asks for the company before anything is sent', async () => {
    const user = userEvent.setup();
    const posts: { url: string; body: unknown }[] = [];
    serve(posts);
    renderAt('/software/change/request', <ChangeListScreen />);
    await user.click(await screen.findByRole('button', { name: 'New change request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New change request' });
    await user.click(await within(dialog).findByRole('button', { name: /Standard change template/ }));
    // Retired templates are not offered.
    expect(screen.queryByRole('option', { name: /Old mail relay/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Rotate the TLS certificate/ }));
    expect((within(dialog).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(TLS.title);
    expect((within(dialog).getByRole('textbox', { name: /^Description/ }) as HTMLTextAreaElement).value).toBe(TLS.description);
    expect(within(dialog).getByText(/pre-approved while they are kept/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Raise the change request' }));
    expect(await within(dialog).findByText('Pick the company')).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('lists live templates before retired ones; a manager retires one as it was read', async () => {
    const user = userEvent.setup();
    const posts: { url: string; body: unknown }[] = [];
    serve(posts);
    renderAt('/software/change/request?view=templates', <ChangeListScreen />, { toasts: true, role: 'manager' });
    const list = await screen.findByRole('list', { name: 'Standard change templates' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')!.textContent)).toEqual([TLS.name, OLD.name]);
    expect(within(items[1]!).getByText('Retired')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: /Retire/ })).toBeNull();
    await user.click(within(items[0]!).getByRole('button', { name: `Retire ${TLS.name}` }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/v2/changes/templates/4/retire', body: { version: 3 } }]));
    expect(await screen.findByText(`Template “${TLS.name}” retired`)).toBeTruthy();
  });

  it('names a template’s missing fields in plain words before sending, and shows other staff no way to change templates', async () => {
    const user = userEvent.setup();
    serve([]);
    const { unmount } = renderAt('/software/change/request?view=templates', <ChangeListScreen />, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New standard change template' });
    await user.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(await within(dialog).findByText(TEMPLATE_MESSAGES.name)).toBeTruthy();
    unmount();
    renderAt('/software/change/request?view=templates', <ChangeListScreen />, { role: 'user' });
    await screen.findByRole('list', { name: 'Standard change templates' });
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
  });
});

/** The Survey tab's send over msw: the manager sees who will get the survey, unticks someone, confirms, and only the ticked contacts are sent. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ClientCareSurveySection from '@/features/surveys/screens/ClientCareSurveySection';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const RECIPIENTS = [
  { id: 11, name: 'Ann Lee', email: 'ann.lee@acme.example.test' },
  { id: 12, name: 'Bo Park', email: 'bo.park@acme.example.test' },
  { id: 13, name: 'Cy Diaz', email: 'cy.diaz@acme.example.test' },
];

function serve(recipients = RECIPIENTS) {
  const sends: unknown[] = [];
  server.use(
    http.get('*/api/v2/surveys/client-care/recipients', ({ request }) => {
      expect(new URL(request.url).searchParams.get('companyId')).toBe('3');
      return HttpResponse.json({ rows: recipients });
    }),
    http.post('*/api/v2/surveys/client-care/send', async ({ request }) => {
      const body = (await request.json()) as { contactIds: number[] };
      sends.push(body);
      return HttpResponse.json({ queued: body.contactIds.length });
    }),
  );
  return sends;
}

describe('sending the client care survey of a company', () => {
  it('shows who will get it (names and emails, all ticked), and mails only the contacts still ticked when confirmed', async () => {
    const sends = serve();
    const user = userEvent.setup();
    renderAt('/company/3', <ClientCareSurveySection companyId={3} />, { role: 'manager' });
    const section = screen.getByRole('region', { name: 'Client care survey' });
    await user.click(within(section).getByRole('button', { name: /Send the client care survey/ }));
    // Nothing is sent before the manager confirms.
    const dialog = await screen.findByRole('dialog', { name: 'Send the client care survey' });
    expect(sends).toEqual([]);
    for (const r of RECIPIENTS) {
      const box = await within(dialog).findByRole('checkbox', { name: new RegExp(r.name) });
      expect(box).toBeChecked();
      expect(within(dialog).getByText(r.email)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Send to 3 contacts' })).toBeEnabled();

    await user.click(within(dialog).getByRole('checkbox', { name: /Bo Park/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Bo Park/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 contacts' }));

    await waitFor(() => expect(sends).toEqual([{ companyId: 3, contactIds: [11, 13] }]));
    expect(await within(section).findByRole('status')).toHaveTextContent('Sent to 2 contacts.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing when cancelled, and cannot send with nobody ticked', async () => {
    const sends = serve(RECIPIENTS.slice(0, 1));
    const user = userEvent.setup();
    renderAt('/company/3', <ClientCareSurveySection companyId={3} />, { role: 'admin' });
    await user.click(screen.getByRole('button', { name: /Send the client care survey/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the client care survey' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Ann Lee/ }));
    expect(within(dialog).getByRole('button', { name: 'Send to 0 contacts' })).toBeDisabled();
    expect(within(dialog).getByText('Tick at least one contact')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sends).toEqual([]);
  });

  it('says so when no contact has an email address, and offers no send', async () => {
    const sends = serve([]);
    const user = userEvent.setup();
    renderAt('/company/3', <ClientCareSurveySection companyId={3} />, { role: 'manager' });
    await user.click(screen.getByRole('button', { name: /Send the client care survey/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the client care survey' });
    expect(await within(dialog).findByText(/No contact of this company has an email address/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Send/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(sends).toEqual([]);
  });
});

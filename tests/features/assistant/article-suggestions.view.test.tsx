/** Under a new ticket's title: the help articles that may already answer it, asked for once the client pauses. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ArticleSuggestions } from '@/features/assistant';
import { renderAt } from '@tests/support/render';
import { clientApiServer, verifyTokenOk } from '../client-portal/support';

const server = clientApiServer(verifyTokenOk());

function TitleWithSuggestions() {
  const [title, setTitle] = useState('');
  return (
    <>
      <label>
        Title
        <input value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <Suspense fallback={null}>
        <ArticleSuggestions title={title} />
      </Suspense>
    </>
  );
}

describe('article suggestions on the new-ticket form', () => {
  it('lists the articles for the typed title as links that open beside the form, asking once after the pause', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/client/assistant/suggest', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({ items: [{ id: 7, title: 'How to reset your password', href: '/client/help/resources?article=7' }] });
      }),
    );
    renderAt('/client/tickets', <TitleWithSuggestions />);
    await userEvent.type(await screen.findByLabelText('Title'), 'password reset link');
    expect(await screen.findByText('These articles may answer it')).toBeInTheDocument();
    const link = within(screen.getByRole('list')).getByRole('link', { name: 'How to reset your password' });
    expect(link).toHaveAttribute('href', '/client/help/resources?article=7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(asked).toEqual(['password reset link']);
  });

  it('asks nothing for a few letters and shows nothing', async () => {
    const asked: string[] = [];
    server.use(http.get('*/api/client/assistant/suggest', ({ request }) => (asked.push(new URL(request.url).searchParams.get('q') ?? ''), HttpResponse.json({ items: [] }))));
    renderAt('/client/tickets', <TitleWithSuggestions />);
    await userEvent.type(await screen.findByLabelText('Title'), 'pas');
    await new Promise((r) => setTimeout(r, 400));
    expect(asked).toEqual([]);
    expect(screen.queryByText('These articles may answer it')).toBeNull();
  });
});

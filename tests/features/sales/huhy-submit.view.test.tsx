/** The public "How did you hear about us?" form over msw: a prospect reads plain words beside each field, never the API's names. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import HuhySubmitScreen from '@/features/sales/screens/HuhySubmitScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function serve() {
  const posts: unknown[] = [];
  server.use(
    http.get('*/api/v2/public/huhy/channels', () => HttpResponse.json({ channels: [{ id: 1, name: 'A friend' }, { id: 2, name: 'Search engine' }] })),
    http.post('*/api/v2/public/huhy', async ({ request }) => {
      posts.push(await request.json());
      return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: channelId (Channel must be positive)', fields: { channelId: 'Channel must be positive' } } }, { status: 400 });
    }),
  );
  return posts;
}

describe('How did you hear about us? (public)', () => {
  it('asks for how they heard about us in plain words beside the picker, with no internal names, and sends nothing', async () => {
    const user = userEvent.setup();
    const posts = serve();
    renderAt('/dtc/huhy/submit', <HuhySubmitScreen />);
    await user.type(await screen.findByRole('textbox', { name: /^Company/ }), 'Harbor Water');
    await user.type(screen.getByRole('textbox', { name: /^Your name/ }), 'Dana Reyes');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'dana@harbor.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.getByText('Pick how you heard about us')).toBeInTheDocument());
    expect(screen.getAllByText('Pick how you heard about us')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/channelId|Channel must|Invalid body|must be a number|must be positive/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: /How did you hear about us\?/ })).toHaveFocus();
    expect(posts).toEqual([]);
  });

  it('says what an empty form needs beside each field', async () => {
    const user = userEvent.setup();
    const posts = serve();
    renderAt('/dtc/huhy/submit', <HuhySubmitScreen />);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const company = screen.getByRole('textbox', { name: /^Company/ });
    await waitFor(() => expect(company).toHaveAccessibleDescription("Tell us your company's name"));
    expect(screen.getByRole('textbox', { name: /^Your name/ })).toHaveAccessibleDescription('Tell us your name');
    expect(company).toHaveFocus();
    expect(posts).toEqual([]);
  });
});

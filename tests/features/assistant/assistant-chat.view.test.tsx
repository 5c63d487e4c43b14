/** The assistant's conversation as the client and staff see it: streamed sources first, the answer, Stop, errors in plain words, handover. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_TEXTS } from '@contracts/assistant';
import { AssistantChat } from '@/features/assistant';
import { renderAt } from '@tests/support/render';
import { clientApiServer, renderClientAt, verifyTokenOk } from '../client-portal/support';

const server = clientApiServer(verifyTokenOk());

const ARTICLE = { kind: 'article', id: 7, title: 'How to reset your password', excerpt: 'Open Forgot password on the login page and enter your email.', href: '/client/help/resources?article=7' };
const TICKET = { kind: 'ticket', id: 59, title: '#59 Billing run stopped halfway', excerpt: 'Stopped at about 60% with record locked.', href: '/ticket/59' };

/** An answer's stream as the server sends it: one `event:`/`data:` block per frame. */
function streamOf(frames: { event: string; data: unknown }[], { holdOpen = false } = {}) {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const f of frames) controller.enqueue(encoder.encode(`event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`));
      if (!holdOpen) controller.close();
    },
  });
}
const sse = (body: ReadableStream) => new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });

const answered = (sources: unknown[], answer: string, extra: { event: string; data: unknown }[] = []) => [
  { event: 'sources', data: { conversationId: 3, sources, confidence: 0.8 } },
  { event: 'delta', data: { text: answer.slice(0, 10) } },
  { event: 'delta', data: { text: answer.slice(10) } },
  ...extra,
  { event: 'done', data: { messageId: 11, answer, phrasedBy: 'extract' } },
];

async function askAs(question: string) {
  const u = userEvent.setup();
  const box = await screen.findByLabelText('Your question');
  await u.type(box, question);
  await u.keyboard('{Enter}');
  return { u, box };
}

describe("the client's chat", () => {
  it('shows the sources first with their links, then the answer, and keeps the question box ready', async () => {
    server.use(http.post('*/api/client/assistant/ask', () => sse(streamOf(answered([ARTICLE], 'The link is valid for 60 minutes.')))));
    renderClientAt('/clientaichat', { signedIn: true });
    const { box } = await askAs('How long is the reset link valid?');
    const turn = await screen.findByRole('region', { name: 'Question: How long is the reset link valid?' });
    const link = await within(turn).findByRole('link', { name: 'How to reset your password' });
    expect(link).toHaveAttribute('href', '/client/help/resources?article=7');
    expect(await within(turn).findByText('The link is valid for 60 minutes.')).toBeInTheDocument();
    // Sources come before the answer in the reading order.
    expect(link.compareDocumentPosition(within(turn).getByText('The link is valid for 60 minutes.')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('log', { name: 'Conversation with the assistant' })).toHaveAttribute('aria-live', 'polite');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(within(turn).getByRole('group', { name: 'Was this helpful?' })).toBeInTheDocument();
  });

  it('offers Stop while the answer streams, and Stop keeps what came so far', async () => {
    server.use(http.post('*/api/client/assistant/ask', () => sse(streamOf(answered([ARTICLE], 'Open Forgot password on the login page.').slice(0, 2), { holdOpen: true }))));
    renderClientAt('/clientaichat', { signedIn: true });
    const { u } = await askAs('How do I reset my password?');
    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(await screen.findByText('Open Forgo')).toBeInTheDocument();
    await u.click(stop);
    expect(await screen.findByText('Stopped.')).toBeInTheDocument();
    expect(screen.getByText('Open Forgo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeInTheDocument();
  });

  it("says in plain words why the server refused the question, and Try again asks it again", async () => {
    let calls = 0;
    server.use(
      http.post('*/api/client/assistant/ask', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'rate_limited', message: 'Too many questions in a minute; wait a moment and ask again.' } }, { status: 429 })
          : sse(streamOf(answered([ARTICLE], 'The link is valid for 60 minutes.')));
      }),
    );
    renderClientAt('/clientaichat', { signedIn: true });
    const { u } = await askAs('How long is the reset link valid?');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The assistant could not answer');
    expect(alert).toHaveTextContent('Too many questions in a minute; wait a moment and ask again.');
    await u.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The link is valid for 60 minutes.')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('hands the conversation over in one click and links the new ticket', async () => {
    let handedOver: unknown = null;
    server.use(
      http.post('*/api/client/assistant/ask', () => sse(streamOf([{ event: 'sources', data: { conversationId: 3, sources: [], confidence: 0 } }, { event: 'handover', data: { kind: 'ticket', reason: 'asked' } }, { event: 'done', data: { messageId: 12, answer: ASSISTANT_TEXTS.dontKnow, phrasedBy: 'extract' } }]))),
      http.post('*/api/client/assistant/handover', async ({ request }) => {
        handedOver = await request.json();
        await delay(10);
        return HttpResponse.json({ ticketId: 88, href: '/client/tickets?id=88' }, { status: 201 });
      }),
    );
    renderClientAt('/clientaichat', { signedIn: true });
    const { u } = await askAs('I want to talk to a person');
    expect(await screen.findByText(ASSISTANT_TEXTS.askedForHuman)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Open a ticket with this conversation' }));
    const opened = await screen.findByText(/Ticket #88 is open for our support team/);
    expect(within(opened).getByRole('link', { name: 'View the ticket' })).toHaveAttribute('href', '/client/tickets?id=88');
    expect(handedOver).toEqual({ conversationId: 3 });
  });
});

describe("the staff's assistant window", () => {
  it('cites a resolved ticket with the staff ticket page as its link and offers a ticket search, never a ticket', async () => {
    server.use(
      http.post('*/api/v2/assistant/ask', () =>
        sse(streamOf(answered([TICKET], 'Stopped at about 60% with record locked.', [{ event: 'handover', data: { kind: 'search', reason: 'asked', terms: 'record locked', href: '/tickets?search=record%20locked' } }]))),
      ),
    );
    renderAt('/chat/bot', <AssistantChat audience="staff" />);
    await askAs('Which tickets had record locked?');
    const turn = await screen.findByRole('region', { name: 'Question: Which tickets had record locked?' });
    expect(await within(turn).findByRole('link', { name: '#59 Billing run stopped halfway' })).toHaveAttribute('href', '/ticket/59');
    expect(within(turn).getByText('Resolved ticket')).toBeInTheDocument();
    expect(await within(turn).findByRole('link', { name: 'Open a ticket search for “record locked”' })).toHaveAttribute('href', '/tickets?search=record%20locked');
    expect(within(turn).queryByRole('button', { name: 'Open a ticket with this conversation' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull());
  });
});

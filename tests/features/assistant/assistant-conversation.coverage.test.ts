import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { ConversationContext } from '@/features/assistant/machines/conversation.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const source = { kind: 'article' as const, id: 3, title: 'How to reset your password', excerpt: 'The link is valid for 60 minutes.', href: '/client/help/resources?article=3' };

describeMachinePaths(machineRegistry.find((m) => m.id === 'assistant-conversation')!, {
  inputs: { client: () => ({ audience: 'client' }) },
  events: [
    { type: 'conversation.ask', question: 'How long is the reset link valid?' },
    { type: 'conversation.ask', question: '   ' },
    { type: 'conversation.cancel' },
    { type: 'conversation.retry' },
    { type: 'conversation.rate', messageId: 12, rating: 'up' },
    { type: 'conversation.handOver' },
    { type: 'stream.sources', conversationId: 7, sources: [source] },
    { type: 'stream.delta', text: 'The link is valid ' },
    { type: 'stream.reset' },
    { type: 'stream.handover', handover: { kind: 'ticket', reason: 'asked', title: 'Reset link', description: 'This conversation and the articles cited go with the ticket.' } },
    { type: 'stream.done', messageId: 12, answer: 'The link is valid for 60 minutes.' },
    { type: 'stream.failed', message: 'The server could not be reached' },
  ],
  outputs: { rate: [undefined], handOver: [{ ticketId: 501, href: '/client/tickets?id=501' }] },
  errors: { rate: [new Error('Offline')], handOver: [new Error('Already handed over')] },
  // Questions can follow each other without end: states are told apart by where the machine is and what it holds, not by every turn.
  serializeState: (snapshot) => {
    const c = snapshot.context as ConversationContext;
    const last = c.turns.at(-1);
    return JSON.stringify([snapshot.value, c.turns.length > 0, c.conversationId !== null, c.ticket !== null, last?.status ?? null, Boolean(last?.answer), Boolean(last?.handover), last?.rating ?? null]);
  },
  stopWhen: (snapshot) => (snapshot.context as ConversationContext).turns.length > 2,
  check: (snapshot) => {
    const c = snapshot.context as ConversationContext;
    // Sources come before any word of the answer.
    for (const t of c.turns) if (t.answer && t.status !== 'stopped') expect(t.sources.length > 0 || t.status === 'answered' || t.status === 'failed').toBe(true);
    if (snapshot.matches('failed')) expect(c.error).toBeTruthy();
    if (snapshot.matches('handedOver')) expect(c.ticket).toEqual({ id: 501, href: '/client/tickets?id=501' });
    if (snapshot.matches('idle')) expect(c.turns).toEqual([]);
  },
});

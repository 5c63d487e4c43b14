/**
 * Asking the assistant, as a stream: the question is stored, the passages are found within the
 * asker's scope, the sources go out first, then the answer (the model's, when one is set up and
 * answers in time, else the extractive one), the handover when code decides it, and done. The
 * answer is stored with its sources. A client's handover opens one ticket with the transcript.
 */
import { ASSISTANT_TEXTS, sourceHref, type AskInput, type AssistantFrame, type AssistantSource } from '@contracts/assistant';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { conflict, notFound } from '@server/platform/http/errors';
import type { EventStream } from '@server/platform/http/sse';
import { createClientTicket } from '@server/features/tickets';
import { answerQuestion, type Answer } from './answer';
import { addMessage, loadConversation, markHandedOver, openConversation, type Owner } from './assistant.repo';
import { phrase } from './llm';
import type { AskerScope } from './passages.repo';

type Send = <F extends AssistantFrame>(event: F['event'], data: F['data']) => void;

/** Splits an extractive answer into the deltas of its stream (a few words each). */
const deltasOf = (text: string) => text.match(/\S+\s*/g)?.reduce<string[]>((out, word, i) => (i % 6 === 0 ? [...out, word] : [...out.slice(0, -1), out.at(-1)! + word]), []) ?? [];

/** Starts a conversation or continues the owner's; 404 for someone else's. Stores the question. */
export async function startAsking(ctx: AppContext, owner: Owner, input: AskInput): Promise<number> {
  return inTransaction(ctx.database.pool, async (db) => {
    const id = await openConversation(db, owner, input.conversationId, input.question);
    if (id === null) throw notFound();
    await addMessage(db, id, { role: 'user', text: input.question });
    return id;
  });
}

/** Answers a question into a stream; the frames in order, nothing of another scope. */
export async function streamAnswer(ctx: AppContext, log: FastifyBaseLogger, config: Pick<Config, 'assistantLlm'>, scope: AskerScope, conversationId: number, question: string, stream: EventStream): Promise<void> {
  const send: Send = (event, data) => stream.send(event, data);
  let answer: Answer;
  try {
    answer = await answerQuestion(ctx.database.pool, scope, question);
  } catch (error) {
    log.error({ err: error }, 'the assistant could not search');
    send('error', { message: 'The assistant could not search just now. Please try again.' });
    return;
  }
  const sources: AssistantSource[] = answer.sources.map(({ passageId: _, ...s }) => s);
  send('sources', { conversationId, sources, confidence: Math.round(answer.confidence * 100) / 100 });
  let text = answer.text;
  let phrasedBy: 'extract' | 'model' = 'extract';
  if (answer.answered && config.assistantLlm && !stream.signal.aborted) {
    let said = '';
    try {
      for await (const delta of phrase(config.assistantLlm, question, answer.passages, stream.signal)) {
        said += delta;
        send('delta', { text: delta });
      }
      if (said.trim()) {
        text = said.trim();
        phrasedBy = 'model';
      }
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'the model endpoint failed; the extractive answer stands');
      if (said) send('reset', { reason: 'The model did not finish in time; here is the answer from the sources.' });
    }
  }
  if (phrasedBy === 'extract') for (const delta of deltasOf(text)) send('delta', { text: delta });
  if (answer.handover) send('handover', answer.handover);
  const messageId = await addMessage(ctx.database.pool, conversationId, { role: 'assistant', text, sources, handover: answer.handover, confidence: answer.confidence });
  send('done', { messageId, answer: text, phrasedBy });
}

/** The ticket a client's handover opens: the transcript, then the articles cited. */
export async function handOver(ctx: AppContext, owner: Extract<Owner, { audience: 'client' }>, who: { name: string; email: string }, conversationId: number): Promise<{ ticketId: number; href: string }> {
  return inTransaction(ctx.database.pool, async (db) => {
    const conversation = await loadConversation(db, owner, conversationId);
    if (!conversation) throw notFound();
    if (conversation.ticket_id !== null) throw conflict(`This conversation was already handed over as ticket #${conversation.ticket_id}.`);
    const transcript = conversation.messages.map((m) => `${m.role === 'user' ? who.name : 'Assistant'}: ${m.text}`).join('\n\n');
    const cited = new Map<number, string>();
    for (const m of conversation.messages) for (const s of m.sources) if (s.kind === 'article') cited.set(s.id, s.title);
    const articles = [...cited].map(([id, title]) => `- ${title} (${sourceHref('client', 'article', id)})`).join('\n');
    const description = `Conversation with the assistant:\n\n${transcript}${articles ? `\n\nArticles the assistant cited:\n${articles}` : ''}`;
    const firstQuestion = conversation.messages.find((m) => m.role === 'user')?.text ?? conversation.title;
    const title = `Assistant: ${firstQuestion}`.slice(0, 200);
    const ticketId = await createClientTicket(db, ctx.config, { userId: owner.userId, companyId: owner.companyId, name: who.name, email: who.email }, { title, description, severity: 'M' }, 'create-from-assistant', ctx.now());
    if (!(await markHandedOver(db, conversationId, ticketId))) throw conflict('This conversation was already handed over.');
    await addMessage(db, conversationId, { role: 'assistant', text: `${ASSISTANT_TEXTS.askedForHuman} Ticket #${ticketId} is open for our support team.` });
    return { ticketId, href: sourceHref('client', 'ticket', ticketId) };
  });
}

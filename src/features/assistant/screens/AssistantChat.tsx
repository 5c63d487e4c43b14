import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ASSISTANT, ASSISTANT_TEXTS, type Handover } from '@contracts/assistant';
import { Alert, Button, LinkButton, TextArea, TextLink } from '@/shared/ui/components';
import { conversationMachine, type Turn } from '../machines/conversation.machine';
import type { Audience } from '../api';
import styles from './AssistantChat.module.css';

const KIND_LABEL = { article: 'Help article', ticket: 'Resolved ticket' } as const;

/** The conversation with the assistant, for staff (the /chat/bot window) and clients (/client/clientaichat). */
export function AssistantChat({ audience }: { audience: Audience }) {
  const actor = useActorRef(conversationMachine, { input: { audience } });
  const turns = useSelector(actor, (s) => s.context.turns);
  const error = useSelector(actor, (s) => s.context.error);
  const ticket = useSelector(actor, (s) => s.context.ticket);
  const working = useSelector(actor, (s) => s.matches('working'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const handingOver = useSelector(actor, (s) => s.matches('handingOver'));
  const canHandOver = useSelector(actor, (s) => s.can({ type: 'conversation.handOver' }));
  const [question, setQuestion] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [turns.length, last?.answer, last?.sources.length]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim() || working) return;
    actor.send({ type: 'conversation.ask', question });
    setQuestion('');
  };
  // Links open beside the conversation, so it stays where it is.
  const target = '_blank';

  return (
    <div className={styles.chat}>
      <div ref={logRef} className={styles.log} role="log" aria-live="polite" aria-label="Conversation with the assistant" tabIndex={0}>
        {turns.length === 0 ? <p className={styles.intro}>{ASSISTANT_TEXTS.empty}</p> : null}
        {turns.map((turn, i) => (
          <TurnView
            key={i}
            turn={turn}
            audience={audience}
            target={target}
            onRate={(rating) => turn.messageId !== null && actor.send({ type: 'conversation.rate', messageId: turn.messageId, rating })}
            handover={turn.handover ? <HandoverView handover={turn.handover} ticket={ticket} canHandOver={canHandOver && i === turns.length - 1} pending={handingOver} onHandOver={() => actor.send({ type: 'conversation.handOver' })} /> : null}
          />
        ))}
        {failed && error ? (
          <Alert tone="danger" title="The assistant could not answer" live>
            <p>{error}</p>
            <Button size="sm" onPress={() => actor.send({ type: 'conversation.retry' })}>
              Try again
            </Button>
          </Alert>
        ) : null}
      </div>
      <form className={styles.form} onSubmit={submit} aria-label="Ask the assistant">
        <TextArea
          label="Your question"
          rows={2}
          value={question}
          onChange={setQuestion}
          maxLength={ASSISTANT.questionMax}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e as unknown as FormEvent);
          }}
        />
        <div className={styles.actions}>
          {audience === 'client' && turns.length > 0 && canHandOver && !turns.at(-1)?.handover ? (
            <Button variant="quiet" onPress={() => actor.send({ type: 'conversation.handOver' })} isPending={handingOver} pendingLabel="Opening a ticket">
              Talk to a person
            </Button>
          ) : null}
          {working ? (
            <Button onPress={() => actor.send({ type: 'conversation.cancel' })}>Stop</Button>
          ) : (
            <Button type="submit" variant="primary" isDisabled={!question.trim()}>
              Ask
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

function TurnView({ turn, audience, target, onRate, handover }: { turn: Turn; audience: Audience; target: string; onRate: (r: 'up' | 'down') => void; handover: React.ReactNode }) {
  const waiting = turn.status === 'asking';
  return (
    <section className={styles.turn} aria-label={`Question: ${turn.question}`}>
      <p className={styles.question}>{turn.question}</p>
      <div className={styles.reply}>
        {waiting ? <p className={styles.answer}>Looking through the {audience === 'staff' ? 'articles and ticket history' : 'help articles and your tickets'}…</p> : null}
        {turn.sources.length ? (
          <div>
            <h3 className={styles.sourcesTitle}>Sources</h3>
            <ol className={styles.sources}>
              {turn.sources.map((s) => (
                <li key={`${s.kind}-${s.id}`} className={styles.source}>
                  <span className={styles.sourceKind}>{KIND_LABEL[s.kind]}</span>
                  <TextLink href={s.href} target={target} rel="noopener">
                    {s.title}
                  </TextLink>
                  <p className={styles.excerpt}>{s.excerpt}</p>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {turn.answer ? <p className={styles.answer}>{turn.answer}</p> : null}
        {turn.status === 'stopped' ? <p className={styles.meta}>Stopped.</p> : null}
        {handover}
        {turn.messageId !== null && turn.answer !== ASSISTANT_TEXTS.dontKnow ? (
          <div className={styles.meta} role="group" aria-label="Was this helpful?">
            <span>Was this helpful?</span>
            <Button size="sm" variant="quiet" aria-pressed={turn.rating === 'up'} onPress={() => onRate('up')}>
              Yes
            </Button>
            <Button size="sm" variant="quiet" aria-pressed={turn.rating === 'down'} onPress={() => onRate('down')}>
              No
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function HandoverView({ handover, ticket, canHandOver, pending, onHandOver }: { handover: Handover; ticket: { id: number; href: string } | null; canHandOver: boolean; pending: boolean; onHandOver: () => void }) {
  if (handover.kind === 'search') {
    return (
      <div className={styles.handover}>
        <p>{ASSISTANT_TEXTS.offerSearch}</p>
        <LinkButton size="sm" href={handover.href} target="_blank" rel="noopener">
          Open a ticket search for “{handover.terms}”
        </LinkButton>
      </div>
    );
  }
  if (ticket) {
    return (
      <div className={styles.handover} role="status">
        <p>
          Ticket #{ticket.id} is open for our support team with this conversation. <TextLink href={ticket.href}>View the ticket</TextLink>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.handover}>
      <p>{handover.reason === 'asked' ? ASSISTANT_TEXTS.askedForHuman : ASSISTANT_TEXTS.offerTicket}</p>
      {canHandOver ? (
        <Button size="sm" variant="primary" onPress={onHandOver} isPending={pending} pendingLabel="Opening a ticket">
          Open a ticket with this conversation
        </Button>
      ) : null}
    </div>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { INITIAL_PAGE } from '@contracts/common/constants';
import type { OutboxMessage } from '@contracts/outbox';
import { outboxMachine } from '../machines/outbox.machine';
import { Badge, Button, Card, DateTime, Disclosure, EmptyState, PageHeader, QueryView, RelativeTime, SkeletonCard } from '@/shared/ui/components';
import styles from './OutboxScreen.module.css';

/** The headers that thread a mail with the others of its ticket, as mail clients name them. */
const THREADING = [
  ['messageId', 'Message-ID'],
  ['inReplyTo', 'In-Reply-To'],
  ['references', 'References'],
] as const;

function Message({ mail: m }: { mail: OutboxMessage }) {
  return (
    <li className={styles.item}>
      <article aria-labelledby={`mail-${m.id}`}>
        <div className={styles.head}>
          <h2 id={`mail-${m.id}`} className={styles.subject}>
            {m.subject}
          </h2>
          {m.sentAt ? (
            <Badge tone="success">Sent</Badge>
          ) : m.skippedReason ? (
            <Badge tone="danger">Skipped</Badge>
          ) : (
            <Badge tone="neutral" title="No SMTP server is configured: the email is only kept here">
              Not sent
            </Badge>
          )}
        </div>
        <p className={styles.meta}>
          <span>To {m.toAddress}</span>
          <span aria-hidden="true">·</span>
          <span>{m.kind}</span>
          <span aria-hidden="true">·</span>
          <span>
            Stored <RelativeTime value={m.createdAt} />
          </span>
          {m.sentAt ? (
            <>
              <span aria-hidden="true">·</span>
              <span>
                sent <DateTime value={m.sentAt} />
              </span>
            </>
          ) : null}
        </p>
        {m.skippedReason ? <p className={styles.skipped}>{m.skippedReason}</p> : null}
        <Disclosure title="Message" headingLevel={3} className={styles.disclosure}>
          {m.messageId || m.inReplyTo || m.references ? (
            <dl className={styles.headers} aria-label="Threading headers">
              {THREADING.map(([key, label]) =>
                m[key] ? (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{m[key]}</dd>
                  </div>
                ) : null,
              )}
            </dl>
          ) : null}
          <pre className={styles.body}>{m.body}</pre>
        </Disclosure>
      </article>
    </li>
  );
}

/** Admins read every stored email: invitations, resets and the rest, newest first. */
export default function OutboxScreen() {
  const query = useActorRef(outboxMachine, { input: { query: INITIAL_PAGE } });
  const page = useSelector(query, (s) => s.context.data);
  const current = useSelector(query, (s) => s.context.query);
  const last = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <div className={styles.page}>
      <PageHeader title="Outbox" subtitle="Every email the portal sends is kept here; without SMTP configured it is only kept, not sent." />
      <QueryView
        actor={query}
        errorFallback="The outbox could not be loaded"
        loading={
          <div className={styles.loading}>
            <SkeletonCard label="Loading the emails" />
            <SkeletonCard />
          </div>
        }
        isEmpty={(p) => p.rows.length === 0}
        empty={
          <Card>
            <EmptyState title="No emails yet." text="Invitations, password links, survey links and ticket updates show here once the portal sends them." />
          </Card>
        }
      >
        {(p) => (
          <Card padding="none">
            <ul className={styles.list}>
              {p.rows.map((m) => (
                <Message key={m.id} mail={m} />
              ))}
            </ul>
          </Card>
        )}
      </QueryView>
      {page && page.total > 0 ? (
        <nav className={styles.pager} aria-label="Pages">
          <Button size="sm" variant="secondary" isDisabled={current <= 1} onPress={() => query.send({ type: 'query.set', query: current - 1 })}>
            Previous
          </Button>
          <span>
            page {current} of {last} · {page.total} email{page.total === 1 ? '' : 's'}
          </span>
          <Button size="sm" variant="secondary" isDisabled={current >= last} onPress={() => query.send({ type: 'query.set', query: current + 1 })}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

/** The latest kudos: who thanked whom, for which value, when (Home and the Kudos form); and the kudos a person received (their profile). One chunk for both cards. */
import { useActorRef } from '@xstate/react';
import { receivedKudosMachine, recentKudosMachine } from '../machines/recent-kudos.machine';
import styles from './forms.module.css';
import { inspection } from '@/shared/inspection';
import { Badge, Card, QueryView, RelativeTime, SkeletonText, TextLink } from '@/shared/ui/components';

export default function RecentKudos({ person, title = 'Recent kudos' }: { person?: number; title?: string }) {
  const kudos = useActorRef(recentKudosMachine, { input: { query: person }, inspect: inspection.inspect });
  return (
    <Card title={title} padding="compact" actions={<TextLink href="/forms/kudo">Send a kudo</TextLink>}>
      <QueryView actor={kudos} loading={<SkeletonText lines={4} label="Loading recent kudos" />} errorFallback="Recent kudos could not be loaded" empty="No kudos yet: be the first to thank a colleague.">
        {(list) => (
          <ul className={styles.list}>
            {list.map((k) => (
              <li key={k.id} className={styles.kudo}>
                <span>
                  <span className={styles.who}>{k.from}</span> thanked <span className={styles.who}>{k.to}</span>
                </span>
                <p className={styles.message}>{k.message}</p>
                <span className={styles.meta}>
                  <Badge tone="info">{k.value}</Badge>
                  <RelativeTime value={k.createdAt} />
                  {k.ticketId ? <TextLink href={`/ticket/${k.ticketId}`}>Ticket #{k.ticketId}</TextLink> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

/** The kudos a person received, newest first (their profile): who thanked them, for which value, what they said, when. */
export function ReceivedKudos({ person }: { person: number }) {
  const kudos = useActorRef(receivedKudosMachine, { input: { query: person }, inspect: inspection.inspect });
  return (
    <Card title="Kudos" padding="compact" actions={<TextLink href="/forms/kudo">Send a kudo</TextLink>}>
      <QueryView actor={kudos} loading={<SkeletonText lines={3} label="Loading kudos" />} errorFallback="Kudos could not be loaded" empty="No kudos yet: when a colleague thanks you, it shows here.">
        {(list) => (
          <ul className={styles.list} aria-label="Kudos received">
            {list.map((k) => (
              <li key={k.id} className={styles.kudo}>
                <span>
                  From <span className={styles.who}>{k.from}</span>
                </span>
                <p className={styles.message}>{k.message}</p>
                <span className={styles.meta}>
                  <Badge tone="info">{k.value}</Badge>
                  <RelativeTime value={k.createdAt} />
                  {k.ticketId ? <TextLink href={`/ticket/${k.ticketId}`}>Ticket #{k.ticketId}</TextLink> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

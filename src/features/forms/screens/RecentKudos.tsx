/** The latest kudos: who thanked whom, for which value, when (Home and the Kudos form); the list a person's received kudos show in too (ReceivedKudos.tsx). */
import type { ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { Kudo } from '@contracts/kudos-feed';
import { recentKudosMachine } from '../machines/recent-kudos.machine';
import styles from './forms.module.css';
import { inspection } from '@/shared/inspection';
import { Badge, Card, QueryView, RelativeTime, SkeletonText, TextLink } from '@/shared/ui/components';

/** A list of kudos: who (as `who` says), the message, the value, when, and the ticket it was for. */
export function KudoList({ list, who, label }: { list: Kudo[]; who: (k: Kudo) => ReactNode; label?: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {list.map((k) => (
        <li key={k.id} className={styles.kudo}>
          <span>{who(k)}</span>
          <p className={styles.message}>{k.message}</p>
          <span className={styles.meta}>
            <Badge tone="info">{k.value}</Badge>
            <RelativeTime value={k.createdAt} />
            {k.ticketId ? <TextLink href={`/ticket/${k.ticketId}`}>Ticket #{k.ticketId}</TextLink> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function RecentKudos({ person, title = 'Recent kudos' }: { person?: number; title?: string }) {
  const kudos = useActorRef(recentKudosMachine, { input: { query: person }, inspect: inspection.inspect });
  return (
    <Card title={title} padding="compact" actions={<TextLink href="/forms/kudo">Send a kudo</TextLink>}>
      <QueryView actor={kudos} loading={<SkeletonText lines={4} label="Loading recent kudos" />} errorFallback="Recent kudos could not be loaded" empty="No kudos yet: be the first to thank a colleague.">
        {(list) => (
          <KudoList
            list={list}
            who={(k) => (
              <>
                <span className={styles.who}>{k.from}</span> thanked <span className={styles.who}>{k.to}</span>
              </>
            )}
          />
        )}
      </QueryView>
    </Card>
  );
}

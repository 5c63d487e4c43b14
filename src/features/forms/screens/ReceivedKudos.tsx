/** The kudos a person received, newest first (their profile), a page at a time with "Show more". */
import { useActorRef, useSelector } from '@xstate/react';
import { receivedKudosMachine } from '../machines/received-kudos.machine';
import styles from './forms.module.css';
import { KudoList } from './RecentKudos';
import { inspection } from '@/shared/inspection';
import { Alert, Button, Card, SkeletonText, TextLink } from '@/shared/ui/components';

export default function ReceivedKudos({ person }: { person: number }) {
  const kudos = useActorRef(receivedKudosMachine, { input: { person }, inspect: inspection.inspect });
  const list = useSelector(kudos, (s) => s.context.kudos);
  const more = useSelector(kudos, (s) => s.context.more);
  const error = useSelector(kudos, (s) => s.context.error);
  const first = useSelector(kudos, (s) => s.matches('loading'));
  const failed = useSelector(kudos, (s) => s.matches('failed'));
  const loadingMore = useSelector(kudos, (s) => s.matches('loadingMore'));
  return (
    <Card title="Kudos" padding="compact" actions={<TextLink href="/forms/kudo">Send a kudo</TextLink>}>
      {first ? <SkeletonText lines={3} label="Loading kudos" /> : null}
      {failed ? (
        <Alert tone="danger" title="Kudos could not be loaded">
          <p>{error}</p>
          <Button size="sm" onPress={() => kudos.send({ type: 'kudos.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {!first && !failed && !list.length ? <p>No kudos yet: when a colleague thanks you, it shows here.</p> : null}
      {list.length ? (
        <KudoList
          list={list}
          label="Kudos received"
          who={(k) => (
            <>
              From <span className={styles.who}>{k.from}</span>
            </>
          )}
        />
      ) : null}
      {list.length && error && !failed ? <Alert tone="danger" title="More kudos could not be loaded">{error}</Alert> : null}
      {more ? (
        <div className={styles.actions}>
          <Button size="sm" isPending={loadingMore} onPress={() => kudos.send({ type: 'kudos.more' })}>
            Show more
          </Button>
          <span className={styles.metaInline}>{list.length} shown</span>
        </div>
      ) : null}
    </Card>
  );
}

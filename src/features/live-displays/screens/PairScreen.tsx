/** The pairing link's page (/tv/pair#token): the TV exchanges the token for its cookie, then shows its boards. */
import { useActorRef, useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { DISPLAY_PAGE_PATH } from '@contracts/live-displays';
import { displayPairMachine } from '../machines/displays.machines';
import styles from './Board.module.css';

export default function PairScreen() {
  // The token rides in the fragment: never sent to the server with the page, never in a log.
  const pair = useActorRef(displayPairMachine, { input: { query: window.location.hash.slice(1) } });
  const paired = useSelector(pair, (s) => s.context.data);
  const error = useSelector(pair, (s) => s.context.error);
  if (paired) return <Redirect to={DISPLAY_PAGE_PATH} replace />;
  return (
    <main className={styles.board}>
      <h1 className={styles.title}>Pairing this TV</h1>
      {error ? (
        <p className={styles.refused} role="alert">
          {error}
        </p>
      ) : (
        <p className={styles.loading}>Pairing…</p>
      )}
    </main>
  );
}

/** What a paired TV shows (/tv): its board, or its rotation of boards; nobody signs in. */
import { useActorRef, useSelector } from '@xstate/react';
import { DISPLAY_PAIR_PATH, type DisplaySelf } from '@contracts/live-displays';
import { liveConnectionMachine } from '../machines/live-connection.machine';
import { displaySelfMachine } from '../machines/displays.machines';
import { BoardView } from './BoardView';
import styles from './Board.module.css';

function PairedDisplay({ display }: { display: DisplaySelf }) {
  const connection = useActorRef(liveConnectionMachine, { input: { boards: display.boards, rotateSeconds: display.rotateSeconds } });
  return <BoardView connection={connection} />;
}

export default function DisplayScreen() {
  const self = useActorRef(displaySelfMachine, { input: { query: null } });
  const display = useSelector(self, (s) => s.context.data);
  const error = useSelector(self, (s) => s.context.error);
  const loading = useSelector(self, (s) => s.matches('loading'));
  if (display) return <PairedDisplay display={display} />;
  return (
    <main className={styles.board}>
      <h1 className={styles.title}>Live display</h1>
      {loading ? (
        <p className={styles.loading}>Connecting…</p>
      ) : (
        <p className={styles.refused} role="alert">
          {error ?? 'This TV is not paired.'} An admin creates a display at Admin → Displays and opens its pairing link here ({DISPLAY_PAIR_PATH}).
        </p>
      )}
    </main>
  );
}

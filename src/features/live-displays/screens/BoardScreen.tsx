/** A live board for staff (/live/displays/:board), full screen, on their own session. */
import { useActorRef } from '@xstate/react';
import { Link } from 'wouter';
import { LIVE_BOARDS, type LiveBoard } from '@contracts/live-displays';
import type { ScreenProps } from '@/shared/routing';
import { NotFound } from '@/shared/ui/NotFound';
import { liveConnectionMachine } from '../machines/live-connection.machine';
import { BoardView } from './BoardView';
import styles from './Board.module.css';

const isBoard = (value: string | undefined): value is LiveBoard => LIVE_BOARDS.includes(value as LiveBoard);

function LiveBoardScreen({ board }: { board: LiveBoard }) {
  const connection = useActorRef(liveConnectionMachine, { input: { boards: [board] } });
  return (
    <BoardView
      connection={connection}
      back={
        <Link href="/home" className={styles.back}>
          Back to Home
        </Link>
      }
    />
  );
}

export default function BoardScreen({ params }: ScreenProps) {
  if (!isBoard(params.board)) return <NotFound />;
  // One connection per board: another board is another screen.
  return <LiveBoardScreen key={params.board} board={params.board} />;
}

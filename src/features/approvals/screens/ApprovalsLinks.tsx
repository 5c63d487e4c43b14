/** The ways to /approvals from elsewhere: the header's link and Home's card, each with the count waiting. */
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { waitingMachine } from '../machines/waiting.machine';
import styles from './ApprovalsLinks.module.css';
import { inspection } from '@/shared/inspection';
import { Card, Stat, TextLink } from '@/shared/ui/components';

function useWaiting() {
  const waiting = useActorRef(waitingMachine, { input: {}, inspect: inspection.inspect });
  return useSelector(waiting, (s) => s.context.data?.waiting ?? null);
}

/** The header's link: "Approvals" with the number waiting for me. */
export function HeaderLink() {
  const count = useWaiting();
  return (
    <Link href="/approvals" className={styles.header} aria-label={count ? `Approvals, ${count} waiting for you` : 'Approvals'} title="Approvals">
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M2.5 8.5l3.5 3.5 7.5-8" />
      </svg>
      <span className={styles.label}>Approvals</span>
      {count ? <span className={styles.count}>{count}</span> : null}
    </Link>
  );
}

/** Home's card: how many requests wait for my decision, one link away. */
export function HomeCard() {
  const count = useWaiting();
  return (
    <Card padding="compact">
      <Stat label="Waiting for my approval" value={count ?? '–'} hint={<TextLink href="/approvals">Open approvals</TextLink>} />
    </Card>
  );
}

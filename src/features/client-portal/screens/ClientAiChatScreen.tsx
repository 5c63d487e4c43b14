import { Suspense } from 'react';
import { Link } from 'wouter';
import { AssistantChat } from '@/features/assistant';
import { usePageTitle } from '@/shared/page-title';
import { Logo, SkeletonText } from '@/shared/ui/components';
import styles from './ClientAiChatScreen.module.css';

/** /client/clientaichat: logged in, no layout: the assistant, answering from the help articles and the company's tickets. */
export default function ClientAiChatScreen() {
  usePageTitle('AI chat');
  return (
    <main className={styles.window}>
      <header className={styles.header}>
        <Logo size={28} variant="inverse" />
        <h1 className={styles.title}>AI chat</h1>
        <nav aria-label="Leave the chat" className={styles.links}>
          <Link href="/help/resources">Help resources</Link>
          <Link href="/">Dashboard</Link>
        </nav>
      </header>
      <div className={styles.body}>
        <Suspense fallback={<SkeletonText lines={3} label="Loading the assistant" />}>
          <AssistantChat audience="client" />
        </Suspense>
      </div>
    </main>
  );
}

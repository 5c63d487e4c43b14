import { StaffSession } from '@/shared/session/staff-session';
import { Card, Logo } from '@/shared/ui/components';
import styles from './ChatBotWindow.module.css';

/** /chat/bot: the chatbot's own window, signed in by the hand-over from the portal. */
export default function ChatBotWindow() {
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  return (
    <main className={styles.window}>
      <header className={styles.header}>
        <Logo size={28} variant="inverse" />
        <h1 className={styles.title}>AI Chatbot</h1>
      </header>
      <div className={styles.body}>
        <Card padding="md">
          <section aria-label="Assistant">
            <p className={styles.signedIn}>Signed in as {username}</p>
            <p className={styles.text}>The assistant is not available yet. It will answer from the knowledge articles and ticket history.</p>
          </section>
        </Card>
      </div>
    </main>
  );
}

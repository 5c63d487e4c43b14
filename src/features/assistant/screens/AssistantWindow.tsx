import { StaffSession } from '@/shared/session/staff-session';
import { Logo } from '@/shared/ui/components';
import { AssistantChat } from './AssistantChat';
import styles from './AssistantWindow.module.css';

/** /chat/bot: the assistant's own 520 × 700 window, signed in by the hand-over from the portal. */
export default function AssistantWindow() {
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  return (
    <main className={styles.window}>
      <header className={styles.header}>
        <Logo size={28} variant="inverse" />
        <h1 className={styles.title}>AI Chatbot</h1>
        <p className={styles.signedIn}>Signed in as {username}</p>
      </header>
      <div className={styles.body}>
        <AssistantChat audience="staff" />
      </div>
    </main>
  );
}

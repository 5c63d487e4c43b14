import { Link } from 'wouter';
import { Alert } from '@/shared/ui/components';
import { GuestCard, GuestLinks, guestStyles } from './GuestCard';

/** /client/clientaichat: logged in, no layout. The assistant is not available yet. */
export default function ClientAiChatScreen() {
  return (
    <GuestCard title="AI chat">
      <div role="status">
        <Alert title="The AI assistant is not available yet. Please check back soon." />
      </div>
      <p className={guestStyles.message}>Meanwhile, the help resources answer the common questions, and support answers the rest.</p>
      <GuestLinks>
        <Link href="/help/resources">Search the help resources</Link>
        <Link href="/contact/support">Contact support</Link>
        <Link href="/">Back to the dashboard</Link>
      </GuestLinks>
    </GuestCard>
  );
}

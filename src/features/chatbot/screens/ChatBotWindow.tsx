import { StaffSession } from '@/shared/session/staff-session';

/** /chat/bot: the chatbot's own window, signed in by the hand-over from the portal. */
export default function ChatBotWindow() {
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  return (
    <main className="chat-window">
      <header className="shell-header">
        <img src="/logo.svg" alt="" width={28} height={28} />
        <div className="titles">
          <strong>AI Chatbot</strong>
        </div>
      </header>
      <section className="card" aria-label="Assistant">
        <p className="signed-in-as">Signed in as {username}</p>
        <p>The assistant is not available yet. It will answer from the knowledge articles and ticket history.</p>
      </section>
    </main>
  );
}

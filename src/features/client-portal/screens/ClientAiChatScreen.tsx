import { Link } from 'wouter';

/** /client/clientaichat: logged in, no layout. The assistant is not available yet. */
export default function ClientAiChatScreen() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>AI chat</h1>
        <p role="status">The AI assistant is not available yet. Please check back soon.</p>
        <p>
          Meanwhile, <Link href="/help/resources">search the help resources</Link> or <Link href="/contact/support">contact support</Link>.
        </p>
      </div>
    </main>
  );
}

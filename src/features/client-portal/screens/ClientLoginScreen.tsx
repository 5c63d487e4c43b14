import { Link, Redirect } from 'wouter';
import { ClientSession } from '@/shared/session/client-session';
import { LoginForm } from '@/shared/ui/LoginForm';
import guestStyles from './GuestCard.module.css';
import { usePageTitle } from '@/shared/page-title';

export default function ClientLoginScreen() {
  const session = ClientSession.useActorRef();
  const loggedIn = ClientSession.useSelector((s) => s.matches('loggedIn'));
  const busy = ClientSession.useSelector((s) => s.matches('loggingIn'));
  const error = ClientSession.useSelector((s) => s.context.loginError);
  usePageTitle('Log in');
  if (loggedIn) return <Redirect to="~/client" replace />;
  return (
    <LoginForm
      heading="Client Portal"
      subtitle="Log in to follow your company's tickets"
      submitLabel="Log in"
      busy={busy}
      error={error}
      onSubmit={(credentials) => session.send({ type: 'session.logIn', credentials })}
    >
      <p className={guestStyles.links}>
        <Link href="/forgot-password">Forgot password?</Link> <Link href="/signup">Sign up</Link>
      </p>
    </LoginForm>
  );
}

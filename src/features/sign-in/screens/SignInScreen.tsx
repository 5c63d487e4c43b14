import { Redirect } from 'wouter';
import { APP_SUBTITLE, APP_TITLE } from '@contracts/common/constants';
import { StaffSession } from '@/shared/session/staff-session';
import { LoginForm } from '@/shared/ui/LoginForm';

export default function SignInScreen() {
  const session = StaffSession.useActorRef();
  const signedIn = StaffSession.useSelector((s) => s.matches('signedIn'));
  const busy = StaffSession.useSelector((s) => s.matches('signingIn'));
  const error = StaffSession.useSelector((s) => s.context.signInError);
  const landingPage = StaffSession.useSelector((s) => s.context.landingPage);
  // After sign-in the person lands where they chose on their profile (Home unless they chose).
  if (signedIn) return <Redirect to={landingPage ?? '/home'} replace />;
  return (
    <LoginForm
      heading={APP_TITLE}
      subtitle={APP_SUBTITLE}
      submitLabel="Sign in"
      busy={busy}
      error={error}
      onSubmit={(credentials) => session.send({ type: 'session.signIn', credentials })}
    />
  );
}

import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { TOKEN_INVALID_MESSAGE } from '@contracts/client-portal';
import { LIMITS } from '@contracts/common/constants';
import { resetPasswordMachine, setPasswordMachine } from '../machines/client-portal.machines';
import { Button, Form, FormErrorBanner, LinkButton, TextField } from '@/shared/ui/components';
import { FormError, useFormState } from './form-parts';
import { GuestCard, GuestLinks, guestStyles } from './GuestCard';

const TEXT = {
  invite: { title: 'Set your password', done: 'Your account is active. Log in with your new password.', button: 'Set password' },
  reset: { title: 'Reset your password', done: 'Your password was changed. Log in with your new password.', button: 'Reset password' },
} as const;

/** /client/set-password/{token} (invitations and signups) and /client/reset-password/{token}. */
export default function ClientPasswordScreen({ purpose }: { purpose: 'invite' | 'reset' }) {
  const { token = '' } = useParams<{ token: string }>();
  const form = useActorRef(purpose === 'invite' ? setPasswordMachine : resetPasswordMachine, { input: {} });
  const { busy, done, error, fields } = useFormState(form);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const text = TEXT[purpose];

  if (done) {
    return (
      <GuestCard title={text.title}>
        <p role="status" className={guestStyles.message}>
          {text.done}
        </p>
        <LinkButton href="/login" variant="primary" size="lg" fullWidth>
          Go to login
        </LinkButton>
      </GuestCard>
    );
  }
  const tokenDead = Boolean(fields.token);
  return (
    <GuestCard title={text.title}>
      {tokenDead ? (
        <FormErrorBanner title={TOKEN_INVALID_MESSAGE} errors={[<Link key="new-link" href="/forgot-password">Ask for a new link</Link>]} />
      ) : (
        <FormError error={error} />
      )}
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          setMismatch(password !== confirm);
          if (password === confirm) form.send({ type: 'form.submit', input: { token, password } });
        }}
      >
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          isRequired
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={password}
          onChange={setPassword}
          description={`At least ${LIMITS.passwordMin} characters; a passphrase of a few words works well.`}
          errorMessage={fields.password}
        />
        <TextField
          label="Confirm password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          isRequired
          maxLength={LIMITS.passwordMax}
          value={confirm}
          onChange={setConfirm}
          errorMessage={mismatch ? 'The passwords do not match' : undefined}
        />
        <Button type="submit" variant="primary" size="lg" fullWidth isPending={busy}>
          {text.button}
        </Button>
      </Form>
      <GuestLinks>
        <Link href="/login">Back to login</Link>
      </GuestLinks>
    </GuestCard>
  );
}

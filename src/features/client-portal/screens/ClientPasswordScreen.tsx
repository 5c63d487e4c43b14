import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { resetPasswordMachine, setPasswordMachine } from '../machines/guest.machines';
import { buttonClassName } from '@/shared/ui/components/button/button-class';
import { FormErrorBanner } from '@/shared/ui/components/form/FormErrorBanner';
import { LightField, LightForm, LightSubmit } from '@/shared/ui/LightForm';
import { useFormState } from './form-state';
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
        <Link href="/login" className={buttonClassName({ variant: 'primary', size: 'lg', fullWidth: true })}>
          Go to login
        </Link>
      </GuestCard>
    );
  }
  // The server's words for a used or expired link (TOKEN_INVALID_MESSAGE of the contract).
  const tokenDead = fields.token;
  return (
    <GuestCard title={text.title}>
      {tokenDead ? (
        <FormErrorBanner title={tokenDead} errors={[<Link key="new-link" href="/forgot-password">Ask for a new link</Link>]} />
      ) : (
        <FormErrorBanner title={error ?? undefined} />
      )}
      <LightForm
        onSubmit={() => {
          setMismatch(password !== confirm);
          if (password === confirm) form.send({ type: 'form.submit', input: { token, password } });
        }}
      >
        <LightField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={password}
          onChange={setPassword}
          description={`At least ${LIMITS.passwordMin} characters; a passphrase of a few words works well.`}
          errorMessage={fields.password}
        />
        <LightField
          label="Confirm password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          value={confirm}
          onChange={setConfirm}
          errorMessage={mismatch ? 'The passwords do not match' : undefined}
        />
        <LightSubmit busy={busy}>{text.button}</LightSubmit>
      </LightForm>
      <GuestLinks>
        <Link href="/login">Back to login</Link>
      </GuestLinks>
    </GuestCard>
  );
}

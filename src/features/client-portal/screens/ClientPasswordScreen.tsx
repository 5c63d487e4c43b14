import { useActorRef } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { TOKEN_INVALID_MESSAGE } from '@contracts/client-portal';
import { LIMITS } from '@contracts/common/constants';
import { resetPasswordMachine, setPasswordMachine } from '../machines/client-portal.machines';
import { Field, FormError, useFormState } from './form-parts';
import { GuestCard } from './GuestCard';

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
        <p role="status">{text.done}</p>
        <Link href="/login" className="btn">
          Go to login
        </Link>
      </GuestCard>
    );
  }
  const tokenDead = Boolean(fields.token);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) form.send({ type: 'form.submit', input: { token, password } });
  };
  return (
    <GuestCard title={text.title}>
      {tokenDead ? (
        <div className="form-error" role="alert">
          {TOKEN_INVALID_MESSAGE} <Link href="/forgot-password">Ask for a new link</Link>
        </div>
      ) : (
        <FormError error={error} />
      )}
      <form onSubmit={submit} noValidate>
        <Field label="New password" error={fields.password}>
          {(p) => (
            <input {...p} name="password" type="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} maxLength={LIMITS.passwordMax} value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <Field label="Confirm password" error={mismatch ? 'The passwords do not match' : undefined}>
          {(p) => <input {...p} name="confirm" type="password" autoComplete="new-password" required maxLength={LIMITS.passwordMax} value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
        </Field>
        <p className="hint">At least {LIMITS.passwordMin} characters; a passphrase of a few words works well.</p>
        <button className="btn" type="submit" disabled={busy}>
          {text.button}
        </button>
      </form>
    </GuestCard>
  );
}

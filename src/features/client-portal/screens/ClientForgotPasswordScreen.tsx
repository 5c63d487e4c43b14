import { useActorRef } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { forgotPasswordMachine } from '../machines/client-portal.machines';
import { Field, FormError, useFormState } from './form-parts';
import { AcceptedCard, GuestCard } from './GuestCard';

export default function ClientForgotPasswordScreen() {
  const form = useActorRef(forgotPasswordMachine, { input: {} });
  const { busy, result: done, error, fields } = useFormState(form);
  const [email, setEmail] = useState('');

  if (done) return <AcceptedCard title="Check your email" message={done.message} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit', input: { email } });
  };
  return (
    <GuestCard title="Forgot password" subtitle="We will email you a link to choose a new password">
      <form onSubmit={submit} noValidate>
        <FormError error={error} />
        <Field label="Email" error={fields.email}>
          {(p) => <input {...p} name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <button className="btn" type="submit" disabled={busy}>
          Send reset link
        </button>
      </form>
      <p className="guest-links">
        <Link href="/login">Back to login</Link>
      </p>
    </GuestCard>
  );
}

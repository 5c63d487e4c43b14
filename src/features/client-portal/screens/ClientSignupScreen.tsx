import { useActorRef } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { signupMachine } from '../machines/client-portal.machines';
import { Field, FormError, useFieldValues, useFormState } from './form-parts';
import { AcceptedCard, GuestCard } from './GuestCard';

export default function ClientSignupScreen() {
  const form = useActorRef(signupMachine, { input: {} });
  const { busy, result: done, error, fields } = useFormState(form);
  const { values, set } = useFieldValues({ accountNumber: '', name: '', email: '', password: '' });

  if (done) return <AcceptedCard title="Request received" message={done.message} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit', input: values });
  };
  return (
    <GuestCard title="Sign up" subtitle="Ask for a client portal account for your company">
      <p className="hint">
        The account number alone does not open an account. With an address at your company&apos;s own email domain, where the
        company allows it, we email you the link to set your password at once; otherwise once your request is approved.
      </p>
      <form onSubmit={submit} noValidate>
        <FormError error={error} />
        <Field label="Company account number" error={fields.accountNumber}>
          {(p) => <input {...p} name="accountNumber" required maxLength={40} value={values.accountNumber} onChange={set('accountNumber')} />}
        </Field>
        <Field label="Name" error={fields.name}>
          {(p) => <input {...p} name="name" autoComplete="name" required maxLength={LIMITS.name} value={values.name} onChange={set('name')} />}
        </Field>
        <Field label="Email" error={fields.email}>
          {(p) => <input {...p} name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} value={values.email} onChange={set('email')} />}
        </Field>
        <Field label="Password" error={fields.password}>
          {(p) => (
            <input {...p} name="password" type="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} maxLength={LIMITS.passwordMax} value={values.password} onChange={set('password')} />
          )}
        </Field>
        <button className="btn" type="submit" disabled={busy}>
          Sign up
        </button>
      </form>
      <p className="guest-links">
        <Link href="/login">I already have an account</Link>
      </p>
    </GuestCard>
  );
}

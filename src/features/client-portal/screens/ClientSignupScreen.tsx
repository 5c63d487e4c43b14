import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { signupMachine } from '../machines/client-portal.machines';
import { Button, Form, TextField } from '@/shared/ui/components';
import { FormError, useFieldValues, useFormState } from './form-parts';
import { AcceptedCard, GuestCard, GuestLinks, guestStyles } from './GuestCard';

export default function ClientSignupScreen() {
  const form = useActorRef(signupMachine, { input: {} });
  const { busy, result: done, error, fields } = useFormState(form);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const { values, set: setValue } = useFieldValues({ accountNumber: '', name: '', email: '', password: '' });
  /** Sets a field and tells the form machine it changed (its message goes). */
  const set = (k: keyof typeof values) => (value: string) => {
    setValue(k)(value);
    form.send({ type: 'form.change', field: k });
  };

  if (done) return <AcceptedCard title="Request received" message={done.message} />;
  return (
    <GuestCard title="Sign up" subtitle="Ask for a client portal account for your company">
      <p className={guestStyles.hint}>
        The account number alone does not open an account. With an address at your company&apos;s own email domain, where the
        company allows it, we email you the link to set your password at once; otherwise once your request is approved.
      </p>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: values });
        }}
        refusals={refusals}
        onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: values })}
      >
        <FormError error={error} />
        <TextField label="Company account number" name="accountNumber" isRequired maxLength={40} value={values.accountNumber} onChange={set('accountNumber')} errorMessage={fields.accountNumber} />
        <TextField label="Name" name="name" autoComplete="name" isRequired maxLength={LIMITS.name} value={values.name} onChange={set('name')} errorMessage={fields.name} />
        <TextField label="Email" name="email" type="email" autoComplete="email" isRequired maxLength={LIMITS.email} value={values.email} onChange={set('email')} errorMessage={fields.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          isRequired
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={values.password}
          onChange={set('password')}
          description={`At least ${LIMITS.passwordMin} characters`}
          errorMessage={fields.password}
        />
        <Button type="submit" variant="primary" size="lg" fullWidth isPending={busy}>
          Sign up
        </Button>
      </Form>
      <GuestLinks>
        <Link href="/login">I already have an account</Link>
      </GuestLinks>
    </GuestCard>
  );
}

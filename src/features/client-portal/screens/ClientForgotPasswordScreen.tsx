import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { forgotPasswordMachine } from '../machines/client-portal.machines';
import { Button, Form, TextField } from '@/shared/ui/components';
import { FormError, useFormState } from './form-parts';
import { AcceptedCard, GuestCard, GuestLinks } from './GuestCard';

export default function ClientForgotPasswordScreen() {
  const form = useActorRef(forgotPasswordMachine, { input: {} });
  const { busy, result: done, error, fields } = useFormState(form);
  const [email, setEmail] = useState('');

  if (done) return <AcceptedCard title="Check your email" message={done.message} />;
  return (
    <GuestCard title="Forgot password" subtitle="We will email you a link to choose a new password">
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: { email } });
        }}
      >
        <FormError error={error} />
        <TextField label="Email" name="email" type="email" autoComplete="email" isRequired maxLength={LIMITS.email} value={email} onChange={setEmail} errorMessage={fields.email} />
        <Button type="submit" variant="primary" size="lg" fullWidth isPending={busy}>
          Send reset link
        </Button>
      </Form>
      <GuestLinks>
        <Link href="/login">Back to login</Link>
      </GuestLinks>
    </GuestCard>
  );
}

import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { forgotPasswordMachine } from '../machines/guest.machines';
import { FormErrorBanner } from '@/shared/ui/components/form/FormErrorBanner';
import { LightField, LightForm, LightSubmit } from '@/shared/ui/LightForm';
import { useFormState } from './form-state';
import { AcceptedCard, GuestCard, GuestLinks } from './GuestCard';

export default function ClientForgotPasswordScreen() {
  const form = useActorRef(forgotPasswordMachine, { input: {} });
  const { busy, result: done, error, fields } = useFormState(form);
  const [email, setEmail] = useState('');

  if (done) return <AcceptedCard title="Check your email" message={done.message} />;
  return (
    <GuestCard title="Forgot password" subtitle="We will email you a link to choose a new password">
      <LightForm onSubmit={() => form.send({ type: 'form.submit', input: { email } })}>
        <FormErrorBanner title={error ?? undefined} />
        <LightField label="Email" name="email" type="email" autoComplete="email" maxLength={LIMITS.email} value={email} onChange={setEmail} errorMessage={fields.email} />
        <LightSubmit busy={busy}>Send reset link</LightSubmit>
      </LightForm>
      <GuestLinks>
        <Link href="/login">Back to login</Link>
      </GuestLinks>
    </GuestCard>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { loadSignupSchema, signupMachine } from '../machines/guest.machines';
import { FormErrorBanner } from '@/shared/ui/components/form/FormErrorBanner';
import { LightField, LightForm, LightSubmit } from '@/shared/ui/LightForm';
import { useFieldValues, useFormState } from './form-state';
import { AcceptedCard, GuestCard, GuestLinks, guestStyles } from './GuestCard';

export default function ClientSignupScreen() {
  const form = useActorRef(signupMachine, { input: {} });
  const { busy, result: done, error, fields } = useFormState(form);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const { values, set: setValue } = useFieldValues({ accountNumber: '', name: '', email: '', password: '' });
  // The contract's schema loads when the person first enters the form, and before the first check.
  const checked = (send: () => void) => void loadSignupSchema().then(send);
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
      <LightForm
        onSubmit={() => checked(() => form.send({ type: 'form.submit', input: values }))}
        onFocus={() => void loadSignupSchema()}
        refusals={refusals}
        onFieldBlur={(field) => checked(() => form.send({ type: 'form.blur', field, input: values }))}
      >
        <FormErrorBanner title={error ?? undefined} />
        <LightField label="Company account number" name="accountNumber" maxLength={40} value={values.accountNumber} onChange={set('accountNumber')} errorMessage={fields.accountNumber} />
        <LightField label="Name" name="name" autoComplete="name" maxLength={LIMITS.name} value={values.name} onChange={set('name')} errorMessage={fields.name} />
        <LightField label="Email" name="email" type="email" autoComplete="email" maxLength={LIMITS.email} value={values.email} onChange={set('email')} errorMessage={fields.email} />
        <LightField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          value={values.password}
          onChange={set('password')}
          description={`At least ${LIMITS.passwordMin} characters`}
          errorMessage={fields.password}
        />
        <LightSubmit busy={busy}>Sign up</LightSubmit>
      </LightForm>
      <GuestLinks>
        <Link href="/login">I already have an account</Link>
      </GuestLinks>
    </GuestCard>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { contactSupportMachine, supportInfoMachine } from '../machines/client-portal.machines';
import { Field, FormError, useFormState } from './form-parts';

export default function ClientContactSupportScreen() {
  const info = useActorRef(supportInfoMachine, { input: { query: null } });
  const support = useSelector(info, (s) => s.context.data);
  const form = useActorRef(contactSupportMachine, { input: {} });
  const { busy, result: sent, error, fields } = useFormState(form);
  const [values, setValues] = useState({ subject: '', message: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit', input: values });
  };
  return (
    <>
      <h1>Contact support</h1>
      <section className="card" aria-labelledby="phone-heading">
        <h2 id="phone-heading">Call us</h2>
        {support ? (
          <p>
            <a href={`tel:${support.phone}`}>{support.phone}</a>, {support.hours}
          </p>
        ) : (
          <p>Loading...</p>
        )}
      </section>
      <section className="card" aria-labelledby="message-heading">
        <h2 id="message-heading">Send us a message</h2>
        {sent ? (
          <p role="status">
            Thank you. Your message became ticket #{sent.id}. <Link href={`/tickets?id=${sent.id}`}>Follow it here</Link>.
          </p>
        ) : (
          <form onSubmit={submit} noValidate>
            <FormError error={error} />
            <Field label="Subject" error={fields.subject}>
              {(p) => <input {...p} name="subject" required maxLength={LIMITS.title} value={values.subject} onChange={(e) => setValues((v) => ({ ...v, subject: e.target.value }))} />}
            </Field>
            <Field label="Message" error={fields.message}>
              {(p) => (
                <textarea {...p} name="message" rows={6} required maxLength={LIMITS.text} value={values.message} onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))} />
              )}
            </Field>
            <button className="btn" type="submit" disabled={busy}>
              Send message
            </button>
          </form>
        )}
      </section>
    </>
  );
}

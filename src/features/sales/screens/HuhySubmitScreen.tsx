import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { HUHY_HONEYPOT, SALES_LIMITS, type HuhyInput } from '@contracts/sales';
import { usePageTitle } from '@/shared/page-title';
import { Alert, Button, Card, Form, FormErrorBanner, Logo, Select, SkeletonCard, TextArea, TextField, VisuallyHidden } from '@/shared/ui/components';
import { huhyChannelsMachine, huhySubmitMachine } from '../machines/sales.machines';
import styles from './sales.module.css';

/** /dtc/huhy/submit (public): "How did you hear about us?" for new clients, then a thank-you. */
export default function HuhySubmitScreen() {
  usePageTitle('How Did You Hear About Us?');
  const channels = useActorRef(huhyChannelsMachine, { input: { query: null } });
  const list = useSelector(channels, (s) => s.context.data);
  const listError = useSelector(channels, (s) => s.context.error);
  const submit = useActorRef(huhySubmitMachine, { input: {} });
  const busy = useSelector(submit, (s) => s.hasTag('busy'));
  const done = useSelector(submit, (s) => s.matches('saved'));
  const error = useSelector(submit, (s) => s.context.error);
  const fields = useSelector(submit, (s) => s.context.fieldErrors);
  const refusals = useSelector(submit, (s) => s.context.refusals);
  const [company, setCompany] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [channel, setChannel] = useState<Key | null>(null);
  const [detail, setDetail] = useState('');
  const [trap, setTrap] = useState('');
  // No channel picked stays empty: the form machine's schema check asks for one ("Pick how you heard about us").
  const input = (): HuhyInput => ({ company, name, email, channelId: channel === null ? (undefined as unknown as number) : Number(channel), detail, ...(trap ? { [HUHY_HONEYPOT]: trap } : {}) });
  /** A setter that also tells the form machine the field changed (its message goes). */
  const changed =
    <T,>(field: keyof HuhyInput, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      submit.send({ type: 'form.change', field });
    };
  return (
    <main className={styles.public}>
      <div className={styles.publicCard}>
        <Logo />
        <VisuallyHidden>
          <h1>How Did You Hear About Us?</h1>
        </VisuallyHidden>
        {done ? (
          <Card title="Thank you!">
            <p>We have your answer. Someone from our team will be in touch soon.</p>
          </Card>
        ) : (
          <Card title="How did you hear about us?" description="Welcome! Tell us how you found us; it takes a minute.">
            {listError && !list ? <Alert tone="danger" title="The form could not be loaded">{listError}</Alert> : null}
            {list ? (
              <Form
                className={styles.form}
                aria-label="How did you hear about us?"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit.send({ type: 'form.submit', input: input() });
                }}
                refusals={refusals}
                onFieldBlur={(field) => submit.send({ type: 'form.blur', field, input: input() })}
              >
                <FormErrorBanner title={error ?? undefined} />
                <TextField label="Company" name="company" value={company} onChange={changed('company', setCompany)} isRequired autoComplete="organization" errorMessage={fields.company} />
                <TextField label="Your name" name="name" value={name} onChange={changed('name', setName)} isRequired autoComplete="name" errorMessage={fields.name} />
                <TextField label="Email" name="email" type="email" value={email} onChange={changed('email', setEmail)} isRequired autoComplete="email" errorMessage={fields.email} />
                <Select
                  label="How did you hear about us?"
                  name="channelId"
                  placeholder="Pick one"
                  items={list.map((c) => ({ id: c.id, label: c.name }))}
                  value={channel}
                  onChange={changed('channelId', setChannel)}
                  isRequired
                  errorMessage={fields.channelId}
                />
                <TextArea label="Tell us more (optional)" name="detail" value={detail} onChange={changed('detail', setDetail)} maxLength={SALES_LIMITS.huhyDetailMax} errorMessage={fields.detail} />
                <div className={styles.honeypot} aria-hidden="true">
                  <label>
                    Website
                    <input tabIndex={-1} autoComplete="off" name={HUHY_HONEYPOT} value={trap} onChange={(e) => setTrap(e.target.value)} />
                  </label>
                </div>
                <Button type="submit" variant="primary" isPending={busy}>
                  Send
                </Button>
              </Form>
            ) : !listError ? (
              <SkeletonCard />
            ) : null}
          </Card>
        )}
      </div>
    </main>
  );
}

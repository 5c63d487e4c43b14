import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { contactSupportMachine, supportInfoMachine } from '../machines/client-portal.machines';
import { Button, Card, Form, FormActions, PageHeader, SkeletonText, TextArea, TextField } from '@/shared/ui/components';
import { FormError, useFormState } from './form-parts';
import { MailSettingsCard } from './MailSettingsCard';
import styles from './ClientContactSupportScreen.module.css';
import { usePageTitle } from '@/shared/page-title';

export default function ClientContactSupportScreen() {
  usePageTitle('Contact Support');
  const info = useActorRef(supportInfoMachine, { input: { query: null } });
  const support = useSelector(info, (s) => s.context.data);
  const form = useActorRef(contactSupportMachine, { input: { notices: { saved: (r) => `Message sent: ticket #${r.id}` } } });
  const { busy, result: sent, error, fields } = useFormState(form);
  const [values, setValues] = useState({ subject: '', message: '' });

  return (
    <>
      <PageHeader title="Contact support" subtitle="Call us for anything urgent; otherwise send a message and it becomes a ticket you can follow." />
      <div className={styles.split}>
        <Card title="Call us" asRegion className={styles.call}>
          {support ? (
            <p className={styles.phone}>
              <a className={styles.number} href={`tel:${support.phone}`}>
                {support.phone}
              </a>
              <span className={styles.hours}>{support.hours}</span>
            </p>
          ) : (
            <SkeletonText lines={2} label="Loading the support phone" />
          )}
        </Card>
        <MailSettingsCard className={styles.mail} />
        <Card title="Send us a message" asRegion className={styles.message}>
          {sent ? (
            <div className={styles.sent}>
              <p role="status">
                Thank you. Your message became ticket #{sent.id}. <Link href={`/tickets?id=${sent.id}`}>Follow it here</Link>.
              </p>
              <Button
                onPress={() => {
                  setValues({ subject: '', message: '' });
                  form.send({ type: 'form.reset' });
                }}
              >
                Send another message
              </Button>
            </div>
          ) : (
            <Form
              onSubmit={(e) => {
                e.preventDefault();
                form.send({ type: 'form.submit', input: values });
              }}
            >
              <FormError error={error} title="The message was not sent" />
              <TextField label="Subject" name="subject" isRequired maxLength={LIMITS.title} value={values.subject} onChange={(subject) => setValues((v) => ({ ...v, subject }))} errorMessage={fields.subject} />
              <TextArea
                label="Message"
                name="message"
                rows={6}
                isRequired
                maxLength={LIMITS.text}
                value={values.message}
                onChange={(message) => setValues((v) => ({ ...v, message }))}
                errorMessage={fields.message}
              />
              <FormActions>
                <Button type="submit" variant="primary" isPending={busy}>
                  Send message
                </Button>
              </FormActions>
            </Form>
          )}
        </Card>
      </div>
    </>
  );
}

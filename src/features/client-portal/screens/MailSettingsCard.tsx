import { useActorRef, useSelector } from '@xstate/react';
import { CLIENT_MAIL_EVENTS, CLIENT_MAIL_HEADING } from '@contracts/client-mail';
import { Alert, Button, Card, Form, FormActions, FormErrorBanner, SkeletonText, Switch } from '@/shared/ui/components';
import {
  MAIL_SETTINGS_REFUSED,
  mailSettingsMachine,
  selectChanged,
  selectFailure,
  selectLoadError,
  selectSaving,
  selectValues,
} from '../machines/mail-settings.machine';
import styles from './ClientContactSupportScreen.module.css';

/** The client's "Email me when…" card (docs/adr/0201): one switch per ticket mail, saved with Save. */
export function MailSettingsCard({ className }: { className?: string }) {
  const card = useActorRef(mailSettingsMachine);
  const values = useSelector(card, selectValues);
  const loadError = useSelector(card, selectLoadError);
  const saving = useSelector(card, selectSaving);
  const changed = useSelector(card, selectChanged);
  const failure = useSelector(card, selectFailure);
  const reasons = failure ? (Object.keys(failure.fieldErrors).length ? Object.values(failure.fieldErrors) : [failure.error]) : [];

  return (
    <Card title={CLIENT_MAIL_HEADING} description="Which emails we send you about your tickets." asRegion className={className}>
      {loadError ? (
        <div className={styles.mailBody}>
          <Alert tone="danger" live title="Your email settings could not be loaded">
            {loadError}
          </Alert>
          <FormActions>
            <Button onPress={() => card.send({ type: 'settings.retry' })}>Try again</Button>
          </FormActions>
        </div>
      ) : values ? (
        <Form
          className={styles.mailBody}
          onSubmit={(e) => {
            e.preventDefault();
            card.send({ type: 'settings.save' });
          }}
        >
          <FormErrorBanner title={failure ? MAIL_SETTINGS_REFUSED : undefined} errors={reasons} />
          <div className={styles.switches}>
            {CLIENT_MAIL_EVENTS.map(({ key, label }) => (
              <Switch key={key} isSelected={values[key]} isDisabled={saving} onChange={(on) => card.send({ type: 'setting.change', key, on })}>
                {label}
              </Switch>
            ))}
          </div>
          <p className={styles.note}>Password and account emails are always sent.</p>
          <FormActions>
            <Button type="submit" variant="primary" isPending={saving} isDisabled={!changed && !saving}>
              Save
            </Button>
          </FormActions>
        </Form>
      ) : (
        <SkeletonText lines={3} label="Loading your email settings" />
      )}
    </Card>
  );
}

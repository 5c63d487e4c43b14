/**
 * The Survey tab of a company's page (added through the company view's section slot): a manager
 * sees who will get the client care survey (the contacts with an email address), unticks whom they
 * like and confirms; everyone finds the results.
 */
import { useActorRef, useSelector } from '@xstate/react';
import {
  clientCareSurveyMachine,
  selectChosen,
  selectRecipients,
  selectRecipientsError,
  selectSurveyChoosing,
  selectSurveyError,
  selectSurveyResult,
  selectSurveySending,
  type ClientCareSurveyActor,
} from '../machines/client-care-survey.machine';
import styles from './ClientCareSurveySection.module.css';
import { inspection } from '@/shared/inspection';
import { useIsManager } from '@/shared/session/role';
import { Alert, Button, Card, Checkbox, CheckboxGroup, Dialog, SkeletonText, TextLink } from '@/shared/ui/components';

const contacts = (n: number) => `${n} contact${n === 1 ? '' : 's'}`;

export default function ClientCareSurveySection({ companyId }: { companyId: number }) {
  const survey = useActorRef(clientCareSurveyMachine, { input: { companyId }, inspect: inspection.inspect });
  const manager = useIsManager();
  const busy = useSelector(survey, selectSurveySending);
  const result = useSelector(survey, selectSurveyResult);
  const error = useSelector(survey, selectSurveyError);
  return (
    <Card asRegion title="Client care survey">
      <p className={styles.lead}>
        The client care survey asks the company&apos;s contacts how they find our service. Answers count in the <TextLink href="/report/surveys">survey results</TextLink>.
      </p>
      {manager ? (
        <Button variant="secondary" isDisabled={busy} isPending={busy} pendingLabel="Sending" onPress={() => survey.send({ type: 'survey.open' })}>
          Send the client care survey…
        </Button>
      ) : null}
      {result ? (
        <p role="status" className={styles.status}>
          {result.queued === 0 ? 'No contact of this company has an email address: nothing was sent.' : `Sent to ${contacts(result.queued)}.`}
        </p>
      ) : null}
      {error ? <Alert tone="danger" live title={error} /> : null}
      {manager ? <RecipientsDialog survey={survey} /> : null}
    </Card>
  );
}

/** Who will get the survey: every contact with an address, ticked; only those still ticked are mailed. */
function RecipientsDialog({ survey }: { survey: ClientCareSurveyActor }) {
  const open = useSelector(survey, selectSurveyChoosing);
  const recipients = useSelector(survey, selectRecipients);
  const chosen = useSelector(survey, selectChosen);
  const loadError = useSelector(survey, selectRecipientsError);
  const cancel = () => survey.send({ type: 'survey.cancel' });
  const empty = recipients !== null && recipients.length === 0;
  return (
    <Dialog
      isOpen={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : cancel())}
      title="Send the client care survey"
      hideCloseButton={empty}
      description={empty || !recipients ? undefined : 'Each ticked contact gets the survey by email. Untick anyone who should not.'}
      footer={
        <>
          <Button onPress={cancel}>{empty ? 'Close' : 'Cancel'}</Button>
          {empty ? null : (
            <Button variant="primary" isDisabled={!recipients || chosen.length === 0} onPress={() => survey.send({ type: 'survey.confirm' })}>
              {recipients ? `Send to ${contacts(chosen.length)}` : 'Send'}
            </Button>
          )}
        </>
      }
    >
      {loadError ? (
        <Alert tone="danger" title="The contacts could not be loaded">
          {loadError}{' '}
          <Button size="sm" onPress={() => survey.send({ type: 'recipients.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : !recipients ? (
        <SkeletonText lines={3} />
      ) : empty ? (
        <p className={styles.lead}>No contact of this company has an email address: add one on the company&apos;s contacts first.</p>
      ) : (
        <CheckboxGroup
          label={`Recipients (${chosen.length} of ${recipients.length})`}
          value={chosen.map(String)}
          onChange={(values) => survey.send({ type: 'survey.choose', contactIds: values.map(Number) })}
          errorMessage={chosen.length === 0 ? 'Tick at least one contact' : undefined}
        >
          {recipients.map((r) => (
            <Checkbox key={r.id} value={String(r.id)} hint={r.email}>
              {r.name}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
    </Dialog>
  );
}

/**
 * The Survey tab of a company's page (added through the company view's section slot): managers
 * email the client care survey to every contact with an address; everyone finds the results.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { clientCareSurveyMachine, selectSurveyError, selectSurveyResult, selectSurveySending } from '../machines/client-care-survey.machine';
import styles from './ClientCareSurveySection.module.css';
import { inspection } from '@/shared/inspection';
import { useIsManager } from '@/shared/session/role';
import { Alert, Button, Card, TextLink } from '@/shared/ui/components';

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
        <Button variant="secondary" isDisabled={busy} onPress={() => survey.send({ type: 'survey.send' })}>
          Send the client care survey
        </Button>
      ) : null}
      {result ? (
        <p role="status" className={styles.status}>
          {result.queued === 0 ? 'No contact of this company has an email address: nothing was sent.' : `Sent to ${result.queued} contact${result.queued === 1 ? '' : 's'}.`}
        </p>
      ) : null}
      {error ? <Alert tone="danger" live title={error} /> : null}
    </Card>
  );
}

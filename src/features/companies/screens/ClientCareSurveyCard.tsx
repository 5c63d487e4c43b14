/** The client care survey of the company: managers email it to every contact with an address; everyone finds the results. */
import { useSelector } from '@xstate/react';
import { selectSurvey, selectSurveySending, type CompanyPageActor } from '../machines/company-page.machine';
import styles from './CompanyViewScreen.module.css';
import { useIsManager } from '@/shared/session/role';
import { Alert, Button, Card, TextLink } from '@/shared/ui/components';

export function ClientCareSurveyCard({ page }: { page: CompanyPageActor }) {
  const manager = useIsManager();
  const busy = useSelector(page, selectSurveySending);
  const { result, error } = useSelector(page, selectSurvey);
  return (
    <Card asRegion id="company-survey" title="Client care survey">
      <p className={styles.lead}>
        The client care survey asks the company&apos;s contacts how they find our service. Answers count in the <TextLink href="/report/surveys">survey results</TextLink>.
      </p>
      {manager ? (
        <Button variant="secondary" isDisabled={busy} onPress={() => page.send({ type: 'survey.send' })}>
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

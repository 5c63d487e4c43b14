import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  SURVEY_SAVE_LABEL,
  SURVEY_TITLE_CLIENT_CARE,
  SURVEY_TITLE_SUPPORT,
  SURVEY_TYPE_CLIENT_CARE,
} from '@contracts/common/constants';
import { SURVEY_TEXT_QUESTIONS, type TextQuestion } from '@contracts/survey-form';
import { surveyMachine, type SurveyInput } from '../machines/survey.machine';
import { AlertDialog } from './AlertDialog';
import { FaceRating } from './FaceRating';
import { setPageTitle } from '@/shared/page-title';
import { formatDate } from '@/shared/ui/tokens/format';
import { ANSWERED_BEFORE, CHECKING_LINK, CLIENT_CARE, INVALID_LINK, SUPPORT, SURVEY_FOOTER, SURVEY_TAB_NAMES } from './questions';
import { ScaleRating } from './ScaleRating';
import { TextAnswer } from './TextAnswer';
import { ThankYou } from './ThankYou';

type SurveyActor = ActorRefFrom<typeof surveyMachine>;

function SurveyForm({ actor }: { actor: SurveyActor }) {
  const type = useSelector(actor, (s) => s.context.type);
  const rating = useSelector(actor, (s) => s.context.rating);
  const recommend = useSelector(actor, (s) => s.context.recommend);
  const texts = useSelector(actor, (s) => s.context.texts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const answeredAt = useSelector(actor, (s) => s.context.answeredAt);
  const clientCare = type === SURVEY_TYPE_CLIENT_CARE;
  const copy = clientCare ? CLIENT_CARE : SUPPORT;
  const write = (question: TextQuestion) => (text: string) => actor.send({ type: 'survey.write', question, text });
  return (
    <form
      className="survey-form"
      aria-labelledby="survey-title"
      aria-busy={busy}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'survey.submit' });
      }}
    >
      <h1 id="survey-title">{clientCare ? SURVEY_TITLE_CLIENT_CARE : SURVEY_TITLE_SUPPORT}</h1>
      <p className="survey-intro">{copy.intro}</p>
      {answeredAt && (
        <p className="survey-notice" role="status">
          {ANSWERED_BEFORE(formatDate(answeredAt))}
        </p>
      )}
      <FaceRating name="Q1" legend={copy.q1} value={rating} onChange={(value) => actor.send({ type: 'survey.rate', value })} />
      {clientCare && (
        <ScaleRating name="Q2" legend={CLIENT_CARE.q2} value={recommend} onChange={(value) => actor.send({ type: 'survey.recommend', value })} />
      )}
      {type &&
        SURVEY_TEXT_QUESTIONS[type].map((q) => (
          <TextAnswer key={q} name={q} label={copy.texts[q] ?? q} value={texts[q] ?? ''} onChange={write(q)} />
        ))}
      <button type="submit" className="survey-button survey-save" disabled={busy}>
        {SURVEY_SAVE_LABEL}
      </button>
    </form>
  );
}

/** A link that is not a survey link: said at once, with what to do about it. */
function InvalidLink({ supportPhone }: { supportPhone: string }) {
  return (
    <section className="survey-invalid" aria-labelledby="invalid-title">
      <svg className="survey-invalid-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <h1 id="invalid-title">{INVALID_LINK.title}</h1>
      <p>{INVALID_LINK.text}</p>
      {supportPhone && <p>{INVALID_LINK.phone(supportPhone)}</p>}
    </section>
  );
}

/** While the link is checked: the form's outline, so the page does not jump when it arrives. */
function Checking() {
  return (
    <div className="survey-checking" role="status" aria-live="polite">
      <span className="sr-only">{CHECKING_LINK}</span>
      <div className="survey-skeleton survey-skeleton-title" />
      <div className="survey-skeleton survey-skeleton-text" />
      <div className="survey-skeleton survey-skeleton-text short" />
      <div className="survey-skeleton survey-skeleton-block" />
    </div>
  );
}

type View = 'checking' | 'invalid' | 'thanks' | 'clientCare' | 'support';

/** The respondent's page: the link is checked, then the survey it asks for, then the thank-you view. */
export function SurveyView({ actor }: { actor: SurveyActor }) {
  const view = useSelector(actor, (s): View => {
    if (s.matches('submitted')) return 'thanks';
    if (s.matches('invalidLink')) return 'invalid';
    if (s.matches('notSubmitted')) return s.context.type === SURVEY_TYPE_CLIENT_CARE ? 'clientCare' : 'support';
    return 'checking';
  });
  const alert = useSelector(actor, (s) => s.context.alert);
  const supportPhone = useSelector(actor, (s) => s.context.supportPhone);
  // The light entry has no <PageTitle> around it: it writes its title through the one writer, without the hook's context.
  useEffect(() => setPageTitle(SURVEY_TAB_NAMES[view]), [view]);
  return (
    <div className="survey-page">
      <header className="survey-brand">
        <img src="/logo.svg" alt="" width="40" height="40" />
        <span>Client Care</span>
      </header>
      <main className="survey-main">
        {view === 'thanks' && <ThankYou />}
        {view === 'invalid' && <InvalidLink supportPhone={supportPhone} />}
        {view === 'checking' && <Checking />}
        {(view === 'clientCare' || view === 'support') && <SurveyForm actor={actor} />}
      </main>
      <footer className="survey-footer">{SURVEY_FOOTER}</footer>
      {alert && <AlertDialog message={alert} onClose={() => actor.send({ type: 'survey.alertDismissed' })} />}
    </div>
  );
}

/** Starts the survey actor for a link; tests may pass the machine with other actors. */
export function SurveyApp({ input, logic = surveyMachine }: { input: SurveyInput; logic?: typeof surveyMachine }) {
  const actor = useActorRef(logic, { input });
  return <SurveyView actor={actor} />;
}

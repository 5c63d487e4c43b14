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
import { CLIENT_CARE, SUPPORT, SURVEY_FOOTER } from './questions';
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

/** The respondent's page: the survey the link asks for, then the thank-you view. */
export function SurveyView({ actor }: { actor: SurveyActor }) {
  const submitted = useSelector(actor, (s) => s.matches('submitted'));
  const alert = useSelector(actor, (s) => s.context.alert);
  return (
    <div className="survey-page">
      <header className="survey-brand">
        <img src="/logo.svg" alt="" width="40" height="40" />
        <span>Client Care</span>
      </header>
      <main className="survey-main">{submitted ? <ThankYou /> : <SurveyForm actor={actor} />}</main>
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

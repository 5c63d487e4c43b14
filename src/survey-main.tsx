// The theme first (light, dark or the system's), so the page never flashes the other one.
import './shared/ui/tokens/init';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SUPPORT_PHONE_META, SUPPORT_PHONE_PLACEHOLDER } from './contracts/common/constants';
import { parseSurveyLocation } from './contracts/survey-form';
import { SurveyApp } from './features/survey-page';
// The design tokens and the survey page's own rules over them (the survey entry carries no UI kit).
import './shared/ui/tokens/tokens.css';
import './features/survey-page/survey.css';

/** The survey's own light entry: no staff or client bundle, no router, no UI kit; the tokens only. */
const root = document.getElementById('app');
if (!root) throw new Error('The page has no element with id "app"');
const { kind, ticket } = parseSurveyLocation(window.location.pathname, window.location.search);
const phone = document.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_PHONE_META}"]`)?.content ?? '';
const supportPhone = phone === SUPPORT_PHONE_PLACEHOLDER ? '' : phone;
createRoot(root).render(
  <StrictMode>
    <SurveyApp input={{ kind, ticket, supportPhone }} />
  </StrictMode>,
);

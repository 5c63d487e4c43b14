// The theme first (light, dark or the system's), so the page never flashes the other one.
import './shared/ui/tokens/init';
import './shared/ui/tokens/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './app/PublicApp';
import { prefetchPortalOnInput } from './app/portal-prefetch';
import './styles.css';

/**
 * The public pages' own light entry (/, /client/login, /client/signup, the password links): no
 * portal shell, no UI kit up front. The portal loads after sign-in, fetched while the person types.
 */
const root = document.getElementById('app');
if (!root) throw new Error('The page has no element with id "app"');
prefetchPortalOnInput(document, window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);

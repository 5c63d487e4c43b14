import './shared/ui/tokens/init';
import './shared/ui/tokens/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

const root = document.getElementById('app');
if (!root) throw new Error('The page has no element with id "app"');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

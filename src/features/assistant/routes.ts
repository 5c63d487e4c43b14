import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

/** The assistant's own window (/chat/bot), signed in by the hand-over from the portal that opened it, and the articles it cites. */
export const routes: StaffRoute[] = [
  { path: '/chat/bot', name: 'AI Chatbot', screen: lazy(() => import('./screens/AssistantWindow')), layout: false },
  { path: '/chat/bot/article/:id', name: 'Knowledge article', screen: lazy(() => import('./screens/AssistantArticle')), layout: false },
];

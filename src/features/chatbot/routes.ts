import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

/** The chatbot's own window, signed in by the hand-over from the portal that opened it. */
export const routes: StaffRoute[] = [{ path: '/chat/bot', name: 'AI Chatbot', screen: lazy(() => import('./screens/ChatBotWindow')), layout: false }];

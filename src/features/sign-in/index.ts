/** The staff sign-in screen (/). */
import { lazy } from 'react';

export const SignInScreen = lazy(() => import('./screens/SignInScreen'));

/** The staff layout: header (with the overdue badge), sidebar or drawer, footer. */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { shellMachine } from './machines/shell.machine';

// The layout (and the dialog library it uses) loads after sign-in, keeping the sign-in screen light.
export const StaffLayout = lazy(() => import('./screens/StaffLayout').then((m) => ({ default: m.StaffLayout })));

export const machines: RegisteredMachine[] = [{ id: 'shell', machine: shellMachine, description: 'The staff layout: sidebar open/closed and its open groups.' }];

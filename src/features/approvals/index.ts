/**
 * Approvals: the inbox of what waits for my decision (/approvals), across every form of the one
 * approval engine, whose chart (src/contracts/approval-chart.ts) the server runs. Its machines for
 * the registry are in machines/registry.ts.
 */
import { lazy } from 'react';

/** The header's link to /approvals with the count waiting (its code loads after the first screen). */
export const ApprovalsHeaderLink = lazy(() => import('./screens/ApprovalsLinks').then((m) => ({ default: m.HeaderLink })));
/** Home's card: the count waiting for my approval, linking to /approvals. */
export const ApprovalsHomeCard = lazy(() => import('./screens/ApprovalsLinks').then((m) => ({ default: m.HomeCard })));
/** One request with its payload and history, and the approver's decision (the forms' screens show it too). */
export const RequestDetail = lazy(() => import('./screens/RequestDetail'));

/**
 * The pickers other features' forms and filter bars share: a staff user (an assignee, an account
 * manager) and a company, each searching the server as the user types (docs/adr/0112). They belong
 * to no feature, so features that pick each other's records need not import each other.
 */
import { lazy } from 'react';

export { StaffPicker, type StaffPickerProps } from './StaffPicker';
/** Loads with the first form or filter bar that shows it (screens wrap it in Suspense). */
export const CompanyPicker = lazy(() => import('./CompanyPicker'));
export type { CompanyPickerProps } from './CompanyPicker';
export { pickedCompanyName, pickedStaffName } from './picked-names';

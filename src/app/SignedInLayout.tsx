import type { ReactNode } from 'react';
// The slot's own module, not the feature's index: the layout loads neither the company page's machine nor what it uses.
import { CompanySectionsProvider } from '@/features/companies/sections';
import { StaffLayout } from '@/features/shell';
import { COMPANY_SECTIONS } from './company-sections';
import { STAFF_MENU } from './menu';

/**
 * The staff layout around a signed-in screen, with what the features add to it (the menu, the
 * company view's sections). Loaded after sign-in, so the sign-in page does not pay for it.
 */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <StaffLayout menu={STAFF_MENU}>
      <CompanySectionsProvider sections={COMPANY_SECTIONS}>{children}</CompanySectionsProvider>
    </StaffLayout>
  );
}

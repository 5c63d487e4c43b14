/**
 * The company view's section slot: other features (tickets, client portal users, the survey,
 * managed-services contracts, projects, quotes, sales) add a section to a company's page without
 * editing this feature. Each feature exports its sections; src/app/company-sections.ts lists them
 * (one line per feature) and the staff app provides the list to the company view.
 */
import { createContext, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { Role } from '@contracts/common/constants';

/** What a section gets: the company it is shown for. */
export type CompanySectionProps = { companyId: number; companyName: string };

export type CompanyViewSection = {
  /** Unique and stable: the section's anchor (#company-<id>) and React key. */
  id: string;
  /** The section's heading, and its entry in the page's section links. */
  title: string;
  /**
   * Where its tab goes (lower first; default 100), among the page's own tabs too: Overview 0,
   * Tickets 2, Client portal users 4, Sign-up policy 6, Survey 8; the others from 10.
   */
  order?: number;
  /** Only these roles see it (the server enforces the same on its data). */
  roles?: readonly Role[];
  /** The section's body; lazy, so the company view loads it only when shown. */
  component: LazyExoticComponent<ComponentType<CompanySectionProps>> | ComponentType<CompanySectionProps>;
};

const Sections = createContext<readonly CompanyViewSection[]>([]);

/** Given by the app around the staff screens: the sections the features add. */
export function CompanySectionsProvider({ sections, children }: { sections: readonly CompanyViewSection[]; children: ReactNode }) {
  return <Sections.Provider value={sections}>{children}</Sections.Provider>;
}

/** Sections (and the page's own tabs) in the page's order: by `order` (default 100), then title. */
export const inSectionOrder = <T extends Pick<CompanyViewSection, 'order' | 'title'>>(sections: readonly T[]): T[] =>
  [...sections].sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.title.localeCompare(b.title));

/** The added sections a role sees, in order. */
export function useCompanySections(role: Role): CompanyViewSection[] {
  return inSectionOrder(useContext(Sections).filter((s) => !s.roles || s.roles.includes(role)));
}

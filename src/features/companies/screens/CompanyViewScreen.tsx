/**
 * A company: a header with the facts (status, open and overdue tickets, the Create Ticket action),
 * then its sections as tabs, the selected one in the URL (?tab=): the page's own, Overview (details
 * and contacts) and Sign-up policy, among the sections other features add through the slot
 * (Tickets, Client portal users, Survey, Managed services, …), in order (docs/adr/0090). The
 * page's machine (company-page.machine.ts) loads, saves and says whether each change was saved;
 * this is its markup.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useContext } from 'react';
import type { Key } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import type { Company, CompanyView } from '@contracts/companies';
import type { ScreenProps } from '@/shared/routing';
import { StaffRoleContext } from '@/shared/session/role';
import { usePageTitle } from '@/shared/page-title';
import { inspection } from '@/shared/inspection';
import { Alert, Badge, LinkButton, PageHeader, PlusIcon, SkeletonCard, SkeletonText, Tab, TabList, TabPanel, Tabs, type BadgeTone } from '@/shared/ui/components';
import { inSectionOrder, useCompanySections, type CompanyViewSection } from '../sections';
import { companyPageMachine, selectCompanyView, selectLoadError } from '../machines/company-page.machine';
import { CompanyContactsCard, CompanyDetailsCard } from './CompanyOverview';
import { SignupPolicyCard } from './SignupPolicyCard';
import styles from './CompanyViewScreen.module.css';

const STATUS_TONES: Record<Company['status'], BadgeTone> = { prospect: 'info', active: 'success', inactive: 'neutral' };

/**
 * The company view's own tabs, placed among the sections other features add by the same `order`
 * (docs/adr/0090): the overview first, the sign-up policy after the client portal users (4).
 */
const OWN_TABS = [
  { id: 'overview', title: 'Overview', order: 0 },
  { id: 'signup', title: 'Sign-up policy', order: 6 },
] as const;

/** The tab the address names (`?tab=`), if the page has it; the overview otherwise. */
function useTab(added: readonly CompanyViewSection[]): [string, (key: Key) => void, { id: string; title: string }[]] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tabs = inSectionOrder([...OWN_TABS, ...added]).map((s) => ({ id: s.id, title: s.title }));
  const asked = new URLSearchParams(search).get('tab');
  const select = (key: Key) => {
    const next = new URLSearchParams(search);
    if (key === 'overview') next.delete('tab');
    else next.set('tab', String(key));
    navigate(`${location}${next.toString() ? `?${next.toString()}` : ''}`, { replace: true });
  };
  return [tabs.some((t) => t.id === asked) ? asked! : 'overview', select, tabs];
}

export default function CompanyViewScreen({ params }: ScreenProps) {
  const page = useActorRef(companyPageMachine, { input: { companyId: Number(params.id ?? '') }, inspect: inspection.inspect });
  const view = useSelector(page, selectCompanyView);
  const error = useSelector(page, selectLoadError);
  const added = useCompanySections(useContext(StaffRoleContext) ?? 'user');
  const [tab, selectTab, tabs] = useTab(added);
  usePageTitle(view?.company.name);

  if (error && !view) return <Alert tone="danger" live title={error} />;
  if (!view)
    return (
      <div className={styles.loading} aria-busy="true">
        <SkeletonText lines={2} label="Loading the company" />
        <SkeletonCard />
      </div>
    );
  const c = view.company;
  return (
    <div className={styles.page}>
      <PageHeader
        title={c.name}
        subtitle={`Account ${c.account_number}${c.territory ? ` · ${c.territory}` : ''}`}
        meta={<Badge tone={STATUS_TONES[c.status]}>{c.status}</Badge>}
        actions={
          <LinkButton href={`/create/ticket/${c.id}`} variant="primary" size="sm" icon={<PlusIcon />} aria-label="Create Ticket for this company">
            Create Ticket
          </LinkButton>
        }
      />
      <Facts view={view} />
      <Tabs selectedKey={tab} onSelectionChange={selectTab} className={styles.tabs}>
        <TabList aria-label="Company sections" items={tabs}>
          {(t) => <Tab id={t.id}>{t.title}</Tab>}
        </TabList>
        <TabPanel id="overview" className={styles.panel}>
          <CompanyDetailsCard page={page} view={view} />
          <CompanyContactsCard page={page} view={view} />
        </TabPanel>
        <TabPanel id="signup" className={styles.panel}>
          <SignupPolicyCard page={page} company={c} />
        </TabPanel>
        {added.map((section) => (
          // Each added section draws its own card and heading (its title is the tab's label).
          <TabPanel key={section.id} id={section.id} className={styles.panel}>
            <div id={`company-${section.id}`}>
              <Suspense fallback={<SkeletonText lines={3} label={`Loading ${section.title}`} />}>
                <section.component companyId={c.id} companyName={c.name} />
              </Suspense>
            </div>
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

function Facts({ view }: { view: CompanyView }) {
  const counts = view.ticket_counts;
  return (
    <ul className={styles.facts} aria-label="Tickets of this company">
      <li>
        <strong>{counts.open}</strong> open
      </li>
      <li className={counts.overdue ? styles.overdue : undefined}>
        <strong>{counts.overdue}</strong> overdue
      </li>
      <li>
        <strong>{counts.total}</strong> in all
      </li>
      <li>
        <strong>{view.contacts.length}</strong> contact{view.contacts.length === 1 ? '' : 's'}
      </li>
    </ul>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { CLIENT_USER_STATUS_LABELS, CLIENT_USER_STATUSES, type ClientUser, type ClientUserStatus, type DeclinedSignup, type InviteClientUserInput } from '@contracts/companies';
import { LIMITS, TABLE_TEXTS } from '@contracts/common/constants';
import { pickedCompanyMachine } from '@/features/companies';
import { CompanyPicker, pickedCompanyName } from '@/shared/pickers';
import {
  clientUserActionMachine,
  clientUserTableMachine,
  inviteClientUserMachine,
  signupRequestTableMachine,
  type ClientUserAction,
} from '../machines/client-users.machines';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import {
  Alert,
  Badge,
  Button,
  Card,
  CountBadge,
  FilterBar,
  FilterChips,
  Form,
  FormActions,
  FormGrid,
  PageHeader,
  RelativeTime,
  SearchField,
  Select,
  Skeleton,
  TextField,
  type BadgeTone,
  type FilterChip,
} from '@/shared/ui/components';
import { CellText, DataTable, useTableActor, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { useUrlSearchTable } from '@/shared/ui/data-table/url-search-table';
import styles from './ClientPortalUsersScreen.module.css';

type Act = (a: ClientUserAction) => void;
type Columns = { acting: boolean; act: Act };

const STATUS_TONES: Record<ClientUserStatus, BadgeTone> = { pending_approval: 'warning', invited: 'info', active: 'success', disabled: 'neutral' };
const ANY = '';
const STATUS_OPTIONS = [{ id: ANY, label: 'Any status' }, ...CLIENT_USER_STATUSES.map((s) => ({ id: s, label: CLIENT_USER_STATUS_LABELS[s] }))];

/** The buttons of a row: what can be done to a user in their status. */
function RowActions({ user: u, acting, act }: { user: ClientUser; acting: boolean; act: Act }) {
  if (u.status === 'pending_approval') {
    return (
      <span className={styles.actions}>
        <Button size="sm" variant="primary" isDisabled={acting} aria-label={`Approve ${u.email}`} onPress={() => act({ action: 'approve', id: u.id, email: u.email })}>
          Approve
        </Button>
        <Button size="sm" variant="secondary" isDisabled={acting} aria-label={`Decline ${u.email}`} onPress={() => act({ action: 'decline', id: u.id, email: u.email })}>
          Decline
        </Button>
      </span>
    );
  }
  return (
    <span className={styles.actions}>
      {u.status === 'invited' ? (
        <Button size="sm" variant="secondary" isDisabled={acting} aria-label={`Resend invitation to ${u.email}`} onPress={() => act({ action: 'resend', id: u.id, email: u.email })}>
          Resend
        </Button>
      ) : null}
      {u.status !== 'disabled' ? (
        <Button size="sm" variant="secondary" isDisabled={acting} aria-label={`Disable ${u.email}`} onPress={() => act({ action: 'disable', id: u.id, email: u.email })}>
          Disable
        </Button>
      ) : null}
    </span>
  );
}

const text = (value: string, width?: string, priority?: 1 | 2 | 3 | 4) => ({ width, priority, cell: (u: ClientUser) => {
    const shown = String(u[value as keyof ClientUser] ?? '');
    return <CellText text={shown}>{shown}</CellText>;
  } });
const actionsColumn = ({ acting, act }: Columns): DataTableColumn<ClientUser> => ({
  label: 'Actions',
  field: 'actions',
  sortable: false,
  globalSearchDisabled: true,
  width: '10rem',
  cell: (u) => <RowActions user={u} acting={acting} act={act} />,
});

/** The directory's columns; the actions are disabled while one runs. */
function columnsOf(props: Columns): DataTableColumn<ClientUser>[] {
  return [
    { label: 'Name', field: 'name', ...text('name') },
    { label: 'Email', field: 'email', ...text('email', undefined, 2) },
    { label: 'Company', field: 'company', value: (u) => u.company_name, width: '10rem', priority: 2, cell: (u) => <CellText text={u.company_name}>{u.company_name}</CellText> },
    // On a phone the name and the actions (which follow from the status) show; the status from 600 px.
    { label: 'Status', field: 'status', width: '9.5rem', priority: 2, cell: (u) => <Badge tone={STATUS_TONES[u.status]}>{CLIENT_USER_STATUS_LABELS[u.status] ?? u.status}</Badge> },
    { label: 'Last invited', field: 'last_invited_at', firstSortType: 'desc', width: '8rem', priority: 3, cell: (u) => (u.last_invited_at ? <RelativeTime value={u.last_invited_at} style="short" /> : '—') },
    actionsColumn(props),
  ];
}

/** The sign-up requests awaiting approval: who asked, for which company, when. */
function requestColumnsOf(props: Columns): DataTableColumn<ClientUser>[] {
  return [
    { label: 'Name', field: 'name', ...text('name') },
    { label: 'Email', field: 'email', ...text('email', undefined, 2) },
    { label: 'Company', field: 'company', value: (u) => u.company_name, width: '10rem', priority: 2, cell: (u) => <CellText text={u.company_name}>{u.company_name}</CellText> },
    { label: 'Requested', field: 'created_at', width: '8rem', priority: 3, cell: (u) => <RelativeTime value={u.created_at} style="short" /> },
    actionsColumn(props),
  ];
}
/** What the tables' actors are made from: the fields and sort options (the cells come with each render). */
const INITIAL_COLUMNS = columnsOf({ acting: false, act: () => undefined });
const FIELDS = INITIAL_COLUMNS.map((c) => c.field);
const INITIAL_REQUEST_COLUMNS = requestColumnsOf({ acting: false, act: () => undefined });
/** The oldest request first: it has waited longest. */
const REQUESTS_FIRST = { sort: [{ field: 'created_at', type: 'asc' as const }] };

/** What a row action says once done. */
const DONE: Record<ClientUserAction['action'], (email: string) => string> = {
  approve: (e) => `${e} approved: the activation link is on its way`,
  decline: (e) => `The sign-up request of ${e} was declined`,
  resend: (e) => `Invitation sent again to ${e}`,
  disable: (e) => `${e} can no longer sign in`,
};
const FAILED: Record<ClientUserAction['action'], string> = {
  approve: 'The request was not approved',
  decline: 'The request was not declined',
  resend: 'The invitation was not sent',
  disable: 'The user was not disabled',
};
/** What the invite form and the row actions say when a save ends (a cancelled decline answers null: nothing). */
const INVITE_NOTICES: SubmitNotices<InviteClientUserInput, ClientUser> = { saved: (u) => `Invitation sent to ${u.email}`, failed: 'The invitation was not sent' };
const ACTION_NOTICES: SubmitNotices<ClientUserAction, ClientUser | DeclinedSignup | null> = {
  saved: (result, a) => (result === null ? null : DONE[a.action](a.email ?? `user ${a.id}`)),
  failed: (a) => FAILED[a.action],
};

/** A company's name for an id from the URL: from the pickers of this tab, else from the server. */
function useCompanyName(id: number | null): { name: string | undefined; loading: boolean } {
  const cached = pickedCompanyName(id);
  const view = useActorRef(pickedCompanyMachine, { input: { query: null } });
  const loaded = useSelector(view, (s) => s.context.data);
  const failed = useSelector(view, (s) => s.matches('failed'));
  useEffect(() => {
    if (id && !cached) view.send({ type: 'query.set', query: id });
  }, [id, cached, view]);
  if (!id) return { name: undefined, loading: false };
  if (cached) return { name: cached, loading: false };
  if (loaded?.company.id === id) return { name: loaded.company.name, loading: false };
  return { name: undefined, loading: !failed };
}

/**
 * Client users of every company: the sign-up requests awaiting approval first (approve or decline),
 * then the directory under one filter bar (search, company, status; all in the URL) with its row
 * actions (resend the invitation, disable), and the invitation form.
 */
export default function ClientPortalUsersScreen() {
  // The directory starts from the URL and writes its query back; its filter bar talks to the table itself.
  const directory = useUrlSearchTable({ path: '/client/portal/users', fields: FIELDS, machine: clientUserTableMachine, tableId: 'client-users' });
  const table = useTableActor<ClientUser>({ ...directory.table, columns: INITIAL_COLUMNS });
  const requests = useTableActor<ClientUser>({ machine: signupRequestTableMachine, mode: 'server', columns: INITIAL_REQUEST_COLUMNS, initialState: REQUESTS_FIRST, tableId: 'signup-requests' });
  // Both tell the tables to reload once the server has answered.
  const invite = useActorRef(inviteClientUserMachine, { input: { reloads: table, notices: INVITE_NOTICES } });
  const action = useActorRef(clientUserActionMachine, { input: { reloads: [table, requests], notices: ACTION_NOTICES } });
  const fieldErrors = useSelector(invite, (s) => s.context.fieldErrors);
  const inviteError = useSelector(invite, (s) => s.context.error);
  const invited = useSelector(invite, (s) => s.context.result);
  const busy = useSelector(invite, (s) => s.hasTag('busy'));
  const acting = useSelector(action, (s) => s.hasTag('busy'));
  const actionError = useSelector(action, (s) => s.context.error);
  const filters = useSelector(table, (s) => s.context.filters);
  const searchText = useSelector(table, (s) => s.context.search);
  const pending = useSelector(requests, (s) => s.context.total);

  const filterCompany = filters.company ? Number(filters.company) : null;
  const company = useCompanyName(filterCompany);
  const [inviteCompany, setInviteCompany] = useState<number | null>(filterCompany);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');

  const act = useCallback<Act>((input) => action.send({ type: 'form.submit', input }), [action]);
  const columns = useMemo(() => columnsOf({ acting, act }), [acting, act]);
  const requestColumns = useMemo(() => requestColumnsOf({ acting, act }), [acting, act]);
  const setFilter = (field: string, value: string) => table.send({ type: 'filter.select', field, value });

  const chips: FilterChip[] = [
    ...(searchText ? [{ id: 'search', name: 'Search', value: searchText }] : []),
    ...(filters.company ? [{ id: 'company', name: 'Company', value: company.name ?? `#${filters.company}` }] : []),
    ...(filters.status ? [{ id: 'status', name: 'Status', value: CLIENT_USER_STATUS_LABELS[filters.status as ClientUserStatus] ?? filters.status }] : []),
  ];
  const removeChip = (id: string) => (id === 'search' ? table.send({ type: 'search.change', value: '' }) : setFilter(id, ''));

  return (
    <div className={styles.page}>
      <PageHeader title="Client Portal Users" subtitle="Who can sign in to the client portal, for every company: invitations, sign-up requests, access." />

      {actionError ? (
        <Alert tone="danger" live title={actionError} />
      ) : null}

      <Card
        asRegion
        title={
          <span className={styles.cardTitle}>
            Sign-up requests awaiting approval {pending ? <CountBadge count={pending} /> : null}
          </span>
        }
        description="People who signed up with a company's account number. Approving one emails them the link to activate their account; declining deletes the request and tells nobody."
        padding="compact"
      >
        <DataTable<ClientUser> caption="Sign-up requests awaiting approval" tableId="signup-requests" columns={requestColumns} actor={requests} searchable={false} />
      </Card>

      <section className={styles.directory} aria-labelledby="client-users-heading">
        <h2 id="client-users-heading" className={styles.heading}>
          Directory
        </h2>
        <FilterBar label="Filter client users" className={styles.bar} chips={<FilterChips items={chips} onRemove={(id) => removeChip(String(id))} onClearAll={() => {
          table.send({ type: 'search.change', value: '' });
          setFilter('company', '');
          setFilter('status', '');
        }} />}>
          <SearchField
            key={`search-${searchText}`}
            label={TABLE_TEXTS.search}
            placeholder="Name or email"
            className={styles.search}
            defaultValue={searchText}
            onDebouncedChange={(value) => {
              if (value.trim() !== searchText) table.send({ type: 'search.change', value: value.trim() });
            }}
          />
          {company.loading ? (
            <Skeleton height="2.5rem" width="12rem" />
          ) : (
            <Suspense fallback={<Skeleton height="2.5rem" width="12rem" />}>
              <CompanyPicker
                key={`company-${filters.company ?? ''}`}
                className={styles.picker}
                value={filterCompany}
                valueName={company.name}
                onChange={(id) => setFilter('company', id ? String(id) : '')}
              />
            </Suspense>
          )}
          <Select label="Status" className={styles.picker} items={STATUS_OPTIONS} selectedKey={filters.status ?? ANY} onSelectionChange={(k) => setFilter('status', String(k ?? ''))} />
        </FilterBar>
        <DataTable<ClientUser> caption="Client portal users" tableId="client-users" columns={columns} actor={table} searchable={false} onQueryChange={directory.table.onQueryChange} />
      </section>

      <Card title="Invite a client user" description="They get an email with a link to set their password; the link works once." headingLevel={2}>
        <Form
          aria-label="Invite a client user"
          onSubmit={(e) => {
            e.preventDefault();
            invite.send({ type: 'form.submit', input: { company_id: inviteCompany ?? (undefined as unknown as number), name, email } });
          }}
          validationErrors={fieldErrors}
        >
          {inviteError ? <Alert tone="danger" title={inviteError} /> : null}
          {invited ? (
            <p role="status" className={styles.sent}>
              Invitation sent to {invited.email}.
            </p>
          ) : null}
          <FormGrid columns={3}>
            {company.loading ? (
              <Skeleton height="4rem" />
            ) : (
              <Suspense fallback={<Skeleton height="4rem" />}>
                <CompanyPicker
                  label="Company"
                  value={inviteCompany}
                  valueName={inviteCompany === filterCompany ? company.name : undefined}
                  placeholder="Search companies"
                  isRequired
                  errorMessage={fieldErrors.company_id}
                  onChange={(id) => setInviteCompany(id)}
                />
              </Suspense>
            )}
            <TextField label="Name" name="name" value={name} onChange={setName} isRequired maxLength={LIMITS.name} errorMessage={fieldErrors.name} />
            <TextField label="Email" name="email" type="email" value={email} onChange={setEmail} isRequired maxLength={LIMITS.email} errorMessage={fieldErrors.email} />
          </FormGrid>
          <FormActions>
            <Button type="submit" variant="primary" isDisabled={busy}>
              Send invitation
            </Button>
          </FormActions>
        </Form>
      </Card>
    </div>
  );
}

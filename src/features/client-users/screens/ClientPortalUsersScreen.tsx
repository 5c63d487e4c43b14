import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CLIENT_USER_STATUS_LABELS, CLIENT_USER_STATUSES, type ClientUser, type CompanyRow } from '@contracts/companies';
import { DIRECTORY_PAGE_SIZE_MAX, LIMITS } from '@contracts/common/constants';
import { companySearchMachine } from '@/features/companies';
import {
  clientUserActionMachine,
  clientUserTableMachine,
  inviteClientUserMachine,
  signupRequestTableMachine,
  type ClientUserAction,
} from '../machines/client-users.machines';
import { queryFromSearchParams, queryToSearchParams } from '@/shared/machines/table/table.model';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { DataTable, useTableActor, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { FieldError, fieldsOf } from '@/shared/ui/parts';
import { formatNumericDateTime } from '@/shared/ui/tokens/format';

type Columns = { companies: readonly CompanyRow[]; acting: boolean; act: (a: ClientUserAction) => void };

/** The buttons of a row: what can be done to a user in their status. */
function RowActions({ user: u, acting, act }: { user: ClientUser; acting: boolean; act: (a: ClientUserAction) => void }) {
  if (u.status === 'pending_approval') {
    return (
      <>
        <button type="button" className="btn" disabled={acting} aria-label={`Approve ${u.email}`} onClick={() => act({ action: 'approve', id: u.id })}>
          Approve
        </button>{' '}
        <button type="button" className="btn btn-secondary" disabled={acting} aria-label={`Decline ${u.email}`} onClick={() => act({ action: 'decline', id: u.id, email: u.email })}>
          Decline
        </button>
      </>
    );
  }
  return (
    <>
      {u.status === 'invited' ? (
        <button type="button" className="btn btn-secondary" disabled={acting} aria-label={`Resend invitation to ${u.email}`} onClick={() => act({ action: 'resend', id: u.id })}>
          Resend
        </button>
      ) : null}{' '}
      {u.status !== 'disabled' ? (
        <button type="button" className="btn btn-secondary" disabled={acting} aria-label={`Disable ${u.email}`} onClick={() => act({ action: 'disable', id: u.id })}>
          Disable
        </button>
      ) : null}
    </>
  );
}

const companyColumn = (companies: readonly CompanyRow[]): DataTableColumn<ClientUser> => ({
  label: 'Company',
  field: 'company',
  value: (u) => u.company_name,
  filterOptions: { enabled: true, placeholder: 'All companies', filterDropdownItems: companies.map((c) => ({ text: c.name, value: String(c.id) })) },
});
const actionsColumn = ({ acting, act }: Columns): DataTableColumn<ClientUser> => ({
  label: 'Actions',
  field: 'actions',
  sortable: false,
  globalSearchDisabled: true,
  cell: (u) => <RowActions user={u} acting={acting} act={act} />,
});

/** The table's columns: the company filter lists the companies once they are loaded, the actions are disabled while one runs. */
function columnsOf(props: Columns): DataTableColumn<ClientUser>[] {
  return [
    { label: 'Name', field: 'name' },
    { label: 'Email', field: 'email' },
    companyColumn(props.companies),
    {
      label: 'Status',
      field: 'status',
      cell: (u) => CLIENT_USER_STATUS_LABELS[u.status] ?? u.status,
      filterOptions: { enabled: true, placeholder: 'Any status', filterDropdownItems: CLIENT_USER_STATUSES.map((v) => ({ text: CLIENT_USER_STATUS_LABELS[v], value: v })) },
    },
    { label: 'Last invited', field: 'last_invited_at', firstSortType: 'desc', cell: (u) => formatNumericDateTime(u.last_invited_at) },
    actionsColumn(props),
  ];
}

/** The sign-up requests awaiting approval: who asked, for which company, when. */
function requestColumnsOf(props: Columns): DataTableColumn<ClientUser>[] {
  return [
    { label: 'Name', field: 'name' },
    { label: 'Email', field: 'email' },
    companyColumn(props.companies),
    { label: 'Requested', field: 'created_at', cell: (u) => formatNumericDateTime(u.created_at) },
    actionsColumn(props),
  ];
}
/** What the tables' actors are made from: the fields, sort options and filters (the items and cells come with each render). */
const INITIAL_COLUMNS = columnsOf({ companies: [], acting: false, act: () => undefined });
const FIELDS = INITIAL_COLUMNS.map((c) => c.field);
const INITIAL_REQUEST_COLUMNS = requestColumnsOf({ companies: [], acting: false, act: () => undefined });
/** The oldest request first: it has waited longest. */
const REQUESTS_FIRST = { sort: [{ field: 'created_at', type: 'asc' as const }] };

/**
 * Client users of every company in the server-mode data table: filter, invite, resend the invite,
 * disable; above it, the sign-up requests awaiting approval, to approve or decline.
 */
export default function ClientPortalUsersScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  // The table reads its start state once; later URL changes come from the table itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialState = useMemo(() => queryFromSearchParams(new URLSearchParams(search), FIELDS), []);
  const companies = useActorRef(companySearchMachine, { input: { query: { size: String(DIRECTORY_PAGE_SIZE_MAX), sort: 'name:asc' } } });
  const companyRows = useSelector(companies, (s) => s.context.data?.rows ?? []);

  const table = useTableActor<ClientUser>({ machine: clientUserTableMachine, mode: 'server', columns: INITIAL_COLUMNS, initialState });
  const requests = useTableActor<ClientUser>({ machine: signupRequestTableMachine, mode: 'server', columns: INITIAL_REQUEST_COLUMNS, initialState: REQUESTS_FIRST });
  // Both tell the tables to reload once the server has answered.
  const invite = useActorRef(inviteClientUserMachine, { input: { reloads: table } });
  const action = useActorRef(clientUserActionMachine, { input: { reloads: [table, requests] } });
  const fieldErrors = useSelector(invite, (s) => s.context.fieldErrors);
  const inviteError = useSelector(invite, (s) => s.context.error);
  const invited = useSelector(invite, (s) => s.context.result);
  const busy = useSelector(invite, (s) => s.hasTag('busy'));
  const acting = useSelector(action, (s) => s.hasTag('busy'));
  const actionError = useSelector(action, (s) => s.context.error);

  const columns = useMemo(
    () => columnsOf({ companies: companyRows, acting, act: (input) => action.send({ type: 'form.submit', input }) }),
    [companyRows, acting, action],
  );
  const requestColumns = useMemo(
    () => requestColumnsOf({ companies: companyRows, acting, act: (input) => action.send({ type: 'form.submit', input }) }),
    [companyRows, acting, action],
  );
  const onQueryChange = useCallback((q: TableQuery) => {
    const params = queryToSearchParams(q).toString();
    navigate(`/client/portal/users${params ? `?${params}` : ''}`, { replace: true });
  }, [navigate]);

  return (
    <>
      <h1>Client Portal Users</h1>
      <form
        className="card form-grid"
        aria-label="Invite a client user"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const v = fieldsOf(e.currentTarget);
          invite.send({ type: 'form.submit', input: { company_id: Number(v.company_id) || (undefined as unknown as number), name: v.name ?? '', email: v.email ?? '' } });
        }}
      >
        <h2 className="wide">Invite a client user</h2>
        {inviteError ? <div className="form-error wide" role="alert">{inviteError}</div> : null}
        {invited ? <p className="wide" role="status">Invitation sent to {invited.email}.</p> : null}
        <label>
          Company
          {/* Re-mounted once the companies arrive, so the company the table is filtered by is chosen. */}
          <select key={companyRows.length} name="company_id" defaultValue={initialState.filters?.company ?? ''} aria-describedby="invite-company-error">
            <option value="">Choose a company</option>
            {companyRows.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          <FieldError id="invite-company-error" message={fieldErrors.company_id} />
        </label>
        <label>
          Name <input name="name" maxLength={LIMITS.name} aria-describedby="invite-name-error" />
          <FieldError id="invite-name-error" message={fieldErrors.name} />
        </label>
        <label>
          Email <input name="email" type="email" maxLength={LIMITS.email} aria-describedby="invite-email-error" />
          <FieldError id="invite-email-error" message={fieldErrors.email} />
        </label>
        <button type="submit" className="btn" disabled={busy}>Send invitation</button>
      </form>

      {actionError ? <div className="form-error" role="alert">{actionError}</div> : null}
      <section className="card" aria-labelledby="signup-requests">
        <h2 id="signup-requests">Sign-up requests awaiting approval</h2>
        <p>
          People who signed up with a company&apos;s account number. Approving one emails them the link to activate their
          account; declining deletes the request and tells nobody.
        </p>
        <DataTable<ClientUser> caption="Sign-up requests awaiting approval" columns={requestColumns} actor={requests} />
      </section>
      <DataTable<ClientUser> caption="Client portal users" columns={columns} actor={table} onQueryChange={onQueryChange} />
    </>
  );
}

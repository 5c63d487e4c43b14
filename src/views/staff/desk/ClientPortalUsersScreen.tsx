import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CLIENT_USER_STATUSES, type ClientUser, type CompanyRow, type Paged } from '../../../contracts/companies';
import { DIRECTORY_PAGE_SIZE_MAX, LIMITS } from '../../../contracts/constants';
import { clientUsersMachine, companySearchMachine, inviteClientUserMachine } from '../../../machines/ticket-desk/desk.machines';
import { pageSize, withParam } from '../../../machines/ticket-desk/table-query';
import { FieldError, fieldsOf, formatDateTime, Pager } from './parts';

/** Client users of every company: filter, invite, resend the invite, disable. */
export default function ClientPortalUsersScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const url = useMemo(() => new URLSearchParams(search), [search]);
  const list = useActorRef(clientUsersMachine, { input: {} });
  const companies = useActorRef(companySearchMachine, { input: { params: { size: String(DIRECTORY_PAGE_SIZE_MAX), sort: 'name:asc' } } });
  const invite = useActorRef(inviteClientUserMachine);
  const data = useSelector(list, (s) => s.context.data as Paged<ClientUser> | undefined);
  const error = useSelector(list, (s) => s.context.error);
  const actionError = useSelector(list, (s) => s.context.actionError);
  const acting = useSelector(list, (s) => s.matches('acting'));
  const companyRows = useSelector(companies, (s) => (s.context.data as Paged<CompanyRow> | undefined)?.rows ?? []);
  const fieldErrors = useSelector(invite, (s) => s.context.fieldErrors);
  const inviteError = useSelector(invite, (s) => s.context.error);
  const invited = useSelector(invite, (s) => s.context.result);
  const busy = useSelector(invite, (s) => s.hasTag('busy'));
  const size = pageSize(url.get('size'), DIRECTORY_PAGE_SIZE_MAX);
  const page = Number(url.get('page') ?? 1) || 1;

  useEffect(() => {
    const params: Record<string, string> = { page: String(page), size: String(size) };
    for (const k of ['q', 'status', 'company']) if (url.get(k)) params[k] = url.get(k)!;
    list.send({ type: 'list.query', params });
  }, [list, url, page, size, invited]);
  const go = (key: string, value: string | null) => navigate(`/client/portal/users?${withParam(url, key, value)}`);

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
          <select name="company_id" defaultValue={url.get('company') ?? ''} aria-describedby="invite-company-error">
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

      <form className="card filters" role="search" aria-label="Client user filters" key={search} onSubmit={(e) => e.preventDefault()}>
        <label>
          Company
          <select value={url.get('company') ?? ''} onChange={(e) => go('company', e.target.value)}>
            <option value="">All companies</option>
            {companyRows.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
        <label>
          Status
          <select value={url.get('status') ?? ''} onChange={(e) => go('status', e.target.value)}>
            <option value="">Any</option>
            {CLIENT_USER_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <label>
          Search Table <input type="search" defaultValue={url.get('q') ?? ''} onKeyDown={(e) => e.key === 'Enter' && go('q', e.currentTarget.value)} />
        </label>
      </form>
      {error ? <div className="form-error" role="alert">{error}</div> : null}
      {actionError ? <div className="form-error" role="alert">{actionError}</div> : null}
      <table className="simple">
        <thead>
          <tr>
            <th scope="col">Name</th><th scope="col">Email</th><th scope="col">Company</th><th scope="col">Status</th><th scope="col">Last invited</th><th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {!data ? <tr><td colSpan={6}>Loading...</td></tr> : null}
          {data?.rows.length === 0 ? <tr><td colSpan={6}>No data for table</td></tr> : null}
          {data?.rows.map((u) => (
            <tr key={u.id}>
              <td>{u.name}</td>
              <td>{u.email}</td>
              <td>{u.company_name}</td>
              <td>{u.status}</td>
              <td>{formatDateTime(u.last_invited_at)}</td>
              <td>
                {u.status === 'invited' ? (
                  <button type="button" className="btn btn-secondary" disabled={acting} aria-label={`Resend invitation to ${u.email}`} onClick={() => list.send({ type: 'list.act', action: 'resend', id: u.id })}>
                    Resend
                  </button>
                ) : null}{' '}
                {u.status !== 'disabled' ? (
                  <button type="button" className="btn btn-secondary" disabled={acting} aria-label={`Disable ${u.email}`} onClick={() => list.send({ type: 'list.act', action: 'disable', id: u.id })}>
                    Disable
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data ? <Pager page={page} size={size} total={data.total} totalExact={data.totalExact} sizeValue={url.get('size') ?? String(size)} onPage={(p) => go('page', String(p))} onSize={(s) => go('size', s)} /> : null}
    </>
  );
}

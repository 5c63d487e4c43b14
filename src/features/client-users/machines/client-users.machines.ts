/** Client portal users (staff side): the directory, the sign-up requests, the invite form and the row actions. */
import type { ClientUser, DeclinedSignup, InviteClientUserInput } from '@contracts/companies';
import { DIRECTORY_PAGE_SIZE_MAX } from '@contracts/common/constants';
import { dialogService, type DialogRequest } from '@/shared/machines/dialog.machine';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { createSearchTableMachine, type SearchTableSpec } from '@/shared/machines/table/search-table';
import { clientUsersApi } from '../api';

export const inviteClientUserMachine = createSubmitMachine<InviteClientUserInput, ClientUser>('inviteClientUser', (i) => clientUsersApi.invite(i));

/** Client portal users of every company: search by name or email, company and status filters. */
export const CLIENT_USER_TABLE: SearchTableSpec = {
  search: (p) => clientUsersApi.list(p),
  filters: { company: 'company', status: 'status' },
  pageSizeMax: DIRECTORY_PAGE_SIZE_MAX,
};
export const clientUserTableMachine = createSearchTableMachine(CLIENT_USER_TABLE);

/** How many of a company's client users its page's tab lists (by name); the directory has them all. */
export const COMPANY_USERS_SHOWN = DIRECTORY_PAGE_SIZE_MAX;
/** The client users of one company (its id), by name: the Client portal users tab of its page. */
export const companyClientUsersMachine = createQueryMachine('companyClientUsers', (companyId: number) =>
  clientUsersApi.list({ company: String(companyId), sort: 'name:asc', size: String(COMPANY_USERS_SHOWN) }),
);

/** Sign-up requests awaiting approval: the client-user list with its status fixed. */
export const signupRequestTableMachine = createSearchTableMachine(CLIENT_USER_TABLE, { status: 'pending_approval' });

/** The question asked before a sign-up request is declined: declining deletes it and tells nobody. */
export const declineSignupDialog = (email: string): DialogRequest => ({
  kind: 'confirm',
  title: 'Decline this sign-up request?',
  message: `The request of ${email} is deleted. Nobody is told; they may sign up again.`,
  confirmText: 'Decline',
});

/**
 * What staff do to a client user from a row: resend the invitation, disable, or approve or
 * decline a sign-up request (after a confirm dialog; answered null when cancelled). The tables
 * reload after it.
 */
export type ClientUserAction = { action: 'resend' | 'disable' | 'approve' | 'decline'; id: number; email?: string };
export const clientUserActionMachine = createSubmitMachine<ClientUserAction, ClientUser | DeclinedSignup | null>(
  'clientUserAction',
  async ({ action, id, email }) => {
    switch (action) {
      case 'disable':
        return clientUsersApi.disable(id);
      case 'approve':
        return clientUsersApi.approve(id);
      case 'decline': {
        const answer = await dialogService.ask(declineSignupDialog(email ?? `user ${id}`));
        return answer.action === 'confirm' ? clientUsersApi.decline(id) : null;
      }
      case 'resend':
        return clientUsersApi.resend(id);
    }
  },
);

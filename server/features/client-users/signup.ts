/**
 * Client self-signup by account number, under the company's sign-up policy (docs/adr/0030), and
 * its approval by staff. The public answer never depends on any of this: signup answers first and
 * runs `processSignup` afterwards, so neither its text nor its time tells whether the account
 * number exists, what the policy is, or whether the email is taken.
 */
import type { Pool, PoolClient } from 'pg';
import type { SignupPolicy } from '@contracts/companies';
import { CLIENT_PATHS } from '@contracts/common/constants';
import { issuePasswordToken } from '@server/platform/auth/password-tokens';
import type { Config } from '@server/config';
import { queueEmail, type Email } from '@server/platform/mail/outbox';
import { audit, clientActor, SYSTEM } from '@server/platform/audit';
import { activationEmail } from './emails';

type Db = Pick<Pool | PoolClient, 'query'>;

export type SignupRequest = { accountNumber: string; name: string; email: string };

/** What became of a signup; only tests and the log see it, never the requester. */
export type SignupOutcome = 'activation_sent' | 'awaiting_approval' | 'refused' | 'no_company' | 'existing_notified' | 'lost_race';

const url = (config: Pick<Config, 'publicUrl'>, path: string) => `${config.publicUrl}${path}`;

/**
 * To the owner of an address that already has an account, an invitation or a request: what to do
 * instead. Nothing in the account changes; the requester learns nothing they did not know.
 */
function existingAccountEmail(config: Pick<Config, 'publicUrl'>, email: string, status: string): Email {
  const login = url(config, CLIENT_PATHS.login);
  const forgot = url(config, CLIENT_PATHS.forgotPassword);
  const ignore = 'If it was not you, you can ignore this email.';
  const intro = 'Someone asked to sign up for the Client Care client portal with this email address,';
  if (status === 'invited') {
    return {
      to: email,
      kind: 'signup-existing',
      subject: 'Your Client Care invitation is waiting',
      body: `${intro} which already has an invitation.\n\nTo activate your account, use the link in your invitation email; if it has expired, ask for a new link at ${forgot}.\n${ignore}`,
    };
  }
  if (status === 'pending_approval') {
    return {
      to: email,
      kind: 'signup-existing',
      subject: 'Your Client Care sign-up is waiting for approval',
      body: `${intro} which already has a request waiting for approval. You will get an email to activate your account once it is approved.\n${ignore}`,
    };
  }
  return {
    to: email,
    kind: 'signup-existing',
    subject: 'You already have a Client Care account',
    body: `Someone asked to sign up with this email address, which already has an account.\n\nIf it was you, log in at ${login} or reset your password at ${forgot}.\n${ignore}`,
  };
}

/** Whether an address is at one of the company's listed domains (the whole part after @, no subdomains). */
export function atCompanyDomain(email: string, domains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}

/**
 * Handles a signup inside the caller's transaction; answers what happened and the outbox ids to
 * deliver after commit. An email that has any client user (active, disabled, invited by staff or
 * waiting for approval) only gets a note: its name, password, invitation and company stay as they
 * are, whatever account number was given. Otherwise, by the company's policy: off refuses,
 * email_domains mails the activation link at once for an address at one of its domains, and
 * everything else waits for approval with no email at all.
 */
export async function processSignup(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  request: SignupRequest,
  passwordHash: string,
): Promise<{ outcome: SignupOutcome; outboxIds: number[] }> {
  const { rows: existing } = await db.query<{ status: string }>('SELECT status FROM client_users WHERE email = $1 FOR UPDATE', [request.email]);
  if (existing[0]) {
    return { outcome: 'existing_notified', outboxIds: [await queueEmail(db, existingAccountEmail(config, request.email, existing[0].status))] };
  }
  const { rows: companies } = await db.query<{ id: number; name: string; signup_policy: SignupPolicy; signup_domains: string[] }>(
    `SELECT id, name, signup_policy, signup_domains FROM companies WHERE account_number = $1 AND status <> 'inactive'`,
    [request.accountNumber],
  );
  const company = companies[0];
  if (!company) return { outcome: 'no_company', outboxIds: [] };
  if (company.signup_policy === 'off') {
    await audit(db, { actor: SYSTEM, entity: 'company', entityId: company.id, action: 'signup_refused', detail: { email: request.email } });
    return { outcome: 'refused', outboxIds: [] };
  }
  const now = company.signup_policy === 'email_domains' && atCompanyDomain(request.email, company.signup_domains);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO client_users (company_id, email, name, status, password_hash) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [company.id, request.email, request.name, now ? 'invited' : 'pending_approval', passwordHash],
  );
  const userId = rows[0]?.id;
  if (userId === undefined) return { outcome: 'lost_race', outboxIds: [] };
  await audit(db, {
    actor: clientActor(userId),
    entity: 'client_user',
    entityId: userId,
    action: now ? 'signup' : 'signup_requested',
    detail: { companyId: company.id },
  });
  if (!now) return { outcome: 'awaiting_approval', outboxIds: [] };
  const token = await issuePasswordToken(db, userId, 'invite');
  const mail = activationEmail(config, { email: request.email, name: request.name, company: company.name }, token);
  return { outcome: 'activation_sent', outboxIds: [await queueEmail(db, mail)] };
}

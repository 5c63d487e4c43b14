/** The emails of client accounts: invitation, activation after a signup, password reset. */
import { CLIENT_PATHS, PASSWORD_TOKEN_TTL_MINUTES } from '@contracts/common/constants';
import type { Config } from '@server/config';
import type { Email } from '@server/platform/mail/outbox';

const link = (config: Pick<Config, 'publicUrl'>, path: string, token: string) => `${config.publicUrl}${path}/${encodeURIComponent(token)}`;

/** The invitation a staff member sends (or sends again): a set-password link. */
export function inviteEmail(config: Pick<Config, 'publicUrl'>, to: { email: string; name: string; company: string }, token: string): Email {
  return {
    to: to.email,
    kind: 'client_invite',
    subject: 'Your client portal account',
    body:
      `Hello ${to.name},\n\nYou have been invited to the client portal for ${to.company}.\n` +
      `Choose your password here (the link works once, for ${PASSWORD_TOKEN_TTL_MINUTES} minutes):\n${config.publicUrl}${CLIENT_PATHS.setPassword}/${token}\n`,
  };
}

/** The email with the set-password link that activates a self-signup (at once, or once approved). */
export function activationEmail(config: Pick<Config, 'publicUrl'>, to: { email: string; name: string; company: string }, token: string): Email {
  return {
    to: to.email,
    kind: 'signup',
    subject: 'Activate your Client Care account',
    body:
      `Hello ${to.name},\n\nTo activate your client portal account for ${to.company}, set your password here ` +
      `(the link works once, for ${PASSWORD_TOKEN_TTL_MINUTES} minutes):\n\n` +
      `${link(config, CLIENT_PATHS.setPassword, token)}\n\nIf you did not sign up, you can ignore this email.`,
  };
}

/** The password-reset link to an account that asked for one. */
export function resetEmail(config: Pick<Config, 'publicUrl'>, to: { email: string; name: string }, token: string): Email {
  return {
    to: to.email,
    kind: 'password-reset',
    subject: 'Reset your Client Care password',
    body: `Hello ${to.name},\n\nTo choose a new password, open this link (it works once, for ${PASSWORD_TOKEN_TTL_MINUTES} minutes):\n\n${link(config, CLIENT_PATHS.resetPassword, token)}\n\nIf you did not ask for this, you can ignore this email; your password stays as it is.`,
  };
}

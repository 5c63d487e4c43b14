import { z } from './common/zod';
import { LIMITS, PROFILE_THEMES, ROLES } from './common/constants';
import { endpoint } from './common/endpoint';
import { idInput, safeText } from './common/input';


/**
 * Sign-in and the sessions' own calls, for staff and client users. The sign-in screen and the
 * session machines load this module only when they first call the API (src/shared/session/api.ts),
 * so the sign-in page does not carry zod.
 */

export const emailSchema = safeText('Email is required', 'Email')
  .trim()
  .min(1, 'Email is required')
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .pipe(z.email('Invalid email address'))
  .transform((v) => v.toLowerCase());

/** A password as typed at sign-in: only bounded, never judged (judging is for setting one). */
export const passwordInputSchema = safeText('Password is required', 'Password', 'secret')
  .min(1, 'Password is required')
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordInputSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const roleSchema = z.enum(ROLES);

export const staffLoginResponseSchema = z.object({
  token: z.string(),
  userid: z.number().int(),
  username: z.string(),
  role: roleSchema,
  /** From the person's profile: where they land after signing in, their theme (applied at sign-in on any device) and time zone. */
  landingPage: z.string(),
  theme: z.enum(PROFILE_THEMES),
  timeZone: z.string().nullable(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

/** The staff user as who/am/i and profile/me describe it. */
export const staffUserSchema = z.object({
  userid: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  title: z.string().nullable(),
  department: z.string().nullable(),
  /** The time zone the person chose on their profile (null: the browser's). */
  timeZone: z.string().nullable(),
  /** The version of their avatar (src/contracts/people-avatar.ts; null: none, their initials show). */
  avatarVersion: z.number().int().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/**
 * Where a staff member's avatar is read (AVATAR.read in src/contracts/people-avatar.ts), named here
 * so that the header fetches the signed-in person's picture with the definitions it already loaded.
 */
export const AVATAR_READ_PATH = '/api/v2/people/:id/avatar';

const userIdSchema = idInput({ message: 'Must be a user id' });

export const whoAmIRequestSchema = z.strictObject({ userid: userIdSchema });
export const profileMeRequestSchema = z.strictObject({ user: userIdSchema });

/** POST /api/v2/moodleurl: the spec's request for the Learning Center link. */
export const moodleUrlRequestSchema = z.strictObject({ dtcUser: z.literal(true, 'Must be true') });
export const moodleUrlResponseSchema = z.object({ url: z.string() });
export type MoodleUrlResponse = z.infer<typeof moodleUrlResponseSchema>;

export const clientUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
});
export type ClientUser = z.infer<typeof clientUserSchema>;

export const clientLoginResponseSchema = z.object({ token: z.string(), user: clientUserSchema });
export type ClientLoginResponse = z.infer<typeof clientLoginResponseSchema>;

export const verifyTokenResponseSchema = z.object({ valid: z.literal(true), user: clientUserSchema });

export const logoutResponseSchema = z.object({ ok: z.literal(true) });

export const SIGN_IN = {
  staffLogin: endpoint({
    method: 'POST',
    path: '/api/v2/auth/login',
    audience: 'public',
    tag: 'Sign-in',
    summary: "Signs a staff user in: the session token, the user's id, name and role (the same 401 for every failure)",
    body: loginRequestSchema,
    response: staffLoginResponseSchema,
  }),
  clientLogin: endpoint({
    method: 'POST',
    path: '/api/v2/client/login',
    audience: 'public',
    tag: 'Sign-in',
    summary: 'Signs a client user in: the session token and the user with their company (the same 401 for every failure)',
    body: loginRequestSchema,
    response: clientLoginResponseSchema,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/logout',
    audience: 'public',
    tag: 'Sign-in',
    summary: "Signs out: ends the bearer token's session (401 without a live one)",
    response: logoutResponseSchema,
  }),
  whoAmI: endpoint({
    method: 'POST',
    path: '/api/v2/profile/who/am/i',
    audience: 'staff',
    tag: 'Sign-in',
    summary: 'A staff user as a one-item list (empty when there is none); another user only for managers and admins',
    body: whoAmIRequestSchema,
    response: z.array(staffUserSchema),
  }),
  profileMe: endpoint({
    method: 'POST',
    path: '/api/v2/profile/me',
    audience: 'staff',
    tag: 'Sign-in',
    summary: "A staff user's profile; another user only for managers and admins",
    body: profileMeRequestSchema,
    response: staffUserSchema,
  }),
  learningCenterUrl: endpoint({
    method: 'POST',
    path: '/api/v2/moodleurl',
    audience: 'staff',
    tag: 'Sign-in',
    summary: 'The address of the Learning Center',
    body: moodleUrlRequestSchema,
    response: moodleUrlResponseSchema,
  }),
  verifyToken: endpoint({
    method: 'POST',
    path: '/api/v2/client/verify-token',
    audience: 'client',
    tag: 'Sign-in',
    summary: "Checks the client session's token: the signed-in client user with their company",
    response: verifyTokenResponseSchema,
  }),
} as const;

import { z } from './common/zod';
import { LIMITS, ROLES } from './common/constants';
import { idInput, safeText } from './common/input';

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
});
export type StaffUser = z.infer<typeof staffUserSchema>;

const userIdSchema = idInput({ message: 'Must be a user id' });

export const whoAmIRequestSchema = z.strictObject({ userid: userIdSchema });
export const profileMeRequestSchema = z.strictObject({ user: userIdSchema });

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

import type { ForgotPasswordRequest, SetPasswordRequest, SignupRequest } from '@contracts/client-portal';
import { createSubmitMachine, type FormSchema } from '@/shared/machines/submit.machine';

/**
 * The client portal's public forms (signup, forgot password, the password links). Their endpoint
 * definitions and schemas load with the first use, not with the page (docs/adr/0148): the calls
 * import the guest api when sent, and the signup schema loads when the form is first entered.
 */
const guestApi = async () => (await import('../api')).clientAccountApi;

let signupSchema: FormSchema | undefined;
/** Loads the signup body schema (the contract's zod schema); the screen awaits it before each check. */
export const loadSignupSchema = async () => {
  signupSchema ??= (await import('@contracts/client-portal')).CLIENT_ACCOUNTS.signup.body;
};
/** The signup schema once loaded (the screen loads it before sending a check; the server names the same fields in the same words anyway). */
const lazySignupSchema: FormSchema = { safeParse: (value) => signupSchema?.safeParse(value) ?? { success: true } };

export const signupMachine = createSubmitMachine('clientSignup', async (v: SignupRequest) => (await guestApi()).signup(v), { schema: lazySignupSchema });
export const forgotPasswordMachine = createSubmitMachine('clientForgotPassword', async (v: ForgotPasswordRequest) => (await guestApi()).forgotPassword(v));
export const setPasswordMachine = createSubmitMachine('clientSetPassword', async (v: SetPasswordRequest) => (await guestApi()).setPassword(v));
export const resetPasswordMachine = createSubmitMachine('clientResetPassword', async (v: SetPasswordRequest) => (await guestApi()).resetPassword(v));

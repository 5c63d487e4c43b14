/** The sessions' own calls: sign-in and sign-out of both audiences, the profile, the overdue check and the Learning Center link. */
import type { LoginRequest } from '@contracts/auth';
import type { OverdueTicket } from '@contracts/overdue';
import { call, http, setDefaultBearer } from '@/shared/http/http';

/**
 * The sign-in endpoints, loaded with the first call. The sign-in page and the session machines
 * import this file, and the definitions bring zod with them, which the sign-in page needs for
 * nothing else (its budget: docs/bench/bundle.md); the first call loads it instead.
 */
const signIn = async () => (await import('@contracts/auth')).SIGN_IN;
/** The overdue check's endpoint, loaded with its first call for the same reason. */
const overdue = async () => (await import('@contracts/overdue')).OVERDUE;
/** The avatar endpoints (a few definitions apart from the people contract), loaded with the first picture. */
const avatars = async () => (await import('@contracts/people-avatar')).AVATAR;

export const staffAuthApi = {
  login: async (input: LoginRequest) => call((await signIn()).staffLogin, { body: input }),
  async logout(): Promise<void> {
    await call((await signIn()).logout);
  },
  whoAmI: async (userid: string) => call((await signIn()).whoAmI, { body: { userid } }),
  me: async (userid: string) => call((await signIn()).profileMe, { body: { user: userid } }),
  /** The person's avatar thumbnail at its version, as an object URL (the API answers it only with the bearer token). */
  avatar: async (userid: string, version: number) => URL.createObjectURL(await call((await avatars()).read, { params: { id: userid }, query: { v: version } })),
};

/** Sets the portal client's default bearer header. */
export const applyBearer = (token: string | null) => setDefaultBearer(http, token);

export const overdueApi = {
  async check(userId: string): Promise<OverdueTicket[]> {
    return (await call((await overdue()).check, { body: { userId } })).overdueTickets;
  },
};

export const learningCenterApi = {
  async url(): Promise<string> {
    return (await call((await signIn()).learningCenterUrl, { body: { dtcUser: true } })).url;
  },
};

export const clientAuthApi = {
  login: async (input: LoginRequest) => call((await signIn()).clientLogin, { body: input }),
  async logout(): Promise<void> {
    await call((await signIn()).logout);
  },
  async verifyToken() {
    return (await call((await signIn()).verifyToken)).user;
  },
};

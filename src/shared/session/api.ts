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

export const staffAuthApi = {
  login: async (input: LoginRequest) => call((await signIn()).staffLogin, { body: input }),
  async logout(): Promise<void> {
    await call((await signIn()).logout);
  },
  whoAmI: async (userid: string) => call((await signIn()).whoAmI, { body: { userid } }),
  me: async (userid: string) => call((await signIn()).profileMe, { body: { user: userid } }),
  /** The person's avatar thumbnail at its version (GET AVATAR.read, by the path the sign-in definitions name), as an object URL (the API answers it only with the bearer token). */
  avatar: async (userid: string, version: number) => {
    const path = (await import('@contracts/auth')).AVATAR_READ_PATH.replace(':id', encodeURIComponent(userid));
    return URL.createObjectURL((await http.get<Blob>(path, { params: { v: version }, responseType: 'blob' })).data);
  },
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

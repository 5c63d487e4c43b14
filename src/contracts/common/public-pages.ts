import { CLIENT_PATHS } from './constants.ts';

/** The HTML entry of the public pages in the build (docs/adr/0146-public-pages-entry.md). */
export const PUBLIC_ENTRY = 'public.html';

/** The public pages served by the light entry: staff sign-in, client log-in, signup and the password links. */
const EXACT: readonly string[] = ['/', CLIENT_PATHS.login, CLIENT_PATHS.signup, CLIENT_PATHS.forgotPassword];
/** The password links carry one token segment. */
const TOKEN_PAGES: readonly string[] = [CLIENT_PATHS.setPassword, CLIENT_PATHS.resetPassword];

/** Whether a browser path (without query) is one of the six public pages. */
export function isPublicPagePath(path: string): boolean {
  if (EXACT.includes(path)) return true;
  return TOKEN_PAGES.some((prefix) => path.startsWith(`${prefix}/`) && /^[^/]+$/.test(path.slice(prefix.length + 1)));
}

/**
 * JavaScript budgets (gzip) from QUALITY.md, named once: the bundle check (scripts/bundle-size.ts)
 * and the per-route performance check read them from here.
 */
const KB = 1024;

export const BUDGETS = {
  /** Each public entry page: /, /client/login, /client/signup, the password links. */
  publicPage: 60 * KB,
  /** Everything loaded up to the first staff screen after sign-in. */
  firstStaffScreen: 250 * KB,
  /** Everything loaded up to the first client screen after sign-in. */
  firstClientScreen: 200 * KB,
  /** A staff route's own chunk (what opening it adds). */
  staffRouteChunk: 120 * KB,
} as const;

export { KB };

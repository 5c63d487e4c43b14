/** Names and URLs of the test databases (shared by the global set-up and the helpers). */

export const TEMPLATES = {
  migrated: 'cc_template_migrated',
  seeded: 'cc_template_seeded',
} as const;

/** The same server and credentials, another database. */
export function withDatabaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * What the org chart says of a person today beside their name ("Off today", "On call now"). The
 * schedule and time-off features will each give one provider; until they exist the list is empty
 * and every person shows none.
 */
import type { Queryable } from '@server/platform/sql';

export type PersonStatusProvider = (db: Queryable, ids: number[], now: Date) => Promise<Map<number, string>>;

const PROVIDERS: PersonStatusProvider[] = [];

/** Registers a provider (called once by the feature that knows the status). */
export function addPersonStatusProvider(provider: PersonStatusProvider): void {
  PROVIDERS.push(provider);
}

/** Every status of each person, from every provider. */
export async function statusOfPeople(db: Queryable, ids: number[], now: Date): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const provider of PROVIDERS) {
    for (const [id, status] of await provider(db, ids, now)) out.set(id, [...(out.get(id) ?? []), status]);
  }
  return out;
}

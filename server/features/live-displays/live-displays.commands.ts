/** Live displays' transaction scripts: creating a display and its pairing link, pairing a TV, revoking it. */
import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { z } from 'zod';
import { LIVE_LIMITS, type createDisplaySchema, type CreatedDisplay, type Display, type DisplaySelf } from '@contracts/live-displays';
import type { AppContext } from '@server/context';
import { audit, staffActor } from '@server/platform/audit';
import { inTransaction } from '@server/platform/db/database';
import { publish } from '@server/platform/events';
import { invalidField, notFound } from '@server/platform/http/errors';
import { insertDisplay, pairDisplay, revokeDisplay } from './live-displays.repo';
import { displayRevoked } from './topics';

/** Secrets are stored only as their SHA-256. */
export const secretHash = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();
const newSecret = () => randomBytes(32).toString('base64url');

/** An address or a CIDR range whose prefix fits the address family. */
function isRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

export async function createDisplay(ctx: AppContext, input: z.output<typeof createDisplaySchema>, staffId: number): Promise<CreatedDisplay> {
  const bad = input.allowedRanges.findIndex((r) => !isRange(r));
  if (bad >= 0) throw invalidField(`allowedRanges.${bad}`, `"${input.allowedRanges[bad]}" is not an address or a range such as 10.0.0.0/8`);
  const token = newSecret();
  const pairingUntil = new Date(ctx.now().getTime() + LIVE_LIMITS.pairingHours * 3_600_000);
  const display = await inTransaction(ctx.database.pool, async (db) => {
    const d = await insertDisplay(db, { ...input, pairingHash: secretHash(token), pairingUntil, createdBy: staffId });
    await audit(db, { actor: staffActor(staffId), entity: 'live_display', entityId: d.id, action: 'create', detail: { name: d.name, boards: d.boards } });
    return d;
  });
  return { display, pairingToken: token, pairingUntil: pairingUntil.toISOString() };
}

/** Exchanges a pairing token for the display's cookie secret (returned once, stored as a hash). */
export async function pair(ctx: AppContext, token: string): Promise<{ display: DisplaySelf; cookie: string } | null> {
  const cookie = newSecret();
  const display = await inTransaction(ctx.database.pool, async (db) => {
    const d = await pairDisplay(db, secretHash(token), secretHash(cookie), ctx.now());
    if (d) await audit(db, { actor: { type: 'system' }, entity: 'live_display', entityId: d.id, action: 'pair' });
    return d;
  });
  return display ? { display, cookie } : null;
}

/** Revokes a display; every app server closes its open streams when the transaction commits. */
export async function revoke(ctx: AppContext, id: number, staffId: number): Promise<Display> {
  const result = await inTransaction(ctx.database.pool, async (db) => {
    const r = await revokeDisplay(db, id, ctx.now());
    if (!r) throw notFound('No such display');
    if (!r.already) {
      await audit(db, { actor: staffActor(staffId), entity: 'live_display', entityId: id, action: 'revoke' });
      await publish(db, displayRevoked, { displayId: id });
    }
    return r;
  });
  return result.display;
}

/**
 * What admins change of the forms, one transaction each with its audit row: the company values
 * (added, renamed with the kudos following, reordered, retired while another stays active;
 * docs/adr/0229) and the expense rates (added from a day, corrected in place only while no submitted
 * claim priced a line with them; docs/adr/0230).
 */
import { RATE_KIND_LABELS, type AdminExpenseRate, type KudoValue, type KudoValueChange, type NewExpenseRate } from '@contracts/forms-admin';
import { audit, staffActor } from '@server/platform/audit';
import { inTransaction } from '@server/platform/db/database';
import { conflict, invalidField, notFound } from '@server/platform/http/errors';
import type pg from 'pg';
import { expenseRateForChange, insertExpenseRate, setExpenseRate } from './expenses.repo';
import { activeKudoValueCount, allKudoValues, insertKudoValue, kudoValueById, kudoValueNamed, lockKudoValues, setKudoValueOrder, updateKudoValue } from './forms.repo';

const NO_VALUE = 'No such company value';
const NO_RATE = 'No such rate';
const taken = (name: string) => `A value named ${name} exists already`;

export async function addKudoValue(pool: pg.Pool, adminId: number, name: string): Promise<KudoValue> {
  return inTransaction(pool, async (db) => {
    await lockKudoValues(db);
    const same = await kudoValueNamed(db, name);
    if (same) throw conflict(taken(same.name), { name: taken(same.name) });
    const id = await insertKudoValue(db, name);
    await audit(db, { actor: staffActor(adminId), entity: 'kudo_value', entityId: id, action: 'create', detail: { name } });
    return (await kudoValueById(db, id))!;
  });
}

export async function changeKudoValue(pool: pg.Pool, adminId: number, id: number, change: KudoValueChange): Promise<KudoValue> {
  return inTransaction(pool, async (db) => {
    await lockKudoValues(db);
    const value = await kudoValueById(db, id);
    if (!value) throw notFound(NO_VALUE);
    if (change.name !== undefined) {
      const same = await kudoValueNamed(db, change.name);
      if (same && same.id !== id) throw conflict(taken(same.name), { name: taken(same.name) });
    }
    if (change.active === false && value.active && (await activeKudoValueCount(db)) === 1) {
      throw invalidField('active', `Keep at least one active value: ${value.name} is the last one`);
    }
    await updateKudoValue(db, id, change);
    const detail = { ...(change.name !== undefined && change.name !== value.name ? { from: value.name, to: change.name } : {}), ...(change.active !== undefined ? { active: change.active } : {}) };
    await audit(db, { actor: staffActor(adminId), entity: 'kudo_value', entityId: id, action: 'update', detail });
    return (await kudoValueById(db, id))!;
  });
}

export async function orderKudoValues(pool: pg.Pool, adminId: number, ids: readonly number[]): Promise<KudoValue[]> {
  return inTransaction(pool, async (db) => {
    await lockKudoValues(db);
    const known = (await allKudoValues(db)).map((v) => v.id);
    if (known.length !== ids.length || !known.every((id) => ids.includes(id))) throw conflict('The values changed since you read them; reload and order them again');
    await setKudoValueOrder(db, ids);
    await audit(db, { actor: staffActor(adminId), entity: 'kudo_value', entityId: null, action: 'reorder', detail: { ids } });
    return allKudoValues(db);
  });
}

/** How a rate is named in messages: "the EUR rate from 2024-04-01", "the mileage rate from …". */
const rateName = (r: { kind: 'fx' | 'mileage'; code: string; validFrom: string }) => `the ${r.kind === 'fx' ? r.code : RATE_KIND_LABELS.mileage.toLowerCase()} rate from ${r.validFrom}`;

export async function addExpenseRate(pool: pg.Pool, adminId: number, rate: NewExpenseRate): Promise<AdminExpenseRate> {
  return inTransaction(pool, async (db) => {
    const id = await insertExpenseRate(db, rate);
    if (id === null) {
      const message = `${capital(rateName(rate))} exists already; correct it or pick another day`;
      throw conflict(message, { validFrom: message });
    }
    await audit(db, { actor: staffActor(adminId), entity: 'expense_rate', entityId: id, action: 'create', detail: rate });
    return listed((await expenseRateForChange(db, id))!);
  });
}

export async function changeExpenseRate(pool: pg.Pool, adminId: number, id: number, rateMicros: number): Promise<AdminExpenseRate> {
  return inTransaction(pool, async (db) => {
    const rate = await expenseRateForChange(db, id);
    if (!rate) throw notFound(NO_RATE);
    if (rate.claims.length) {
      const message = `${capital(rateName(rate))} priced claim ${rate.claims.map((c) => `#${c}`).join(', ')}; add a newer rate instead of changing it`;
      throw conflict(message, { rateMicros: message });
    }
    await setExpenseRate(db, id, rateMicros);
    await audit(db, { actor: staffActor(adminId), entity: 'expense_rate', entityId: id, action: 'update', detail: { from: rate.rateMicros, to: rateMicros } });
    return { ...listed(rate), rateMicros };
  });
}

/** A rate as the list shows it (without the claims that used it). */
const listed = ({ id, kind, code, validFrom, rateMicros, usedBy }: AdminExpenseRate): AdminExpenseRate => ({ id, kind, code, validFrom, rateMicros, usedBy });
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

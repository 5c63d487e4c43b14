/**
 * PTO requests and shift swaps as forms of the approval engine (docs/adr/0155, 0193). Their
 * policies are rows of migration 0042: a PTO request goes to the requester's manager; a swap to the
 * colleague named in it, then to the requester's manager.
 */
import { ptoPayloadSchema, swapPayloadSchema } from '@contracts/people-schedule';
import { defineForm } from '@server/features/approvals';
import { conflict, invalidField } from '@server/platform/http/errors';
import { audit, staffActor } from '@server/platform/audit';
import { balanceOn, fits } from './pto-ledger';
import { flagGaps, hoursOfLeave, pendingHours, todayOf } from './schedule.commands';
import * as repo from './schedule.repo';

const hoursText = (h: number) => `${Number(h.toFixed(2))} hour${h === 1 ? '' : 's'}`;

export const ptoForm = defineForm({
  type: 'pto',
  payload: ptoPayloadSchema,
  title: (p) => (p.from === p.to ? `Time off on ${p.from}${p.unit === 'hours' ? ` (${hoursText(p.hours ?? 0)})` : ''}` : `Time off ${p.from} to ${p.to}`),
  async check(db, requesterId, p, now) {
    const plan = await repo.planOf(db, requesterId);
    if (!plan) throw invalidField('from', 'You have no PTO plan yet; ask your manager to put you on one');
    if (p.unit === 'hours' && (p.hours ?? 0) > plan.hoursPerDay) throw invalidField('hours', `A day of leave is at most ${hoursText(plan.hoursPerDay)}; ask in days instead`);
    const hours = await hoursOfLeave(db, requesterId, p, plan.hoursPerDay);
    if (hours === 0) throw invalidField(p.unit === 'hours' ? 'from' : 'to', 'These dates hold none of your working days (your days off and public holidays do not count)');
    // One person's requests are checked one at a time, so two at once cannot both spend the same hours.
    await repo.lockPto(db, requesterId);
    const ledger = await repo.ledgerOf(db, requesterId);
    const pending = await pendingHours(db, requesterId);
    const today = await todayOf(db, requesterId, now);
    if (!fits(plan, ledger, today, pending, hours)) {
      const available = balanceOn(ledger, today, pending) - plan.floorHours;
      throw invalidField(p.unit === 'hours' ? 'hours' : 'to', `This request takes ${hoursText(hours)} but your balance allows ${hoursText(Math.max(0, available))}`);
    }
  },
  async onApproved(db, { id, requesterId, payload: p }, now) {
    await repo.lockPto(db, requesterId);
    const plan = await repo.planOf(db, requesterId);
    const hours = await hoursOfLeave(db, requesterId, p, plan?.hoursPerDay ?? 8);
    await repo.addLedgerEntries(db, requesterId, [{ kind: 'taken', hours: -hours, on: p.from, source: `request:${id}`, requestId: id }], now);
    await flagGaps(db, requesterId, p);
  },
});

export const swapForm = defineForm({
  type: 'shift_swap',
  payload: swapPayloadSchema,
  title: (s) => `Shift swap: shift ${s.myShiftId} for shift ${s.theirShiftId}`,
  async check(db, requesterId, s, now) {
    if (s.counterpartId === requesterId) throw invalidField('counterpartId', 'Swap with a colleague, not with yourself');
    const mine = await repo.shiftById(db, s.myShiftId);
    if (!mine || mine.staffId !== requesterId) throw invalidField('myShiftId', 'Pick one of your own shifts');
    const theirs = await repo.shiftById(db, s.theirShiftId);
    if (!theirs || theirs.staffId !== s.counterpartId) throw invalidField('theirShiftId', 'Pick a shift of the colleague you swap with');
    if (theirs.teamId !== mine.teamId) throw invalidField('theirShiftId', 'Swap shifts of the same team');
    if (Date.parse(mine.startsAt) <= now.getTime() || Date.parse(theirs.startsAt) <= now.getTime()) throw invalidField('myShiftId', 'Only shifts that have not started can be swapped');
  },
  /** Both shifts change hands in the approving transaction, or neither: a shift that moved since is a 409. */
  async onApproved(db, { id, requesterId, payload: s }) {
    const locked = await repo.lockShifts(db, [s.myShiftId, s.theirShiftId]);
    const mine = locked.find((x) => x.id === s.myShiftId);
    const theirs = locked.find((x) => x.id === s.theirShiftId);
    if (!mine || !theirs || mine.staffId !== requesterId || theirs.staffId !== s.counterpartId) {
      throw conflict('One of these shifts changed hands since the swap was asked; the swap cannot be applied');
    }
    await repo.setShiftPerson(db, mine.id, s.counterpartId);
    await repo.setShiftPerson(db, theirs.id, requesterId);
    await audit(db, { actor: staffActor(requesterId), entity: 'shift', entityId: mine.id, action: 'shift.swap', detail: { requestId: id, with: theirs.id } });
  },
});

/** What admins keep for the forms (docs/adr/0229, 0230): the company values and the dated rates, each change through the one form machine. */
import { expenseRateChangeSchema, kudoValueChangeSchema, newExpenseRateSchema, newKudoValueSchema, type AdminExpenseRate, type KudoValue, type KudoValueChange, type NewExpenseRate } from '@contracts/forms-admin';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { formsApi } from '../api';

/** Every company value, active and retired, in order. */
export const kudoValuesAdminMachine = createQueryMachine('kudo-values-admin', (): Promise<{ items: KudoValue[] }> => formsApi.allKudoValues());
/** A value added, checked against the contract first. */
export const addKudoValueMachine = createSubmitMachine('kudo-value-add', (input: { name: string }): Promise<KudoValue> => formsApi.addKudoValue(input.name), { schema: newKudoValueSchema });
/** A value renamed (checked against the contract first). */
export const renameKudoValueMachine = createSubmitMachine('kudo-value-rename', (input: { id: number; change: KudoValueChange }): Promise<KudoValue> => formsApi.changeKudoValue(input.id, input.change), {
  schema: { safeParse: (input: unknown) => kudoValueChangeSchema.safeParse((input as { change?: unknown } | undefined)?.change) },
});
/** A value retired or restored (a row action: the server's reason, such as the last active value, is said). */
export const retireKudoValueMachine = createSubmitMachine('kudo-value-retire', (input: { id: number; active: boolean }): Promise<KudoValue> => formsApi.changeKudoValue(input.id, { active: input.active }));
/** The values put in a new order (every value, by id). */
export const orderKudoValuesMachine = createSubmitMachine('kudo-values-order', (ids: number[]): Promise<{ items: KudoValue[] }> => formsApi.orderKudoValues(ids));

/** The order of `ids` with `id` moved `by` places (up is -1), or null when it cannot move that way. */
export function movedOrder(ids: readonly number[], id: number, by: -1 | 1): number[] | null {
  const at = ids.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** Every rate with its id and the claims that used it. */
export const adminRatesMachine = createQueryMachine('expense-rates-admin', (): Promise<{ items: AdminExpenseRate[] }> => formsApi.adminRates());
/** A rate added from a day, checked against the contract first. */
export const addRateMachine = createSubmitMachine('expense-rate-add', (rate: NewExpenseRate): Promise<AdminExpenseRate> => formsApi.addRate(rate), { schema: newExpenseRateSchema });
/** A rate no line used, corrected in place (checked against the contract first). */
export const correctRateMachine = createSubmitMachine('expense-rate-correct', (input: { id: number; rateMicros: number }): Promise<AdminExpenseRate> => formsApi.changeRate(input.id, input.rateMicros), {
  schema: { safeParse: (input: unknown) => expenseRateChangeSchema.safeParse({ rateMicros: (input as { rateMicros?: unknown } | undefined)?.rateMicros }) },
});

/**
 * What admins keep for the forms: the company values a kudo names (added, renamed, reordered,
 * retired; docs/adr/0229) and the dated exchange and mileage rates a travel expense line is priced
 * with (added from a day; changed in place only while no submitted line used them; docs/adr/0230).
 * Apart from ./forms and ./expenses so that only the admin sections load it.
 */
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, idParamsSchema, safeText } from './common/input';
import { z } from './common/zod';
import { EXPENSE_CURRENCIES, HOME_CURRENCY, MILEAGE_CODE, RATE_SCALE, expenseRateSchema } from './expenses';

/** The longest name of a company value (the column's width). */
export const KUDO_VALUE_NAME_MAX = 80;
/** The largest rate, in millionths: a thousand home units for one unit or one mile. */
export const RATE_MICROS_MAX = 1000 * RATE_SCALE;
/** The currencies a rate converts (every line currency but the home one). */
export const RATE_CURRENCIES = EXPENSE_CURRENCIES.filter((c) => c !== HOME_CURRENCY);
export const RATE_KIND_LABELS = { fx: 'Exchange', mileage: 'Mileage' } as const;

const valueName = safeText('Name the value', 'Name')
  .trim()
  .min(1, 'Name the value')
  .max(KUDO_VALUE_NAME_MAX, `Keep the name under ${KUDO_VALUE_NAME_MAX} characters`);

export const kudoValueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  /** Kudos sent with it. */
  kudos: z.number().int(),
});
export type KudoValue = z.infer<typeof kudoValueSchema>;
export const kudoValueListSchema = z.object({ items: z.array(kudoValueSchema) });

export const newKudoValueSchema = z.strictObject({ name: valueName });
export type NewKudoValue = z.infer<typeof newKudoValueSchema>;
export const kudoValueChangeSchema = z
  .strictObject({ name: valueName.optional(), active: z.boolean({ error: 'Active must be true or false' }).optional() })
  .refine((c) => c.name !== undefined || c.active !== undefined, { message: 'Rename the value or retire or restore it', path: ['name'] });
export type KudoValueChange = z.infer<typeof kudoValueChangeSchema>;
export const kudoValueOrderSchema = z.strictObject({
  ids: z
    .array(idInput({ message: 'Name each value by its id' }), { error: 'List the values in their new order' })
    .min(1, 'List the values in their new order')
    .max(1000, 'List the values in their new order')
    .refine((ids) => new Set(ids).size === ids.length, 'A value is listed twice'),
});

const rateMicros = z
  .number({ error: 'Enter the rate' })
  .int('Enter the rate to six decimals at most')
  .positive('Enter a rate above zero')
  .max(RATE_MICROS_MAX, `Keep the rate under ${RATE_MICROS_MAX / RATE_SCALE}`);

export const newExpenseRateSchema = z
  .strictObject({
    kind: z.enum(['fx', 'mileage'], { error: 'Choose exchange or mileage' }),
    code: safeText('Choose the currency', 'Currency').trim(),
    validFrom: calendarDay('In force from', 'Pick the day the rate is in force from'),
    rateMicros,
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'fx' && !(RATE_CURRENCIES as readonly string[]).includes(r.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: `Choose one of ${RATE_CURRENCIES.join(', ')}` });
    if (r.kind === 'mileage' && r.code !== MILEAGE_CODE) ctx.addIssue({ code: 'custom', path: ['code'], message: `A mileage rate is per ${MILEAGE_CODE}` });
  });
export type NewExpenseRate = z.infer<typeof newExpenseRateSchema>;
export const expenseRateChangeSchema = z.strictObject({ rateMicros });

/** A rate as admins list it: its id, and how many submitted claims priced a line with it (then it is never changed in place). */
export const adminExpenseRateSchema = expenseRateSchema.extend({ id: z.number().int(), usedBy: z.number().int() });
export type AdminExpenseRate = z.infer<typeof adminExpenseRateSchema>;
export const adminExpenseRateListSchema = z.object({ items: z.array(adminExpenseRateSchema) });

const TAG = 'Forms';
const admin = { audience: 'staff', roles: ['admin'], tag: TAG } as const;
export const FORMS_ADMIN = {
  values: endpoint({ ...admin, method: 'GET', path: '/api/v2/forms/kudos/values/all', summary: 'Every company value, active and retired, in order, with how many kudos named it', response: kudoValueListSchema }),
  addValue: endpoint({ ...admin, method: 'POST', path: '/api/v2/forms/kudos/values', summary: 'Add a company value (last in the order)', body: newKudoValueSchema, status: 201, response: kudoValueSchema }),
  changeValue: endpoint({
    ...admin,
    method: 'PATCH',
    path: '/api/v2/forms/kudos/values/:id',
    summary: 'Rename a company value (past kudos follow the rename) or retire or restore it; one value stays active',
    params: idParamsSchema,
    body: kudoValueChangeSchema,
    response: kudoValueSchema,
  }),
  orderValues: endpoint({ ...admin, method: 'PUT', path: '/api/v2/forms/kudos/values/order', summary: 'Put the company values in a new order (every value, by id)', body: kudoValueOrderSchema, response: kudoValueListSchema }),
  rates: endpoint({ ...admin, method: 'GET', path: '/api/v2/forms/expenses/rates/all', summary: 'The dated rates with their ids and how many submitted claims used each', response: adminExpenseRateListSchema }),
  addRate: endpoint({ ...admin, method: 'POST', path: '/api/v2/forms/expenses/rates', summary: 'Add an exchange or mileage rate in force from a day', body: newExpenseRateSchema, status: 201, response: adminExpenseRateSchema }),
  changeRate: endpoint({
    ...admin,
    method: 'PATCH',
    path: '/api/v2/forms/expenses/rates/:id',
    summary: 'Correct a rate no submitted line used yet (otherwise add a newer one)',
    params: idParamsSchema,
    body: expenseRateChangeSchema,
    response: adminExpenseRateSchema,
  }),
} as const;

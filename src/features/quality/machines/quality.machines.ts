/** Quality Assurance: the queue, an item with its runs, the figures, and the forms of take and result. */
import { LIMITS } from '@contracts/common/constants';
import { QUALITY, type QaFigures, type QaItemView, type QaResultInput } from '@contracts/quality';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine, type FormSchema } from '@/shared/machines/submit.machine';
import { qualityApi } from '../api';

/** The queue: every item waiting, under test or blocked (oldest first), in one page as large as the endpoint serves. */
export const qaQueueMachine = createQueryMachine('qaQueue', () => qualityApi.queue(LIMITS.pageSizeMax));
export const qaItemMachine = createQueryMachine('qaItem', (id: number): Promise<QaItemView> => qualityApi.item(id));
export const qaFiguresMachine = createQueryMachine('qaFigures', (): Promise<QaFigures> => qualityApi.figures());

export type TakeSubmission = { id: number; version: number };
export const takeMachine = createSubmitMachine<TakeSubmission, QaItemView>('qaTake', (t) => qualityApi.take(t.id, t.version));

export type ResultSubmission = { id: number; input: QaResultInput };
const resultSchema: FormSchema = { safeParse: (value) => QUALITY.result.body.safeParse((value as ResultSubmission).input) };
export const resultMachine = createSubmitMachine<ResultSubmission, QaItemView>('qaResult', (r) => qualityApi.result(r.id, r.input), { schema: resultSchema });

import { createQueryMachine } from '@/shared/machines/query.machine';
import { assistantApi } from '../api';

/** A knowledge article the assistant cited, read in the staff window. */
export const assistantArticleMachine = createQueryMachine('assistantArticle', (id: number) => assistantApi.article(id));

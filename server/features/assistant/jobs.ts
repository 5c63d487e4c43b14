/** The assistant's jobs: the re-index that keeps passages in step with articles and tickets. */
import { defineJob } from '@server/platform/jobs';
import { z } from '@contracts/common/zod';

export const reindexAssistant = defineJob('assistant.reindex', z.object({}));

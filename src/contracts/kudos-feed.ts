/**
 * The kudos feed: the latest kudos, of everyone or of one person. Home shows it on the first
 * screen, so it is a contract of its own, without the forms' payload schemas
 * (src/contracts/forms.ts re-exports it).
 */
import { endpoint } from './common/endpoint';
import { idInput } from './common/input';
import { z } from './common/zod';

/** How many kudos the feed shows. */
export const RECENT_KUDOS = 10;

export const kudoSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  toId: z.number().int(),
  message: z.string(),
  value: z.string(),
  ticketId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Kudo = z.infer<typeof kudoSchema>;

export const KUDOS_FEED = {
  recent: endpoint({
    method: 'GET',
    path: '/api/v2/forms/kudos/recent',
    audience: 'staff',
    tag: 'Forms',
    summary: 'The latest kudos, of everyone or of one person',
    query: z.strictObject({ person: idInput({ label: 'Person' }).optional() }),
    response: z.array(kudoSchema),
  }),
} as const;

/**
 * The forms that go through the approval engine: the Kudos form (a policy with no steps: published
 * on submission) and the Correction form (reviewed by the author's manager). Their payloads; the
 * engine's endpoints carry them (src/contracts/approvals.ts).
 */
import { endpoint } from './common/endpoint';
import { idInput, safeText } from './common/input';
import { z } from './common/zod';

/** Kudos a person may send in any 24 hours. */
export const KUDOS_PER_DAY = 3;
/** A kudo's message: at least a sentence. */
export const KUDO_MESSAGE_MIN = 20;
export const KUDO_MESSAGE_MAX = 1000;
export const RECENT_KUDOS = 10;
export const CORRECTION_TEXT_MAX = 4000;

export const kudoPayloadSchema = z.strictObject({
  toId: idInput({ message: 'Pick the colleague the kudo is for' }),
  message: safeText('Write a message', 'Message', 'long')
    .trim()
    .min(KUDO_MESSAGE_MIN, `Write at least a sentence (${KUDO_MESSAGE_MIN} characters)`)
    .max(KUDO_MESSAGE_MAX, `Keep the message under ${KUDO_MESSAGE_MAX} characters`),
  value: safeText('Choose a company value', 'Value').trim().min(1, 'Choose a company value').max(80, 'Choose a company value'),
  ticketId: idInput({ message: 'Pick a ticket' }).optional(),
  projectId: idInput({ message: 'Pick a project' }).optional(),
});
export type KudoPayload = z.infer<typeof kudoPayloadSchema>;

const correctionText = (label: string) =>
  safeText(`Describe the ${label.toLowerCase()}`, label, 'long').trim().min(1, `Describe the ${label.toLowerCase()}`).max(CORRECTION_TEXT_MAX, `Keep the ${label.toLowerCase()} under ${CORRECTION_TEXT_MAX} characters`);

export const correctionPayloadSchema = z.strictObject({
  summary: safeText('Say what went wrong in a line', 'Summary').trim().min(1, 'Say what went wrong in a line').max(200, 'Keep the summary under 200 characters'),
  customerImpact: correctionText('Customer impact'),
  rootCause: correctionText('Root cause'),
  correctiveAction: correctionText('Corrective action'),
  ticketId: idInput({ message: 'Pick a ticket' }).optional(),
  companyId: idInput({ message: 'Pick a company' }).optional(),
});
export type CorrectionPayload = z.infer<typeof correctionPayloadSchema>;

/** How a request's payload fields read in its detail (both forms). */
export const PAYLOAD_FIELD_LABELS: Record<string, string> = {
  summary: 'What went wrong',
  customerImpact: 'Customer impact',
  rootCause: 'Root cause',
  correctiveAction: 'Corrective action',
  ticketId: 'Related ticket',
  companyId: 'Related company',
  toId: 'Colleague',
  message: 'Message',
  value: 'Company value',
  projectId: 'Related project',
  purpose: 'Purpose',
  destination: 'Destination',
  startDate: 'First day',
  endDate: 'Last day',
  lines: 'Lines',
  totalCents: 'Total',
};

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

export const FORMS = {
  kudoValues: endpoint({ method: 'GET', path: '/api/v2/forms/kudos/values', audience: 'staff', tag: 'Forms', summary: 'The company values a kudo may name', response: z.array(z.string()) }),
  recentKudos: endpoint({
    method: 'GET',
    path: '/api/v2/forms/kudos/recent',
    audience: 'staff',
    tag: 'Forms',
    summary: 'The latest kudos, of everyone or of one person',
    query: z.strictObject({ person: idInput({ label: 'Person' }).optional() }),
    response: z.array(kudoSchema),
  }),
} as const;

/** Email in (admin screen): the channels, the received messages, the channel form, the original of a message and review actions. */
import { mailChannelInputSchema, type MailChannel, type MailChannelInput, type MailMessage } from '@contracts/mail-channels';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { channelsApi } from '../api';

export const mailChannelsMachine = createQueryMachine('mailChannels', () => channelsApi.list());

export type MessagesQuery = { page: number; open: boolean };
export const mailMessagesMachine = createQueryMachine('mailMessages', (q: MessagesQuery) => channelsApi.messages(q));

export type SaveChannel = { id: number | null; body: MailChannelInput };
/** A channel added or changed: checked against the contract first, each problem beside its field. */
export const saveChannelMachine = createSubmitMachine<SaveChannel, MailChannel>('saveMailChannel', (i) => channelsApi.save(i), {
  schema: { safeParse: (input: unknown) => mailChannelInputSchema.safeParse((input as SaveChannel | undefined)?.body) },
});

export const originalMachine = createSubmitMachine<number, string>('mailOriginal', (id) => channelsApi.original(id));

export type ReviewAction = { id: number; companyId: number | null };
export const reviewMessageMachine = createSubmitMachine<ReviewAction, MailMessage>('reviewMail', (i) => channelsApi.review(i));

/** Email in (admin screen): the channels, the received messages, the channel form, the original of a message and review actions. */
import type { MailChannel, MailChannelInput, MailMessage } from '@contracts/mail-channels';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { channelsApi } from '../api';

export const mailChannelsMachine = createQueryMachine('mailChannels', () => channelsApi.list());

export type MessagesQuery = { page: number; open: boolean };
export const mailMessagesMachine = createQueryMachine('mailMessages', (q: MessagesQuery) => channelsApi.messages(q));

export type SaveChannel = { id: number | null; body: MailChannelInput };
export const saveChannelMachine = createSubmitMachine<SaveChannel, MailChannel>('saveMailChannel', (i) => channelsApi.save(i));

export const originalMachine = createSubmitMachine<number, string>('mailOriginal', (id) => channelsApi.original(id));

export type ReviewAction = { id: number; companyId: number | null };
export const reviewMessageMachine = createSubmitMachine<ReviewAction, MailMessage>('reviewMail', (i) => channelsApi.review(i));

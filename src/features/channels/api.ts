import { MAIL_CHANNELS, type MailChannelInput } from '@contracts/mail-channels';
import { call } from '@/shared/http/http';

/** A text file's content (FileReader: every browser, and the test DOM, reads a Blob with it). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The message could not be read'));
    reader.readAsText(blob);
  });
}

/** Email in, for admins: channels, received messages, the review list. */
export const channelsApi = {
  list: () => call(MAIL_CHANNELS.list, {}),
  save: ({ id, body }: { id: number | null; body: MailChannelInput }) => (id ? call(MAIL_CHANNELS.update, { params: { id }, body }) : call(MAIL_CHANNELS.create, { body })),
  messages: (q: { page: number; open: boolean }) => call(MAIL_CHANNELS.messages, { query: { page: q.page, ...(q.open ? { open: 'true' as const } : {}) } }),
  original: async (id: number) => readText(await call(MAIL_CHANNELS.raw, { params: { id } })),
  review: ({ id, companyId }: { id: number; companyId: number | null }) =>
    call(MAIL_CHANNELS.review, { params: { id }, body: companyId ? { action: 'ticket', companyId } : { action: 'dismiss' } }),
};

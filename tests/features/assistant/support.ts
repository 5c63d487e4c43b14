/** Reading the assistant's answers in tests: the frames of a text/event-stream body. */
import type { AssistantFrame } from '@contracts/assistant';
import type { Api } from '@tests/support/api';
import { expect } from 'vitest';

/** The frames of an event-stream body, in order. */
export function framesOf(body: string): AssistantFrame[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return { event, data: data === undefined ? undefined : JSON.parse(data) } as AssistantFrame;
    });
}

export type Asked = {
  frames: AssistantFrame[];
  body: string;
  sources: Extract<AssistantFrame, { event: 'sources' }>['data'];
  answer: string;
  done: Extract<AssistantFrame, { event: 'done' }>['data'] | undefined;
  handover: Extract<AssistantFrame, { event: 'handover' }>['data'] | undefined;
};

/** Asks as an api's caller (staff or client path) and reads the whole stream. */
export async function ask(api: Api, audience: 'staff' | 'client', question: string, conversationId?: number): Promise<Asked> {
  const res = await api.post(audience === 'staff' ? '/api/v2/assistant/ask' : '/api/client/assistant/ask', { question, ...(conversationId ? { conversationId } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/event-stream');
  const frames = framesOf(res.body);
  const sources = frames.find((f) => f.event === 'sources')?.data as Asked['sources'];
  const done = frames.find((f) => f.event === 'done')?.data as Asked['done'];
  const handover = frames.find((f) => f.event === 'handover')?.data as Asked['handover'];
  return { frames, body: res.body, sources, done, handover, answer: done?.answer ?? '' };
}

/**
 * How documents become passages: an article is cut at paragraph ends into pieces of about
 * ASSISTANT.passageChars (a paragraph longer than that at sentence ends); a resolved ticket is its
 * text and then one passage per note. Markdown marks are kept (the article page shows them);
 * the answer strips them (answer.ts).
 */
import { ASSISTANT } from '@contracts/assistant';

/** Cuts a text into pieces of at most about `max` characters, at paragraph ends, else at sentence ends. */
export function cutText(text: string, max: number = ASSISTANT.passageChars): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => (p.length <= max ? [p] : splitSentences(p)));
  const pieces: string[] = [];
  let current = '';
  for (const p of paragraphs) {
    if (current && current.length + p.length + 2 > max) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${p}` : p;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Sentences and list lines of a text, in order. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(*])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A passage as it is stored: who may read it is decided by the caller (visibility, company). */
export type PassageInput = { position: number; visibility: 'public' | 'company' | 'staff'; companyId: number | null; title: string; body: string };

export function articlePassages(a: { title: string; body: string; published: boolean }): PassageInput[] {
  return cutText(a.body).map((body, position) => ({ position, visibility: a.published ? 'public' : 'staff', companyId: null, title: a.title, body }));
}

export function ticketPassages(t: {
  id: number;
  title: string;
  description: string;
  companyId: number | null;
  notes: readonly { body: string; internal: boolean }[];
}): PassageInput[] {
  const title = `#${t.id} ${t.title}`;
  const open = t.companyId === null ? ('staff' as const) : ('company' as const);
  const out: PassageInput[] = [];
  const add = (body: string, visibility: PassageInput['visibility']) => {
    for (const piece of cutText(body)) out.push({ position: out.length, visibility, companyId: t.companyId, title, body: piece });
  };
  add(t.description || t.title, open);
  for (const note of t.notes) add(note.body, note.internal ? 'staff' : open);
  return out;
}

/**
 * The extractive answer: the best passages of different documents become the cited sources; the
 * sentences of those passages that hold most of the question's words become the answer. The
 * confidence is the share of the question's searchable words found in the best passage; below
 * ASSISTANT.confidenceMin the assistant says it does not know. Handover is decided here, by code.
 */
import { ASSISTANT, ASSISTANT_TEXTS, HUMAN_REQUEST, sourceHref, ticketSearchHref, type AssistantSource, type Handover } from '@contracts/assistant';
import type { Queryable } from '@server/platform/sql';
import { searchPassages, sentenceMatches, type AskerScope, type PassageHit } from './passages.repo';
import { splitSentences } from './passages';

/** Words of a question that say how it is asked, not what about: they neither search nor count for confidence. */
/** How much cover density adds to a passage's share of the question's words when ranking (ties and near-ties). */
const RANK_WEIGHT = 0.1;

const ASKING_WORDS = new Set(
  'what whats which who whom whose when where why how do does did can could should would will shall may might must is are was were be been am i me my mine we us our you your please tell explain know want need help get got find show give let lets there here thanks thank hi hello hey ok okay about way ways something anything thing things happen happens happened'.split(' '),
);

/** The question without its asking words (what is searched). */
export function searchTerms(question: string): string {
  return (question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !ASKING_WORDS.has(w.toLowerCase().replace(/['’]/g, ''))).join(' ');
}

export type Answer = {
  sources: (AssistantSource & { passageId: number })[];
  confidence: number;
  /** The extractive answer (or the "I do not know" text). */
  text: string;
  /** How the asker reaches a person, when code decides so. */
  handover: Handover | null;
  /** The cited passages as written (all the model may use). */
  passages: { title: string; body: string }[];
  /** Whether the assistant found an answer (sources shown, text from them). */
  answered: boolean;
};

/** Strips Markdown marks for plain reading. */
export const plain = (s: string) =>
  s
    .replace(/^#{1,6}\s+/, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/, '')
    .replace(/^>\s*/, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|\s)[*_]([^*_]+)[*_]/g, '$1$2')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A passage as plain sentences: its headings left out (the title is beside it), each line's marks stripped, list items ended with a full stop. */
const excerptOf = (body: string) => {
  const text = body
    .split(/\n+/)
    .filter((line) => !/^\s*#{1,6}\s/.test(line))
    .map(plain)
    .filter(Boolean)
    .map((line) => (/[.!?:;…]$/.test(line) ? line : `${line}.`))
    .join(' ');
  return text.length > 280 ? `${text.slice(0, 277).trimEnd()}…` : text;
};

/** Retrieves and answers one question for a scope. */
export async function answerQuestion(db: Queryable, scope: AskerScope, question: string): Promise<Answer> {
  const audience = scope.audience;
  const terms = searchTerms(question);
  const asked = HUMAN_REQUEST.test(question);
  const found = await searchPassages(db, scope, terms, ASSISTANT.candidates, ['article', 'ticket'], ASSISTANT.confidenceMin);
  // Re-ranked by how much of the question each passage holds, then by cover density; one passage per document.
  const query = new Set(found.queryLexemes);
  const coverage = (hit: PassageHit) => (query.size ? hit.lexemes.filter((l) => query.has(l)).length / query.size : 0);
  const maxRank = Math.max(...found.hits.map((h) => h.rank), Number.EPSILON);
  const ranked = found.hits.map((hit) => ({ hit, score: coverage(hit) + RANK_WEIGHT * (hit.rank / maxRank), coverage: coverage(hit) })).sort((x, y) => y.score - x.score);
  const seen = new Set<string>();
  const best: PassageHit[] = [];
  for (const { hit } of ranked) {
    const key = `${hit.kind}:${hit.sourceId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    best.push(hit);
    if (best.length === ASSISTANT.sourcesMax) break;
  }
  const top = best[0];
  const confidence = ranked[0]?.coverage ?? 0;
  const handoverOf = (reason: 'low-confidence' | 'asked'): Handover =>
    audience === 'client'
      ? { kind: 'ticket', reason, title: question.slice(0, 200), description: 'This conversation and the articles cited go with the ticket.' }
      : { kind: 'search', reason, terms: terms || question, href: ticketSearchHref(terms || question) };
  if (confidence < ASSISTANT.confidenceMin || !top) {
    return { sources: [], confidence, text: ASSISTANT_TEXTS.dontKnow, handover: handoverOf(asked ? 'asked' : 'low-confidence'), passages: [], answered: false };
  }
  const used = best.filter((hit) => hit === top || hit.rank >= top.rank * 0.2);
  const sources = used.map((hit) => ({
      passageId: hit.id,
      kind: hit.kind,
      id: hit.sourceId,
      title: hit.title,
      excerpt: excerptOf(hit.body),
      href: sourceHref(audience, hit.kind, hit.sourceId),
    }));
  // The answer: the sentences holding most question words, from the sources in their order.
  const sentences = sources
    .flatMap((s, si) => splitSentences(used[si]!.body).filter((line) => !/^#{1,6}\s/.test(line)).map((text, i) => ({ si, i, text: plain(text) })))
    .filter((s) => s.text.length > 2)
    // Resolved tickets often share a sentence word for word: the answer says it once.
    .filter((s, k, all) => all.findIndex((o) => o.text.toLowerCase() === s.text.toLowerCase()) === k);
  const scores = await sentenceMatches(db, sentences.map((s) => s.text), [...query]);
  const picked = sentences
    .map((s, k) => ({ ...s, score: scores[k]! - s.si * 0.5 }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.si - b.si || a.i - b.i)
    .slice(0, ASSISTANT.answerSentences)
    .sort((a, b) => a.si - b.si || a.i - b.i);
  const text = (picked.length ? picked : sentences.slice(0, 1)).map((s) => (/[.!?:]$/.test(s.text) ? s.text : `${s.text}.`)).join(' ');
  return { sources, confidence, text, handover: asked ? handoverOf('asked') : null, passages: used.map((hit) => ({ title: hit.title, body: hit.body })), answered: true };
}

/** Conversations with the assistant, each its asker's own: every read and write names the owner. */
import type { AssistantConversation, AssistantMessage, AssistantSource, Handover } from '@contracts/assistant';
import { iso, type Queryable } from '@server/platform/sql';

/** Who owns a conversation: a staff user or a client user. */
export type Owner = { audience: 'staff'; userId: number } | { audience: 'client'; userId: number; companyId: number };

const ownerColumn = (o: Owner) => (o.audience === 'staff' ? 'staff_user_id' : 'client_user_id');

/** The conversation to continue (null when it is not the owner's), or a new one titled by the question. */
export async function openConversation(db: Queryable, owner: Owner, conversationId: number | undefined, title: string): Promise<number | null> {
  if (conversationId !== undefined) {
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM assistant_conversations WHERE id = $1 AND audience = $2 AND ${ownerColumn(owner)} = $3`, [conversationId, owner.audience, owner.userId]);
    return rows[0]?.id ?? null;
  }
  const { rows } = await db.query<{ id: number }>(`INSERT INTO assistant_conversations (audience, ${ownerColumn(owner)}, title) VALUES ($1, $2, $3) RETURNING id`, [owner.audience, owner.userId, title.slice(0, 200)]);
  return rows[0]!.id;
}

export async function addMessage(
  db: Queryable,
  conversationId: number,
  m: { role: 'user' | 'assistant'; text: string; sources?: readonly AssistantSource[]; handover?: Handover | null; confidence?: number | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO assistant_messages (conversation_id, role, text, sources, handover, confidence) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [conversationId, m.role, m.text, JSON.stringify(m.sources ?? []), m.handover ? JSON.stringify(m.handover) : null, m.confidence ?? null],
  );
  return rows[0]!.id;
}

export async function listConversations(db: Queryable, owner: Owner, limit: number) {
  const { rows } = await db.query<{ id: number; title: string; created_at: string }>(
    `SELECT id, title, ${iso('created_at')} FROM assistant_conversations WHERE audience = $1 AND ${ownerColumn(owner)} = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
    [owner.audience, owner.userId, limit],
  );
  return rows;
}

export async function loadConversation(db: Queryable, owner: Owner, id: number): Promise<(AssistantConversation & { ticket_id: number | null }) | null> {
  const { rows } = await db.query<{ id: number; title: string; created_at: string; ticket_id: number | null }>(
    `SELECT id, title, ${iso('created_at')}, ticket_id FROM assistant_conversations WHERE id = $1 AND audience = $2 AND ${ownerColumn(owner)} = $3`,
    [id, owner.audience, owner.userId],
  );
  const c = rows[0];
  if (!c) return null;
  const { rows: messages } = await db.query<AssistantMessage>(
    `SELECT id, role, text, sources, handover, rating, comment, ${iso('created_at')} FROM assistant_messages WHERE conversation_id = $1 ORDER BY id`,
    [id],
  );
  return { ...c, messages };
}

/** Rates an answer of the owner's; false when there is no such answer. */
export async function rateMessage(db: Queryable, owner: Owner, messageId: number, rating: 'up' | 'down', comment: string | undefined): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE assistant_messages m SET rating = $1, comment = $2
       FROM assistant_conversations c
      WHERE m.id = $3 AND m.role = 'assistant' AND c.id = m.conversation_id AND c.audience = $4 AND c.${ownerColumn(owner)} = $5`,
    [rating, comment || null, messageId, owner.audience, owner.userId],
  );
  return (rowCount ?? 0) > 0;
}

/** Marks a conversation handed over to a ticket; false when it already was (a second click). */
export async function markHandedOver(db: Queryable, conversationId: number, ticketId: number): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE assistant_conversations SET ticket_id = $2 WHERE id = $1 AND ticket_id IS NULL', [conversationId, ticketId]);
  return (rowCount ?? 0) > 0;
}

/** A knowledge article by id (staff read drafts too). */
export async function articleById(db: Queryable, id: number) {
  const { rows } = await db.query<{ id: number; title: string; category: string; body: string; published: boolean; updated_at: string }>(
    `SELECT id, title, category, body, published, ${iso('updated_at')} FROM knowledge_articles WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

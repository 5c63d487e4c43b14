/**
 * Live displays for the demo: two TVs an admin paired last week, one on the Support board and one in
 * the lobby taking turns through the Support, Sales and Development boards. Their cookie secrets are
 * made up here and thrown away (only hashes are stored), so no browser holds them: a new pairing link
 * from Admin → Displays puts a board on a real TV.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';

const DAY_MS = 86_400_000;

const DISPLAYS = [
  { name: 'Support floor', boards: ['support'], rotateSeconds: null, pairedDaysAgo: 6 },
  { name: 'Lobby', boards: ['support', 'sales', 'development'], rotateSeconds: 30, pairedDaysAgo: 3 },
] as const;

export async function seedDisplays(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'admin@demo.test'`);
  const admin = rows[0]?.id ?? null;
  const now = Date.now();
  for (const d of DISPLAYS) {
    const paired = new Date(now - d.pairedDaysAgo * DAY_MS);
    await client.query(
      `INSERT INTO live_displays (name, boards, rotate_seconds, cookie_hash, paired_at, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [d.name, d.boards, d.rotateSeconds, createHash('sha256').update(randomBytes(32)).digest(), paired, admin, new Date(paired.getTime() - 600_000)],
    );
  }
}

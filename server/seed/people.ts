/**
 * The organisation of the demo: about twenty people in four teams (Support, Development, Quality
 * Assurance, Sales), each under its manager, all under the operations director. Added after the
 * rest of the demo (so the tickets and time of the first six people stay as they were), with the
 * demo password, and a few with their own time zone and quiet hours. Nobody new reports to the
 * demo manager account, whose team the other features' demos and tests count on.
 */
import type { PoolClient } from 'pg';

type Person = { email: string; name: string; title: string; department: string; manager: string; timeZone?: string; quiet?: [string, string] };

/** The team leads first: their people name them as manager. */
export const DEMO_ORG: readonly Person[] = [
  { email: 'riley.chen@demo.test', name: 'Riley Chen', title: 'Engineering Manager', department: 'Development', manager: 'admin@demo.test', timeZone: 'America/Chicago' },
  { email: 'taylor.brooks@demo.test', name: 'Taylor Brooks', title: 'QA Lead', department: 'Quality Assurance', manager: 'admin@demo.test' },
  { email: 'jamie.ortiz@demo.test', name: 'Jamie Ortiz', title: 'Sales Manager', department: 'Sales', manager: 'admin@demo.test', timeZone: 'America/Denver' },
  { email: 'noah.kim@demo.test', name: 'Noah Kim', title: 'Support Team Lead, Tier 2', department: 'Support', manager: 'admin@demo.test' },
  { email: 'priya.patel@demo.test', name: 'Priya Patel', title: 'Support Engineer', department: 'Support', manager: 'noah.kim@demo.test', timeZone: 'Asia/Kolkata', quiet: ['22:00', '07:00'] },
  { email: 'lucas.silva@demo.test', name: 'Lucas Silva', title: 'Support Engineer', department: 'Support', manager: 'noah.kim@demo.test' },
  { email: 'hannah.muller@demo.test', name: 'Hannah Müller', title: 'Support Engineer', department: 'Support', manager: 'noah.kim@demo.test', timeZone: 'Europe/Berlin' },
  { email: 'mateo.garcia@demo.test', name: 'Mateo García', title: 'Senior Software Engineer', department: 'Development', manager: 'riley.chen@demo.test' },
  { email: 'olivia.brown@demo.test', name: 'Olivia Brown', title: 'Software Engineer', department: 'Development', manager: 'riley.chen@demo.test' },
  { email: 'ahmed.okafor@demo.test', name: 'Ahmed Okafor', title: 'Software Engineer', department: 'Development', manager: 'mateo.garcia@demo.test', quiet: ['20:00', '08:00'] },
  { email: 'sofia.rossi@demo.test', name: 'Sofia Rossi', title: 'QA Analyst', department: 'Quality Assurance', manager: 'taylor.brooks@demo.test', timeZone: 'Europe/Rome' },
  { email: 'liam.dubois@demo.test', name: 'Liam Dubois', title: 'Test Automation Engineer', department: 'Quality Assurance', manager: 'taylor.brooks@demo.test' },
  { email: 'emma.nguyen@demo.test', name: 'Emma Nguyen', title: 'Account Executive', department: 'Sales', manager: 'jamie.ortiz@demo.test' },
  { email: 'chen.johnson@demo.test', name: 'Chen Johnson', title: 'Sales Development Rep', department: 'Sales', manager: 'jamie.ortiz@demo.test' },
];

/** Adds the organisation below the demo staff already seeded (`ids`: email → id, extended here). */
export async function seedOrg(client: PoolClient, ids: Map<string, number>, passwordHash: string): Promise<void> {
  for (const [i, p] of DEMO_ORG.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO staff_users (email, name, role, title, department, manager_id, phone, password_hash)
       VALUES ($1, $2, 'user', $3, $4, $5, $6, $7) RETURNING id`,
      [p.email, p.name, p.title, p.department, ids.get(p.manager) ?? null, `555-03${String(10 + i)}`, passwordHash],
    );
    ids.set(p.email, rows[0]!.id);
    if (p.timeZone || p.quiet) {
      await client.query('INSERT INTO staff_profiles (staff_id, time_zone, quiet_from, quiet_to) VALUES ($1, $2, $3, $4)', [
        rows[0]!.id,
        p.timeZone ?? null,
        p.quiet?.[0] ?? null,
        p.quiet?.[1] ?? null,
      ]);
    }
  }
}

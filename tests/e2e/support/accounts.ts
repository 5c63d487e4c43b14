import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'care-demo-2026';
export const STAFF = {
  admin: { email: 'admin@demo.test', name: 'Alex Admin' },
  manager: { email: 'manager@demo.test', name: 'Morgan Manager' },
  agent: { email: 'agent@demo.test', name: 'Avery Agent' },
} as const;
export const CLIENTS = {
  acme: { email: 'client@acme.demo.test', company: 'Acme Utilities' },
  globex: { email: 'client@globex.demo.test', company: 'Globex Water' },
} as const;

export async function staffSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function clientLogIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/client/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

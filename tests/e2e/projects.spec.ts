import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { afterMovedCardFocusHold } from './support/board';
import { analyzeAxe, axeLines } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(axeLines(violations)).toEqual([]);
}

const column = (page: Page, name: string) => page.getByRole('grid', { name: `${name} column` });
const card = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });
const titlesIn = async (list: Locator) => (await list.getByRole('row').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

test('a project: create it, add cards, move them by keyboard and by mouse, keep the order after reload, run a sprint to its burndown', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await staffSignIn(page, STAFF.manager.email);
  await expect(page).toHaveURL(/\/home$/);

  // Create the project.
  await page.goto('/create/project');
  await expect(page).toHaveTitle(/Create Project/);
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill(`Meter rollout ${stamp}`);
  await main.getByRole('combobox', { name: 'Company' }).fill('Acme');
  await page.getByRole('option', { name: 'Acme Utilities' }).click();
  await main.getByRole('button', { name: /Owner/ }).click();
  await page.getByRole('option', { name: STAFF.manager.name }).click();
  await main.getByRole('textbox', { name: 'Budget hours' }).fill('40');
  await main.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Meter rollout ${stamp}` })).toBeVisible();
  const projectId = Number(page.url().split('/').pop());

  // Add three cards to "To do" with the quick add.
  await page.getByRole('link', { name: 'Open board' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/project/kanban/${projectId}$`));
  await page.getByRole('button', { name: 'Add a card to To do' }).click();
  const quick = page.getByRole('textbox', { name: 'New card in To do' });
  for (const title of ['Survey sites', 'Order meters', 'Install meters']) {
    await quick.fill(title);
    await quick.press('Enter');
    await expect(card(page, title)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  expect(await titlesIn(column(page, 'To do'))).toEqual(['Survey sites', 'Order meters', 'Install meters']);
  await expectAccessible(page);

  // Keyboard only: the "Move to…" menu moves "Install meters" to In progress.
  // Into the card with the arrow keys: the drag handle, then the menu button.
  await card(page, 'Install meters').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Move Install meters to…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: 'In progress' }).focus();
  await page.keyboard.press('Enter');
  await expect(column(page, 'In progress').getByRole('row', { name: /Install meters/ })).toBeVisible();
  // Focus followed the card to its new column.
  await expect(page.getByRole('button', { name: 'Move Install meters to…' })).toBeFocused();
  await afterMovedCardFocusHold(page);

  // Keyboard only: the same card back to the top of To do, then up one within it.
  await card(page, 'Order meters').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Top of column' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => titlesIn(column(page, 'To do'))).toEqual(['Order meters', 'Survey sites']);

  // Mouse: drag "Survey sites" by its handle onto the Review column.
  const grip = card(page, 'Survey sites').getByRole('button', { name: /Drag/ });
  const target = column(page, 'Review');
  const from = (await grip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 30, { steps: 10 });
  await page.mouse.up();
  await expect(column(page, 'Review').getByRole('row', { name: /Survey sites/ })).toBeVisible();

  // The order is the server's: a reload shows the same board.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(column(page, 'In progress').getByRole('row', { name: /Install meters/ })).toBeVisible();
  expect(await titlesIn(column(page, 'To do'))).toEqual(['Order meters']);
  expect(await titlesIn(column(page, 'Review'))).toEqual(['Survey sites']);
  await expectAccessible(page);

  // A sprint with the three cards (planned through the API), started and closed on its screen.
  const login = await page.request.post('/api/v2/auth/login', { data: { email: STAFF.manager.email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const sprint = await page.request.post(`/api/v2/projects/${projectId}/sprints`, { headers, data: { name: `Sprint ${stamp}`, goal: 'Meters in', start_date: today, end_date: end } });
  expect(sprint.status()).toBe(201);
  const sprintId = (await sprint.json()).sprint.id as number;
  const board = await (await page.request.get(`/api/v2/projects/${projectId}/board`, { headers })).json();
  for (const [i, t] of (board.tasks as { id: number }[]).entries()) {
    expect((await page.request.patch(`/api/v2/tasks/${t.id}`, { headers, data: { sprint_id: sprintId, estimate: i + 2 } })).status()).toBe(200);
  }
  await page.goto(`/project/sprint/${sprintId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Sprint ${stamp}` })).toBeVisible();
  await page.getByRole('button', { name: 'Start sprint' }).click();
  await expect(page.getByRole('button', { name: 'Close sprint' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Close sprint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close sprint' });
  await expect(dialog).toContainText('3 tasks are not done');
  await dialog.getByRole('radio', { name: 'The backlog' }).check();
  await dialog.getByRole('button', { name: 'Close sprint' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Frozen when the sprint closed.')).toBeVisible();
  await expect(page.getByRole('figure').filter({ hasText: `Burndown of Sprint ${stamp}` })).toBeVisible();
  await expect(page.locator('figure canvas, figure svg').first()).toBeVisible();

  // The unfinished work went to the backlog.
  await page.goto(`/project/kanban/${projectId}`);
  await expect.poll(() => titlesIn(column(page, 'Backlog'))).toEqual(['Order meters', 'Install meters', 'Survey sites']);
});

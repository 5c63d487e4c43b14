/**
 * The kanban board beyond the first journey: a card moved by react-aria's keyboard drag (the
 * handle, Enter, the arrow keys, Enter) and by a touch drag, the order kept after a reload; the
 * "Move to…" menu; a card deleted from its sheet; a project edited; and /project/sprint/{id}
 * re-keyed per sprint id. axe is clean on the board, the sheet and the edit dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const column = (page: Page, name: string) => page.getByRole('grid', { name: `${name} column` });
const card = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const titlesIn = async (list: Locator) => (await list.getByRole('row').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

type Api = { get: <T>(path: string) => Promise<T>; post: <T>(path: string, data?: object) => Promise<T> };
async function api(request: APIRequestContext): Promise<Api> {
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.manager.email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const check = async <T>(res: APIResponse): Promise<T> => {
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };
  return {
    get: async <T>(path: string) => check<T>(await request.get(path, { headers })),
    post: async <T>(path: string, data?: object) => check<T>(await request.post(path, { headers, data })),
  };
}

/** A project with cards in To do, made through the API. */
async function boardWith(request: APIRequestContext, name: string, todo: string[]): Promise<{ id: number; api: Api }> {
  const a = await api(request);
  const options = await a.get<{ staff: { id: number; name: string }[] }>('/api/v2/projects/options');
  const owner = options.staff.find((p) => p.name === STAFF.manager.name)!.id;
  const { project } = await a.post<{ project: { id: number } }>('/api/v2/projects', { name, company_id: 1, owner_id: owner, status: 'active' });
  for (const title of todo) await a.post(`/api/v2/projects/${project.id}/tasks`, { title, column: 'todo', estimate: 2 });
  return { id: project.id, api: a };
}

test.describe('the kanban board', () => {
  test.beforeEach(async ({ page }) => {
    await staffSignIn(page, STAFF.manager.email);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('moves a card by keyboard drag only, then by the Move to… menu; the order survives a reload', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const { id } = await boardWith(page.request, `Keyboard board ${stamp}`, ['Survey sites', 'Order meters', 'Install meters']);
    await page.goto(`/project/kanban/${id}`);
    await expect(column(page, 'To do').getByRole('row')).toHaveCount(3);
    await expectAccessible(page);

    // Keyboard drag: into the card, onto its handle, Enter picks it up; Tab goes to the next
    // column's drop target, Enter drops it there.
    await card(page, 'Install meters').focus();
    await page.keyboard.press('ArrowRight');
    await expect(card(page, 'Install meters').getByRole('button', { name: /Drag/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(column(page, 'In progress').getByRole('row', { name: /Install meters/ })).toBeVisible();
    await expect(page.getByText('Moved Install meters to In progress.')).toBeAttached();

    // Within a column: pick up "Order meters" and drop it before "Survey sites" with the arrow keys.
    await card(page, 'Order meters').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => titlesIn(column(page, 'To do'))).toEqual(['Order meters', 'Survey sites']);

    // The Move to… menu, by mouse: Survey sites to Review.
    await page.getByRole('button', { name: 'Move Survey sites to…' }).click();
    await page.getByRole('menuitem', { name: 'Review' }).click();
    await expect(column(page, 'Review').getByRole('row', { name: /Survey sites/ })).toBeVisible();

    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(column(page, 'In progress').getByRole('row', { name: /Install meters/ })).toBeVisible();
    expect(await titlesIn(column(page, 'To do'))).toEqual(['Order meters']);
    expect(await titlesIn(column(page, 'Review'))).toEqual(['Survey sites']);
  });

  test('deletes a card from its sheet after asking, and edits the project', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const { id } = await boardWith(page.request, `Edit board ${stamp}`, ['Keep this card', 'Remove this card']);
    await page.goto(`/project/kanban/${id}`);
    await card(page, 'Remove this card').click();
    const sheet = page.getByRole('dialog', { name: 'Remove this card' });
    await expect(sheet).toBeVisible();
    await expectAccessible(page);
    await sheet.getByRole('button', { name: 'Delete card' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this card?' });
    await expect(confirm).toContainText('“Remove this card” leaves the board');
    await confirm.getByRole('button', { name: 'Delete card' }).click();
    await expect(toasts(page).getByText('Card deleted: Remove this card')).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect.poll(() => titlesIn(column(page, 'To do'))).toEqual(['Keep this card']);
    await page.reload();
    await expect(column(page, 'To do').getByRole('row')).toHaveCount(1);

    // Edit project from its page: a bad date is named, then a good edit is saved and shown.
    await page.goto(`/project/${id}`);
    await page.getByRole('button', { name: 'Edit project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit project' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(`Edit board ${stamp}`);
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Edited board ${stamp}`);
    await dialog.getByRole('textbox', { name: 'Budget hours' }).fill('80');
    await dialog.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'On hold' }).click();
    await dialog.getByRole('button', { name: 'Save project' }).click();
    await expect(toasts(page).getByText('Project saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: `Edited board ${stamp}` })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Hours used of budget' })).toHaveAttribute('aria-valuemax', '80');
    await expect(page.getByText(/changed name, status, budget hours/)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`Edited board ${stamp}`));
  });

  test('/project/sprint/{id} is re-keyed: nothing of one sprint\'s screen survives into the next', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const { id, api: a } = await boardWith(page.request, `Sprint keys ${stamp}`, ['Carry over']);
    const today = new Date().toISOString().slice(0, 10);
    const later = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const one = (await a.post<{ sprint: { id: number } }>(`/api/v2/projects/${id}/sprints`, { name: `Alpha ${stamp}`, start_date: today, end_date: later(9) })).sprint.id;
    const two = (await a.post<{ sprint: { id: number } }>(`/api/v2/projects/${id}/sprints`, { name: `Beta ${stamp}`, start_date: later(14), end_date: later(23) })).sprint.id;
    await a.post(`/api/v2/projects/${id}/tasks`, { title: 'Unfinished work', column: 'in_progress', estimate: 3, sprint_id: one });
    await a.post(`/api/v2/sprints/${one}/start`);

    await page.goto(`/project/sprint/${one}`);
    await expect(page.getByRole('heading', { level: 1, name: `Alpha ${stamp}` })).toBeVisible();
    // Screen state of sprint one: its close dialog open with a choice made.
    await page.getByRole('button', { name: 'Close sprint' }).click();
    await page.getByRole('dialog', { name: 'Close sprint' }).getByRole('radio', { name: 'The backlog' }).check();

    // Sprint two answers slowly: while it loads, the screen must show a skeleton, not sprint one.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/api/v2/sprints/${two}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate((to) => {
      history.pushState(null, '', `/project/sprint/${to}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, two);
    await expect(page.getByRole('dialog', { name: 'Close sprint' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: `Alpha ${stamp}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close sprint' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1, name: `Beta ${stamp}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start sprint' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`Beta ${stamp}`));
  });
});

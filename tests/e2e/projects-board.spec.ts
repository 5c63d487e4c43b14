/**
 * The kanban board beyond the first journey: a card moved by react-aria's keyboard drag (the
 * handle, Enter, the arrow keys, Enter), the order kept after a reload; the "Move to…" menu, by
 * Shift+F10 on a card and by its button, with focus following the card to the bottom of a long
 * (virtualised) column; the column titles read in full at 1366 px; a card moved by touch on a
 * phone; a card deleted from its sheet; a project edited; and /project/sprint/{id} re-keyed per
 * sprint id. axe is clean on the board, the sheet and the edit dialog.
 */
import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { afterMovedCardFocusHold } from './support/board';
import { analyzeAxe, axeLines } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(axeLines(violations)).toEqual([]);
}

const column = (page: Page, name: string) => page.getByRole('grid', { name: `${name} column` });
/** Where a card dragged by keyboard would drop: react-aria focuses one of these once the drag has begun. */
const dropPosition = (page: Page) => page.locator('[aria-roledescription="drop indicator"]:focus');
const card = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const titlesIn = async (list: Locator) => (await list.getByRole('row').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

type Api = { get: <T>(path: string) => Promise<T>; post: <T>(path: string, data?: object) => Promise<T>; patch: <T>(path: string, data?: object) => Promise<T> };
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
    patch: async <T>(path: string, data?: object) => check<T>(await request.patch(path, { headers, data })),
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
    // As a person does, the next key waits for the drag to show where it would drop (the focus on a
    // drop position): a Tab pressed before that moves the page's focus instead (to "Add a card").
    await expect(dropPosition(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dropPosition(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(column(page, 'In progress').getByRole('row', { name: /Install meters/ })).toBeVisible();
    await expect(page.getByText('Moved Install meters to In progress.')).toBeAttached();
    await afterMovedCardFocusHold(page);

    // Within a column: pick up "Order meters" and drop it before "Survey sites" with the arrow keys.
    await card(page, 'Order meters').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dropPosition(page)).toBeFocused();
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

  test('keyboard: arrows go card to card, Shift+F10 opens Move to…, and focus follows a card to the bottom of a long column', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const titles = Array.from({ length: 30 }, (_, i) => `Step ${String(i + 1).padStart(2, '0')}`);
    const { id, api: a } = await boardWith(page.request, `Long board ${stamp}`, titles);
    await a.patch(`/api/v2/projects/${id}`, { wip_limits: { backlog: 40, todo: 25, in_progress: 99, review: 40, done: 99 } });
    await page.goto(`/project/kanban/${id}`);
    const todo = column(page, 'To do');
    await expect(todo.getByRole('row').first()).toContainText('Step 01');

    // Every column's title and WIP count read in full at 1366 px (nothing clipped by an ellipsis).
    for (const name of ['Backlog', 'To do', 'In progress', 'Review', 'Done']) {
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      await expect(heading).toBeVisible();
      expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth && h.getBoundingClientRect().right <= h.parentElement!.getBoundingClientRect().right)).toBe(true);
    }
    await expect(page.getByLabel('30 cards, WIP limit 25')).toHaveText('30 / 25');
    await expect(page.locator('[data-column="in_progress"]').getByLabel('0 cards, WIP limit 99')).toHaveText('0 / 99');

    // The arrow keys move between cards as a grid does; they never open a menu.
    await card(page, 'Step 01').focus();
    await page.keyboard.press('ArrowDown');
    await expect(card(page, 'Step 02')).toBeFocused();
    await expect(page.getByRole('menu')).toHaveCount(0);
    // The same from the card's Move to… button: ArrowDown goes to the next card.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('button', { name: 'Move Step 02 to…' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(card(page, 'Step 03')).toBeFocused();
    await expect(page.getByRole('menu')).toHaveCount(0);

    // Shift+F10 opens the card's Move to… menu; Escape gives focus back to the card.
    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menu', { name: 'Move Step 03 to…' })).toBeVisible();
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(card(page, 'Step 03')).toBeFocused();

    // The board explains its keys to everyone and to screen readers (each column's description).
    await expect(page.getByText(/Shift\+F10 \(or the card/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'To do' })).toHaveAccessibleDescription(/Shift\+F10/);

    // Bottom of column, by keyboard only: the card lands 30th, far below the column's window; the
    // column scrolls to it and its button keeps the focus.
    await card(page, 'Step 01').focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Bottom of column' }).press('Enter');
    const moved = page.getByRole('button', { name: 'Move Step 01 to…' });
    await expect(moved).toBeFocused();
    await expect(moved).toBeInViewport();
    await expect(page.getByText('Moved Step 01 to To do.')).toBeAttached();
    await expect(todo.getByRole('row').last()).toContainText('Step 01');

    // To another column by the button: focus follows the card there.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Done' }).press('Enter');
    await expect(column(page, 'Done').getByRole('row', { name: /Step 01/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move Step 01 to…' })).toBeFocused();
    await expectAccessible(page);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(column(page, 'Done').getByRole('row', { name: /Step 01/ })).toBeVisible();
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

test.describe('the kanban board on a phone', () => {
  // A touch screen at 375×812. react-aria starts a touch drag from the browser's own drag and drop
  // (a long press), which Chromium does not start from emulated touch events; the "Move to…" menu,
  // operated by taps, is the touch way that is tested here (WCAG 2.5.7).
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('moves a card by touch through its Move to… menu; the order survives a reload', async ({ page }) => {
    await staffSignIn(page, STAFF.manager.email);
    await expect(page).toHaveURL(/\/home$/);
    const stamp = Date.now().toString(36);
    const { id } = await boardWith(page.request, `Phone board ${stamp}`, ['Check wiring', 'Fit panel', 'Test panel']);
    await page.goto(`/project/kanban/${id}`);
    await expect(column(page, 'To do').getByRole('row')).toHaveCount(3);
    // Columns are a phone's width and scroll sideways; the titles are not clipped.
    const heading = page.getByRole('heading', { level: 2, name: 'In progress', exact: true });
    expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

    await page.getByRole('button', { name: 'Move Test panel to…' }).tap();
    await page.getByRole('menuitem', { name: 'Top of column' }).tap();
    await expect.poll(() => titlesIn(column(page, 'To do'))).toEqual(['Test panel', 'Check wiring', 'Fit panel']);
    await page.getByRole('button', { name: 'Move Check wiring to…' }).tap();
    await page.getByRole('menuitem', { name: 'Review' }).tap();
    const review = column(page, 'Review');
    await expect(review.getByRole('row', { name: /Check wiring/ })).toBeAttached();
    // Focus followed the card into the Review column, scrolled into view sideways.
    await expect(page.getByRole('button', { name: 'Move Check wiring to…' })).toBeInViewport();
    await expectAccessible(page);

    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect.poll(() => titlesIn(column(page, 'To do'))).toEqual(['Test panel', 'Fit panel']);
    expect(await titlesIn(review)).toEqual(['Check wiring']);
  });
});

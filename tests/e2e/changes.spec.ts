import { expect, test, type Page } from '@playwright/test';
import { CLIENTS, STAFF, clientLogIn, staffSignIn } from './support/accounts';
import { expectNoHorizontalOverflow, expectWholeThumbnail } from './support/visual';
import { analyzeAxe } from './support/axe';

/** Acme's account manager in the demo data: the change-advisory step's approver. */
const ACCOUNT_MANAGER = 'sam.sales@demo.test';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Light and dark, desktop and phone, of the screen the page is on. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [['1366', { width: 1366, height: 800 }], ['375', { width: 375, height: 812 }]] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/changes-${name}-${size}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 800 });
}

/** Opens a move's dialog from the SCR page and answers the dialog for it. */
async function move(page: Page, action: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('group', { name: 'Move the change request' }).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await fill?.(dialog);
  await dialog.getByRole('button', { name: action }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A small PNG made in the page (a screenshot stand-in for an upload). */
async function png(page: Page, name: string) {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#2a6fdb';
    g.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return { name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/** A test case of the demo data the journey's QA runs record. */
const caseTitleOfDemo = 'Amount due matches the ledger';

/** Takes the change's QA item from the queue and records a result (a pass with a screenshot as evidence). */
async function test_(page: Page, title: string, result: 'Pass' | 'Fail', notes: string) {
  await page.goto('/quality/qa');
  // The QA item is named after its SCR ("SCR-17: …").
  await page.getByRole('button', { name: new RegExp(`^Take “SCR-\\d+: ${title}”$`) }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(title) });
  await expect(dialog.getByText('Under test')).toBeVisible();
  if (result === 'Pass') {
    await dialog.locator('[data-testid="file-picker"] input[type="file"]').setInputFiles(await png(page, 'bill-second-page.png'));
    await dialog.getByRole('button', { name: 'Attach the evidence' }).click();
    await expect(dialog.getByRole('button', { name: /^Open bill-second-page\.png/ })).toBeVisible();
  }
  // A test case joins the run and gets its result before the run's own.
  const caseTitle = caseTitleOfDemo;
  await dialog.getByRole('button', { name: /Add a test case/ }).click();
  await page.getByRole('option', { name: `${caseTitle} (Bill print)` }).click();
  await dialog.getByRole('button', { name: 'Add to the run' }).click();
  const cases = dialog.getByRole('list', { name: /^Test cases of run/ }).last();
  await expect(cases.getByText(caseTitle)).toBeVisible();
  await dialog.getByRole('button', { name: /Pick the case/ }).click();
  await page.getByRole('option', { name: caseTitle, exact: true }).click();
  const caseResult = result === 'Pass' ? 'Passed' : 'Failed';
  await dialog.getByRole('radiogroup', { name: 'Case result' }).getByText(caseResult, { exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Case note/ }).fill(result === 'Pass' ? 'Matches the ledger.' : 'Off by the doubled fee.');
  await dialog.getByRole('button', { name: 'Record the case' }).click();
  await expect(cases.getByText(caseResult, { exact: true })).toBeVisible();
  if (result === 'Pass') await shoot(page, 'qa-evidence');
  await dialog.getByRole('radiogroup', { name: 'Result', exact: true }).getByText(result, { exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Notes/ }).fill(notes);
  await dialog.getByRole('button', { name: 'Record result' }).click();
  // Recorded once the form is gone (it shows only while the item is under test): the typed notes
  // alone prove nothing, as the text area holds them too.
  await expect(dialog.getByRole('form', { name: 'Record the result' })).toHaveCount(0);
  await expect(dialog.getByText(notes)).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a change request goes from the client’s request through review, approval, development and QA to release, and the client sees every stage', async ({ browser, page }) => {
  test.setTimeout(360_000);
  const title = `Late fee line ${Date.now().toString(36)}`;

  // The client files it.
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client$/);
  await page.goto('/client/software/change/request');
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Description/ }).fill('Show the late fee as its own line under the amount due.');
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // Staff review, estimate and send it for approval.
  const staff = await (await browser.newContext()).newPage();
  await staffSignIn(staff, STAFF.manager.email);
  await expect(staff.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await staff.goto(`/software/change/request?search=${encodeURIComponent(title)}`);
  await expect(staff.getByRole('heading', { name: 'Software Change Requests', level: 1 })).toBeVisible();
  await staff.getByRole('link', { name: title }).click();
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await move(staff, 'Start review', async (d) => {
    await d.getByRole('combobox', { name: 'Owner' }).fill('Avery');
    await staff.getByRole('option', { name: STAFF.agent.name }).click();
  });
  await move(staff, 'Send for approval', async (d) => {
    await d.getByRole('textbox', { name: /^Estimate/ }).fill('6');
    await d.getByRole('textbox', { name: /^Implementation plan/ }).fill('Add the fee line to the bill template.');
    await d.getByRole('textbox', { name: /^Rollback plan/ }).fill('Redeploy the previous template.');
    // A picked list closes with a short fade, so for a moment two lists offer "Low": pick from the one just opened.
    await d.getByRole('button', { name: /Impact/ }).click();
    await staff.getByRole('listbox', { name: 'Impact' }).getByRole('option', { name: 'Low' }).click();
    await d.getByRole('button', { name: /Complexity/ }).click();
    await staff.getByRole('listbox', { name: 'Complexity' }).getByRole('option', { name: 'Low' }).click();
  });
  await expect(staff.getByText('Waiting on the change-advisory step')).toBeVisible();
  await staff.locator('[data-testid="file-picker"] input[type="file"]').setInputFiles(await png(staff, 'bill-mockup.png'));
  await staff.getByRole('button', { name: 'Attach the file' }).click();
  await expect(staff.getByRole('button', { name: /^Open bill-mockup\.png/ })).toBeVisible();
  await expectAccessible(staff);
  await shoot(staff, 'page');

  // The account manager approves it in /approvals.
  const approver = await (await browser.newContext()).newPage();
  await staffSignIn(approver, ACCOUNT_MANAGER);
  await expect(approver.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await approver.goto('/approvals');
  const row = approver.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('checkbox').check();
  await approver.getByRole('button', { name: 'Approve selected (1)' }).click();
  await expect(approver.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  await approver.close();

  // Development makes the project; QA fails it, then passes it; staff release it.
  await staff.reload();
  await expect(staff.getByText('Approved').first()).toBeVisible();
  await move(staff, 'Start development');
  await expect(staff.getByRole('link', { name: new RegExp(`^SCR-\\d+: ${title}$`) })).toBeVisible();
  await move(staff, 'Send to QA');
  await test_(staff, title, 'Fail', 'The fee shows twice on the second page.');
  await staff.goto('/software/change/request');
  await staff.goto(`/software/change/request?search=${encodeURIComponent(title)}`);
  await staff.getByRole('link', { name: title }).click();
  await expect(staff.getByText('Failed QA')).toBeVisible();
  await move(staff, 'Send to QA');
  await test_(staff, title, 'Pass', 'Checked on last cycle’s bills.');
  await expectAccessible(staff);
  await shoot(staff, 'qa');
  // The reusable test cases, by product area.
  await staff.goto('/quality/qa?view=cases');
  await expect(staff.getByRole('table', { name: /Test cases/ }).getByText(caseTitleOfDemo)).toBeVisible();
  await expectAccessible(staff);
  await shoot(staff, 'qa-test-cases');
  await staff.goto(`/software/change/request?search=${encodeURIComponent(title)}`);
  await expectAccessible(staff);
  await shoot(staff, 'list');
  await staff.getByRole('link', { name: title }).click();
  await move(staff, 'Release', async (d) => {
    await d.getByRole('textbox', { name: /^Release note/ }).fill('The late fee has its own line from this cycle.');
  });
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await expect(staff.getByText('The late fee has its own line from this cycle.').first()).toBeVisible();

  // The client's timeline shows every stage.
  await page.goto('/client/software/change/request');
  await page.getByRole('link', { name: title }).click();
  const stages = page.getByRole('list', { name: 'Stages' });
  await expect(stages.getByRole('listitem')).toHaveText([/Submitted/, /Under review/, /Approved/, /In development/, /In QA/, /In development/, /In QA/, /Released/]);
  await expect(page.getByText('The late fee has its own line from this cycle.')).toBeVisible();
  // The mock-up staff attached reads as a picture, not a sliver, and the page still fits a phone.
  const thumbnail = page.locator('img[src^="blob:"]');
  await expect(thumbnail).toHaveCount(1);
  await expectWholeThumbnail(thumbnail);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectWholeThumbnail(thumbnail);
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await expectAccessible(page);
  await shoot(page, 'client');
});

test('staff raise a change from a pre-approved standard template: it passes the advisory step and its page explains its risk', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Rotate the portal certificate ${Date.now().toString(36)}`;
  await staffSignIn(page, STAFF.manager.email);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();

  // The list on a phone keeps the "Needs review" badge whole (the demo's emergency change), and its review filter is on the page.
  await page.goto('/software/change/request');
  await page.getByText('Only emergency changes waiting for review').click();
  await expect(page.getByRole('row', { name: /Sales tax rate on water bills/ }).getByText('Needs review')).toBeVisible();
  await shoot(page, 'list-badges');

  // The templates (a retired one last), then a change raised from the pre-approved one.
  await page.goto('/software/change/request?view=templates');
  await expect(page.getByRole('list', { name: 'Standard change templates' }).getByText('Rotate the TLS certificate', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'templates');
  await page.getByRole('button', { name: 'New change request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New change request' });
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Acme');
  await page.getByRole('option', { name: /Acme/ }).first().click();
  await dialog.getByRole('button', { name: /Standard change template/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: /Rotate the TLS certificate/ }).click();
  await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('Rotate the TLS certificate of the customer portal');
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await dialog.getByRole('button', { name: 'Raise the change request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await expect(page.getByText('Rotate the TLS certificate (pre-approved)')).toBeVisible();
  await move(page, 'Start review', async (d) => {
    await d.getByRole('combobox', { name: 'Owner' }).fill('Avery');
    await page.getByRole('option', { name: STAFF.agent.name }).click();
  });
  await move(page, 'Send for approval', async (d) => {
    await expect(d.getByText('Pre-approved standard change: Rotate the TLS certificate')).toBeVisible();
  });
  await expect(page.getByText('Pre-approved standard change: Rotate the TLS certificate')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Move the change request' }).getByRole('button', { name: 'Start development' })).toBeVisible();
  await expect(page.getByText(/low impact × low complexity 1 = 1/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'from-template');
});

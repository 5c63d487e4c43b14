import { expect, test } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';

/** The quote PDF layout tester draws the sample PDF under the app's one strict CSP (no blob: source). */
test('the PDF layout tester draws the sample PDF, for each layout, with no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Unexpected server response/i.test(m.text())) violations.push(m.text());
  });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/quote/pdf-organization-tester');
  const pdf = page.getByRole('region', { name: 'PDF' });
  await expect(pdf.getByRole('status')).toHaveText(/^\d+ pages; showing the first 3\.$/, { timeout: 30_000 });
  await expect(pdf.getByRole('img', { name: /^Page 1 of \d+ of the sample PDF$/ })).toBeVisible();
  await expect(pdf.getByRole('img', { name: /^Page \d+ of \d+ of the sample PDF$/ })).toHaveCount(3);
  await expect(pdf.getByText(/could not be drawn/)).toHaveCount(0);
  // A canvas drawn on is not blank: some pixel is not white.
  const inked = await pdf.getByRole('img', { name: /^Page 1 of / }).evaluate((c) => {
    const canvas = c as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
    return false;
  });
  expect(inked).toBe(true);

  await page.getByRole('button', { name: /Layout/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Paper', exact: true }).click();
  await expect(page.getByRole('region', { name: 'HTML view' })).toContainText('Paper quote');
  await expect(pdf.getByRole('status')).toHaveText(/^\d+ pages; showing the first 3\.$/, { timeout: 30_000 });
  await pdf.getByRole('button', { name: /^Show all \d+ pages$/ }).click();
  await expect(pdf.getByRole('status')).toHaveText(/^\d+ pages\.$/);
  expect(violations).toEqual([]);
});

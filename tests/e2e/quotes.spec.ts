import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

type Mail = { toAddress: string; subject: string; body: string };

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(axeLines(violations)).toEqual([]);
}

async function emailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.admin.email, password: DEMO_PASSWORD } });
  const token = (await login.json()).token;
  const res = await request.get('/api/v2/admin/outbox?pageSize=100', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()).rows as Mail[]).filter((m) => m.toAddress === to);
}

test('catalog CSV import refuses a bad row; a quote built from the catalog with an optional line is sent, accepted by the client, and printed', async ({ browser, page, request }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const email = `buyer.${stamp.toLowerCase()}@northwind.example.com`;
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);

  // Catalog: a CSV with one bad row shows that row's error and writes nothing.
  await page.goto('/quote/item/management');
  await expect(page).toHaveTitle(/Item Management/);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const csv = `sku,name,description,category,unit_price,unit_cost,taxable,active\nE2E-${stamp}-FW,Firewall ${stamp},Next-generation firewall,hardware,1200.00,800,true,true\nE2E-${stamp}-CARE,Care pack ${stamp},Three years of on-site care,service,twelve,100,false,true\n`;
  await page.getByLabel('Or paste the CSV').fill(csv);
  await page.getByRole('button', { name: 'Preview import' }).click();
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').filter({ hasText: `E2E-${stamp}-CARE` })).toContainText('Unit price must be an amount like 12.50');
  await expect(page.getByRole('status').filter({ hasText: 'rows have errors' })).toContainText('1 of 2 rows have errors');
  await expect(page.getByRole('button', { name: /^Import \d+ rows$/ })).toBeDisabled();
  await expectAccessible(page);
  const search = await request.get(`/api/v2/catalog?q=E2E-${stamp}`, { headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token'))}` } });
  expect((await search.json()).total).toBe(0);
  await page.getByLabel('Or paste the CSV').fill(csv.replace('twelve', '450.00'));
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rows are valid' })).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 new' })).toBeVisible();

  // A quote for a new client from the catalog: one line, one optional line.
  await page.goto('/quote/new/client?type=hardware');
  await expect(page).toHaveTitle(/New Client Quote/);
  await page.getByLabel('A new client (saved as a prospect)').check();
  await page.getByLabel("New client's company name").fill(`Northwind ${stamp}`);
  await page.getByLabel('Contact name').fill('Nadia Buyer');
  await page.getByLabel('Contact email (receives the quote)').fill(email);
  // The first autosave gives the quote its address; the editor carries on in place.
  await expect(page).toHaveURL(/\/quote\/edit\/\d+$/);
  await expect(page.getByLabel('Contact email (receives the quote)')).toHaveValue(email);
  const picker = page.getByRole('combobox', { name: 'Add from the catalog' });
  await picker.click();
  await picker.pressSequentially(`E2E-${stamp}-FW`);
  await page.getByRole('option', { name: new RegExp(`E2E-${stamp}-FW`) }).click();
  await picker.click();
  await picker.pressSequentially(`E2E-${stamp}-CARE`);
  await page.getByRole('option', { name: new RegExp(`E2E-${stamp}-CARE`) }).click();
  await page.getByLabel('Line 2 is optional').check();
  // 1,200.00 taxable at 8.25 % = 1,299.00; the optional care pack is not in the total.
  await expect(page.getByTestId('editor-total')).toHaveText('$1,299.00');
  await expect(page).toHaveURL(/\/quote\/edit\/\d+$/);
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send to client' }).click();
  await page.getByRole('dialog', { name: 'Send this quote?' }).getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByRole('button', { name: 'Revise' })).toBeVisible();
  const quoteUrl = page.url();

  // The client opens the emailed link, ticks the optional line, and accepts.
  const mail = (await emailsTo(request, email)).at(-1)!;
  const link = /https?:\/\/\S+(\/quote\/accept\/[\w-]+)/.exec(mail.body)![1]!;
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { level: 1 })).toContainText('Your quote Q-');
  await expect(client.getByTestId('quote-total')).toHaveText('$1,299.00');
  await client.getByRole('checkbox', { name: /Include optional Care pack/ }).check();
  await expect(client.getByTestId('quote-total')).toHaveText('$1,749.00');
  await expectAccessible(client);
  await client.getByLabel('Your full name').fill('Nadia Buyer');
  await client.getByRole('button', { name: 'Accept for $1,749.00' }).click();
  await expect(client.getByText('Thank you: the quote is accepted')).toBeVisible();
  await clientContext.close();

  // Staff see the status and the acceptance record, and download the PDF.
  await page.goto(quoteUrl.replace(/\/quote\/edit\/(\d+)$/, '/quote/view/$1?type=hardware'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Accepted');
  const decision = page.getByTestId('decision');
  await expect(decision).toContainText('Nadia Buyer');
  await expect(decision).toContainText('$1,749.00');
  await expect(decision).toContainText(/[0-9a-f]{64}/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^quote-Q-\d+\.pdf$/);
  await expectAccessible(page);
});

test("a new quote for a company goes to the contact picked from its contacts: the mail is shown, confirmed, and greets the contact by name", async ({ page, request }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const company = `Globex ${stamp}`;
  const email = `jane.${stamp.toLowerCase()}@globex.example.com`;
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  // The company and its contact exist already (made as staff would on the company's page).
  const auth = { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token'))}` };
  const made = await request.post('/api/v2/companies', { headers: auth, data: { name: company, account_number: `GLOBEX-${stamp}` } });
  expect(made.status()).toBe(201);
  const companyId = (await made.json()).company.id as number;
  expect((await request.post(`/api/v2/companies/${companyId}/contacts`, { headers: auth, data: { name: 'Jane Smith', email } })).status()).toBe(201);

  await page.goto('/quote/new/client');
  const companyBox = page.getByRole('combobox', { name: 'Company' });
  await companyBox.click();
  await companyBox.pressSequentially(company);
  await page.getByRole('option', { name: new RegExp(company) }).click();
  await expect(companyBox).toHaveValue(company);
  // The first autosave moves the editor to the quote's address: the company stays, its list stays closed.
  await expect(page).toHaveURL(/\/quote\/edit\/\d+$/);
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(company);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('New draft');

  await page.getByRole('button', { name: /Contact$/ }).click();
  await page.getByRole('option', { name: /Jane Smith/ }).click();
  await expect(page.getByLabel('Contact email (receives the quote)')).toHaveValue(email);
  await page.getByRole('button', { name: 'Add free line' }).click();
  await page.getByLabel('Description of line 1').fill('Network audit');
  await page.getByLabel('Unit price of line 1').fill('450');
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send to client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this quote?' });
  await expect(dialog.getByTestId('mail-to')).toHaveText(email);
  await expect(dialog.getByTestId('mail-body')).toContainText('Hello Jane Smith,');
  await expect(dialog.getByTestId('mail-body')).toContainText(`for ${company} is ready`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByRole('button', { name: 'Revise' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Quote Q-\d+/);

  // The outbox has the mail, greeting the contact by name.
  const mail = (await emailsTo(request, email)).at(-1)!;
  expect(mail.subject).toMatch(/^Quote Q-\d+ from Client Care$/);
  expect(mail.body.split('\n')[0]).toBe('Hello Jane Smith,');
});

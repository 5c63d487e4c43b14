/** The data table pager's rows-per-page Select, as a user works it: open it, pick a choice. */
import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { TABLE_TEXTS } from '@contracts/common/constants';

/** The Select's button (named by the size shown and its label). */
export const rowsPerPageButton = (scope: HTMLElement = document.body) => within(scope).getByRole('button', { name: new RegExp(TABLE_TEXTS.rowsPerPage) });

/** Picks `choice` ("20", "All") in the rows-per-page Select. */
export async function pickRowsPerPage(user: UserEvent, choice: string, scope?: HTMLElement) {
  await user.click(rowsPerPageButton(scope));
  await user.click(await screen.findByRole('option', { name: choice }));
}

/**
 * msw handlers for screens whose table remembers its rows per page: the user never chose one (the
 * default shows), and a choice is taken. Call `forgetPageSizes()` after each test, as the tab keeps what it read.
 */
export const noRememberedPageSize = [
  http.get('*/api/v2/preferences/table-size/:table', () => HttpResponse.json({ size: null })),
  http.put('*/api/v2/preferences/table-size/:table', async ({ request }) => HttpResponse.json(await request.json())),
];

/**
 * How a request's details show the parts of a payload that are not plain text: amounts, lists of
 * records (a travel expense's lines) and the files they name (receipts), fields said elsewhere. Apart from ./forms so that only the
 * request's details load it (Home's kudos carry ./forms on the first staff screen).
 */

/** Payload fields that are amounts in cents of the home currency (shown as money). */
export const PAYLOAD_MONEY_FIELDS: readonly string[] = ['totalCents'];
/** Payload fields the detail does not list (said elsewhere: the home currency is the money's; the company's name is for the form). */
export const PAYLOAD_HIDDEN_FIELDS: readonly string[] = ['currency', 'companyName'];
/** How a column of a payload's list reads: text, a kind named in words, hundredths or cents as a decimal, home cents as money, a list of notes. */
export type PayloadColumn = { key: string; label: string; format?: 'kind' | 'hundredths' | 'money' | 'notes' | 'files' };
/** A row's files (`format: 'files'`): their ids in the column's key, what is known of each (name, size, image) in this field of the row. */
export const PAYLOAD_FILES_FIELD = 'receipts';
/** Payload fields that are lists of records (a travel expense's lines), shown as a table with these columns. */
export const PAYLOAD_TABLES: Record<string, readonly PayloadColumn[]> = {
  lines: [
    { key: 'date', label: 'Day' },
    { key: 'kind', label: 'Kind', format: 'kind' },
    { key: 'merchant', label: 'Merchant' },
    { key: 'description', label: 'Description' },
    { key: 'distanceHundredths', label: 'Miles', format: 'hundredths' },
    { key: 'amountCents', label: 'Amount', format: 'hundredths' },
    { key: 'currency', label: 'Currency' },
    { key: 'homeCents', label: 'Home amount', format: 'money' },
    { key: 'receiptIds', label: 'Receipts', format: 'files' },
    { key: 'flags', label: 'For the approver', format: 'notes' },
  ],
};

/** Money of managed-services contracts (cents, in US dollars), as the screens and notices say it. */
export const money = (cents: number) => (cents / 100).toLocaleString(undefined, { style: 'currency', currency: 'USD' });

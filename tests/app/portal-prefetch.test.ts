import { afterEach, describe, expect, it } from 'vitest';
import { PORTAL_PREFETCH_ID, prefetchPortalOnInput } from '@/app/portal-prefetch';

const LISTS = { staff: ['/assets/main.js', '/assets/HomeScreen.js'], client: ['/assets/main.js', '/assets/ClientDashboard.js'] };

function page() {
  const doc = document.implementation.createHTMLDocument('public');
  const list = doc.createElement('script');
  list.type = 'application/json';
  list.id = PORTAL_PREFETCH_ID;
  list.textContent = JSON.stringify(LISTS);
  doc.body.append(list);
  const input = doc.createElement('input');
  doc.body.append(input);
  return { doc, input };
}
const prefetched = (doc: Document) => [...doc.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));

describe('the portal prefetch of the public pages', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="prefetch"]').forEach((l) => l.remove()));

  it('fetches nothing of the portal until the person types, then the staff portal on /', () => {
    const { doc, input } = page();
    prefetchPortalOnInput(doc, '/');
    expect(prefetched(doc)).toEqual([]);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(prefetched(doc)).toEqual(LISTS.staff);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(prefetched(doc)).toEqual(LISTS.staff);
  });

  it('fetches the client portal on the client pages', () => {
    const { doc, input } = page();
    prefetchPortalOnInput(doc, '/client/login');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(prefetched(doc)).toEqual(LISTS.client);
  });
});

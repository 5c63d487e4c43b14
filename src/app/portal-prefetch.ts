/** The element of public.html where the build lists the portal's first-screen assets per audience. */
export const PORTAL_PREFETCH_ID = 'portal-prefetch';

type PortalPrefetch = { staff?: string[]; client?: string[] };

/** The assets to fetch ahead for a public page: the client portal's for /client pages, the staff portal's otherwise. */
export function prefetchList(doc: Document, path: string): string[] {
  const json = doc.getElementById(PORTAL_PREFETCH_ID)?.textContent;
  if (!json) return [];
  try {
    const lists = JSON.parse(json) as PortalPrefetch;
    return (path === '/client' || path.startsWith('/client/') ? lists.client : lists.staff) ?? [];
  } catch {
    return [];
  }
}

/**
 * Once the person starts typing (the first input on the page), the portal's entry and first screen
 * are fetched at low priority, so the full navigation after sign-in finds them in the cache. Nothing
 * is fetched before: the first paint loads the public page only.
 */
export function prefetchPortalOnInput(doc: Document, path: string): void {
  const onInput = () => {
    for (const href of prefetchList(doc, path)) {
      if (doc.head.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      doc.head.append(link);
    }
  };
  doc.addEventListener('input', onInput, { capture: true, once: true });
}

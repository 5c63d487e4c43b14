/**
 * The browser tab's title, the one way every screen sets it: "<screen> · Client Care". The staff
 * route table names each screen (the app wraps the shown screen in <PageTitle>); a screen refines
 * it with `usePageTitle` once it knows more ("Ticket #123", a company's name). Outside a
 * <PageTitle> (the client portal, a page of its own) `usePageTitle` sets the tab title itself; the
 * survey page's light entry calls the writer, `setPageTitle`. Kept-alive screens that are hidden
 * do not write.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** What every tab title ends with. */
export const TITLE_SUFFIX = 'Client Care';

/** "Ticket Search" → "Ticket Search · Client Care". */
export const pageTitleText = (title: string) => `${title} · ${TITLE_SUFFIX}`;

/**
 * Writes the tab title ("Ticket #12" → "Ticket #12 · Client Care"): the one place that does. Screens
 * use `usePageTitle`; a light entry without React context (the survey page) may call it from its effect.
 */
export function setPageTitle(title: string) {
  document.title = pageTitleText(title);
}

/** The refinement of the <PageTitle> around a screen; null where there is none. */
const Refine = /* @__PURE__ */ createContext<((title: string | null) => void) | null>(null);

/** Sets the tab title while `active`: the screen's refinement if it gave one, else `base`. */
export function PageTitle({ base, active = true, children }: { base: string; active?: boolean; children?: ReactNode }) {
  const [refined, setRefined] = useState<string | null>(null);
  useEffect(() => {
    if (active) setPageTitle(refined ?? base);
  }, [active, refined, base]);
  return <Refine.Provider value={setRefined}>{children}</Refine.Provider>;
}

/**
 * A screen's own title, e.g. `usePageTitle(`Ticket #${id}`)`. Inside a <PageTitle> it refines the
 * route's name while the screen is mounted (null or undefined: the route's name); outside one it
 * sets the tab title itself (null or undefined: leaves it as it is).
 */
export function usePageTitle(title: string | null | undefined) {
  const refine = useContext(Refine);
  useEffect(() => {
    if (refine) {
      refine(title ?? null);
      return () => refine(null);
    }
    if (title) setPageTitle(title);
    return undefined;
  }, [refine, title]);
}

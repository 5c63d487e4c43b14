/**
 * The browser tab's title: "<screen> · Client Care". The route table names each screen (the
 * app wraps the shown screen in <PageTitle>); a screen refines it with `usePageTitle` once it
 * knows more ("Ticket #123", a company's name). Kept-alive screens that are hidden do not write.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export const TITLE_SUFFIX = 'Client Care';

/** "Ticket Search" → "Ticket Search · Client Care". */
export const pageTitleText = (title: string) => `${title} · ${TITLE_SUFFIX}`;

const Refine = createContext<(title: string | null) => void>(() => undefined);

/** Sets the tab title while `active`: the screen's refinement if it gave one, else `base`. */
export function PageTitle({ base, active = true, children }: { base: string; active?: boolean; children?: ReactNode }) {
  const [refined, setRefined] = useState<string | null>(null);
  useEffect(() => {
    if (active) document.title = pageTitleText(refined ?? base);
  }, [active, refined, base]);
  return <Refine.Provider value={setRefined}>{children}</Refine.Provider>;
}

/** A screen's own title (null or undefined: the route's name), e.g. `usePageTitle(`Ticket #${id}`)`. */
export function usePageTitle(title: string | null | undefined) {
  const set = useContext(Refine);
  useEffect(() => {
    set(title ?? null);
    return () => set(null);
  }, [set, title]);
}

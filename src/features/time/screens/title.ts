import { useEffect } from 'react';

/** Sets the tab title of a screen: "<name> · Client Care System". */
export function useTabTitle(name: string): void {
  useEffect(() => {
    document.title = `${name} · Client Care System`;
  }, [name]);
}

import { useEffect } from 'react';
import { APP_TITLE } from '@contracts/common/constants';

/** The browser tab's title while a screen is shown: "Reports · Client Care System". */
export function useTabTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_TITLE}`;
  }, [title]);
}

// Each page names itself in the browser tab and the history list ("Saved Configurations · Quote Configurator"), so
// several open tabs and a screen reader's page announcement tell the pages apart.
import { useEffect } from 'react';

export const APP_NAME = 'Quote Configurator';

export function pageTitle(title: string | null): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets the tab's title while the page shows; null leaves it to a part of the page that names itself. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = pageTitle(title);
  }, [title]);
}

import { createContext, useContext, useEffect, type ReactNode } from 'react';

const APP_NAME = 'authsvc';

/** Whether a Page is around: then the document title is the page's, whatever loads inside it. */
const InPage = createContext(false);

function useDocumentTitle(title: string, enabled = true) {
  useEffect(() => {
    if (enabled) document.title = `${title} · ${APP_NAME}`;
  }, [title, enabled]);
}

/** A screen: its heading, and the same words as the document title (what a tab and a screen reader show). */
export function Page({ title, children, narrow }: { title: string; children: ReactNode; narrow?: boolean }) {
  useDocumentTitle(title);
  return (
    <div className={narrow ? 'page narrow' : 'page'}>
      <h1>{title}</h1>
      <InPage.Provider value={true}>{children}</InPage.Provider>
    </div>
  );
}

/**
 * What shows while a screen's data loads. Outside a Page (the screen's title depends on the data) the document
 * title says so, rather than keep the last screen's; the Page that follows sets its own.
 */
export function Loading({ what }: { what: string }) {
  useDocumentTitle(`Loading ${what}…`, !useContext(InPage));
  return (
    <p role="status" className="loading">
      Loading {what}…
    </p>
  );
}

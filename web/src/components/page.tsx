import { useEffect, type ReactNode } from 'react';

const APP_NAME = 'authsvc';

/** A screen: its heading, and the same words as the document title (what a tab and a screen reader show). */
export function Page({ title, children, narrow }: { title: string; children: ReactNode; narrow?: boolean }) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return (
    <div className={narrow ? 'page narrow' : 'page'}>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="loading">
      Loading {what}…
    </p>
  );
}

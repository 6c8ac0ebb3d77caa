import type { ReactNode } from 'react';
import { pageTitle, useDocumentTitle } from '../hooks/useDocumentTitle';

/** A public page whose full content arrives in a later release; it already has its route, title and heading. */
export function PlaceholderPage({ heading, children }: { heading: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(heading));
  return (
    <section className="page">
      <h1 className="page__title">{heading}</h1>
      <div className="page__body">{children}</div>
    </section>
  );
}

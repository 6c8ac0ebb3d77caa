import type { ReactNode } from 'react';
import { usePageHead } from '../hooks/usePageHead';

/** Both legal pages were last changed on this date. */
export const LEGAL_LAST_UPDATED = { iso: '2024-06-18', text: 'June 18th, 2024' } as const;

export interface LegalSection {
  /** The section's anchor, linked from the page's table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** The page's route, for its head data (common/head.ts). */
  path: string;
  lead: ReactNode;
  /** The few points a hurried reader must not miss, shown in a box above the full text. */
  keyPoints: ReactNode[];
  sections: LegalSection[];
}

/** The layout of the Terms and Conditions and the Privacy Policy: heading, date, key points, contents, sections. */
export function LegalPage({ title, path, lead, keyPoints, sections }: LegalPageProps) {
  usePageHead(path);
  return (
    <article className="legal">
      <header className="legal__header">
        <p className="legal__eyebrow">Legal</p>
        <h1 className="legal__title">{title}</h1>
        <p className="legal__updated">
          Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.text}</time>
        </p>
        <p className="legal__lead">{lead}</p>
      </header>

      <aside className="legal__key-points" aria-labelledby="legal-key-points">
        <h2 id="legal-key-points" className="legal__box-title">
          In short
        </h2>
        <ul>
          {keyPoints.map((point, index) => (
            <li key={index}>{point}</li>
          ))}
        </ul>
      </aside>

      <nav className="legal__contents" aria-labelledby="legal-contents">
        <h2 id="legal-contents" className="legal__box-title">
          On this page
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section) => (
        <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.content}
        </section>
      ))}
    </article>
  );
}

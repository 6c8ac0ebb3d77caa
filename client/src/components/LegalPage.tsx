import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import { usePageHead } from '../hooks/usePageHead';
import { keepTogether } from '../i18n/format';
import { useLocale } from '../i18n/LocaleProvider';

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

/** `<b>…</b>` in a legal message: the words a reader must not miss. */
export const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** The product's name (or another left-to-right name) inside a sentence, kept in its own direction. */
export function ltr(value: ReactNode) {
  return <bdi>{value}</bdi>;
}

/** The contact address as a mail link, isolated so it reads left to right inside Arabic. */
export function MailLink({ email }: { email: string }) {
  return (
    <bdi>
      <a href={`mailto:${email}`}>{email}</a>
    </bdi>
  );
}

/**
 * The date of the last change: the specification's 'June 18th, 2024' in English, Intl's in another language; on
 * one line.
 */
function useLastUpdated(): string {
  const intl = useIntl();
  const { locale } = useLocale();
  if (locale === DEFAULT_LOCALE) return keepTogether(LEGAL_LAST_UPDATED.text);
  const [year, month, day] = LEGAL_LAST_UPDATED.iso.split('-').map(Number);
  return keepTogether(
    intl.formatDate(new Date(Date.UTC(year!, month! - 1, day)), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  );
}

/** The layout of the Terms and Conditions and the Privacy Policy: heading, date, key points, contents, sections. */
export function LegalPage({ title, path, lead, keyPoints, sections }: LegalPageProps) {
  usePageHead(path);
  const lastUpdated = useLastUpdated();
  return (
    <article className="legal">
      <header className="legal__header">
        <p className="legal__eyebrow">
          <FormattedMessage id="site.legal.eyebrow" defaultMessage="Legal" />
        </p>
        <h1 className="legal__title">{title}</h1>
        <p className="legal__updated">
          <FormattedMessage
            id="site.legal.updated"
            defaultMessage="Last updated: {date}"
            values={{ date: <time dateTime={LEGAL_LAST_UPDATED.iso}>{lastUpdated}</time> }}
          />
        </p>
        <p className="legal__lead">{lead}</p>
      </header>

      <aside className="legal__key-points" aria-labelledby="legal-key-points">
        <h2 id="legal-key-points" className="legal__box-title">
          <FormattedMessage id="site.legal.keyPoints" defaultMessage="In short" />
        </h2>
        <ul>
          {keyPoints.map((point, index) => (
            <li key={index}>{point}</li>
          ))}
        </ul>
      </aside>

      <nav className="legal__contents" aria-labelledby="legal-contents">
        <h2 id="legal-contents" className="legal__box-title">
          <FormattedMessage id="site.legal.contents" defaultMessage="On this page" />
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

import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useRouteError } from 'react-router-dom';
import { pageTitle, useDocumentTitle } from '../hooks/useDocumentTitle';
import '../styles/base.css';
import '../styles/layout.css';

/** Shown when a page fails to load or render, most often a chunk gone after a new release. */
export function RouteErrorPage() {
  const error = useRouteError();
  const intl = useIntl();
  useDocumentTitle(
    pageTitle(intl.formatMessage({ id: 'notFound.error.title', defaultMessage: 'Something went wrong' })),
  );
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="not-found">
      <h1 className="not-found__title">
        <FormattedMessage id="notFound.error.heading" defaultMessage="Something went wrong loading this page." />
      </h1>
      <p>
        <a href={window.location.href} className="button button--primary">
          <FormattedMessage id="notFound.error.retry" defaultMessage="Try again" />
        </a>
      </p>
      <Link to="/">
        <FormattedMessage id="notFound.home" defaultMessage="Back to home" />
      </Link>
    </main>
  );
}

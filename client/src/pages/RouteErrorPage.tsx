import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { pageTitle, useDocumentTitle } from '../hooks/useDocumentTitle';
import '../styles/base.css';
import '../styles/layout.css';

/** Shown when a page fails to load or render, most often a chunk gone after a new release. */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle(pageTitle('Something went wrong'));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="not-found">
      <h1 className="not-found__title">Something went wrong loading this page.</h1>
      <p>
        <a href={window.location.href} className="button button--primary">
          Try again
        </a>
      </p>
      <Link to="/">Back to home</Link>
    </main>
  );
}

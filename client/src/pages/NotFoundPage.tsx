import { Link } from 'react-router-dom';
import { messages } from '../../../common/messages';
import { pageTitle, useDocumentTitle } from '../hooks/useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle(pageTitle('Page not found'));
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{messages.notFound}</h1>
      <Link to="/" className="button button--primary">
        Back to home
      </Link>
    </section>
  );
}

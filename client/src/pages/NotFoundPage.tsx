import { Link, useLocation } from 'react-router-dom';
import { messages } from '../../../common/messages';
import { usePageHead } from '../hooks/usePageHead';

export function NotFoundPage() {
  usePageHead(useLocation().pathname, false);
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

import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { messages } from '../../../common/messages';
import { usePageHead } from '../hooks/usePageHead';
import { useLocale } from '../i18n/LocaleProvider';

export function NotFoundPage() {
  usePageHead(useLocation().pathname, false);
  const { text } = useLocale();
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{text(messages.notFound)}</h1>
      <Link to="/" className="button button--primary">
        <FormattedMessage id="notFound.home" defaultMessage="Back to home" />
      </Link>
    </section>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { copyrightYearNow } from '../../../common/site';
import { useLtr } from './Bidi';
import { keepTogether } from '../i18n/format';
import { Logo } from './Header';
import { LanguageSwitcher } from './LanguageSwitcher';
import { messagingAppUrl, phoneHref } from '../lib/contactLinks';
import { siteConfig } from '../lib/siteConfig';

/** The shared footer: contact e-mail, phone, messaging app, copyright and the legal pages. */
export function Footer() {
  const intl = useIntl();
  const ltr = useLtr();
  const { productName, contactEmail, contactPhone, chatNumber, copyrightYear } = siteConfig();
  // The server's year (common/site.ts): the page stays the one it sent. A string: a number would be written with a
  // thousands separator (2,026).
  const year = copyrightYear ?? copyrightYearNow();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>
            <FormattedMessage id="site.footer.tagline" defaultMessage="Premium Media Player for M3U & M3U8 Playlists" />
          </p>
        </div>
        <address className="site-footer__contact">
          <a href={`mailto:${contactEmail}`}>{ltr(contactEmail)}</a>
          {contactPhone && <a href={phoneHref(contactPhone)}>{ltr(contactPhone)}</a>}
          <a href={messagingAppUrl(chatNumber)} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="site.footer.whatsapp" defaultMessage="Chat with us on WhatsApp" />
          </a>
        </address>
        <nav
          aria-label={intl.formatMessage({ id: 'site.footer.legal', defaultMessage: 'Legal' })}
          className="site-footer__links"
        >
          <Link to="/terms-and-conditions">
            <FormattedMessage id="site.footer.terms" defaultMessage="Terms & Conditions" />
          </Link>
          <Link to="/privacy-policy">
            <FormattedMessage id="site.footer.privacy" defaultMessage="Privacy Policy" />
          </Link>
          <Link to="/contact">
            <FormattedMessage id="site.footer.contact" defaultMessage="Contact" />
          </Link>
        </nav>
        <LanguageSwitcher className="site-footer__language" />
      </div>
      <p className="site-footer__copyright">
        <FormattedMessage
          id="site.footer.copyright"
          defaultMessage="© {year} {product}. All rights reserved."
          values={{ year, product: ltr(keepTogether(productName)) }}
        />
      </p>
    </footer>
  );
}

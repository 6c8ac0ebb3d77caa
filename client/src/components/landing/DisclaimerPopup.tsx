import { type RefObject, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLtr } from '../Bidi';
import { keepTogether } from '../../i18n/format';
import { useKeepClearOfChat } from '../chat/keepClear';

interface DisclaimerPopupProps {
  productName: string;
  /** Where keyboard focus goes once the popup is closed (its close button is gone by then). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The hero's disclaimer: shown on arrival, gone for the rest of the visit
 * to this page once closed. While it is open the floating chat launchers keep clear of it: on a phone it ends near
 * the bottom of the first screen, where they sit, and its last line (no refunds) must be read.
 */
export function DisclaimerPopup({ productName, returnFocusTo }: DisclaimerPopupProps) {
  const intl = useIntl();
  const ltr = useLtr();
  const [open, setOpen] = useState(true);
  const notice = useRef<HTMLElement>(null);
  useKeepClearOfChat(notice, open);
  if (!open) return null;
  return (
    <aside className="disclaimer" aria-labelledby="disclaimer-title" ref={notice}>
      <div className="disclaimer__head">
        <h2 id="disclaimer-title" className="disclaimer__title">
          <FormattedMessage id="landing.disclaimer.title" defaultMessage="Before you buy" />
        </h2>
        <button
          type="button"
          className="disclaimer__close"
          aria-label={intl.formatMessage({ id: 'landing.disclaimer.close', defaultMessage: 'Close this notice' })}
          onClick={() => {
            setOpen(false);
            returnFocusTo?.current?.focus();
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p>
        <FormattedMessage
          id="landing.disclaimer.mediaPlayer"
          defaultMessage="{product} is a media player only: it provides no channels, playlists or other content. Every device gets a free 7-day trial, after which a licence is needed to keep watching."
          values={{ product: ltr(keepTogether(productName)) }}
        />
      </p>
      <p>
        <FormattedMessage
          id="landing.disclaimer.noRefunds"
          defaultMessage="<b>There are no refunds after purchase</b>, so please try your own playlist during the trial first."
          values={{ b: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
    </aside>
  );
}

import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';

/** The words read out after the button's visible one ("Show" + " device key"). */
function visuallyHidden(chunks: ReactNode[]) {
  return <span className="visually-hidden">{chunks}</span>;
}

/**
 * The Show/Hide button beside a secret field (a device key, a PIN, a password), pressed while what is typed shows.
 * `show` and `hide` are the field's own messages; their `<hidden>` part is read to screen readers only.
 */
export function RevealButton({
  shown,
  onToggle,
  show,
  hide,
}: {
  shown: boolean;
  onToggle: () => void;
  show: MessageDescriptor;
  hide: MessageDescriptor;
}) {
  return (
    <button type="button" className="field__action" aria-pressed={shown} onClick={onToggle}>
      <FormattedMessage {...(shown ? hide : show)} values={{ hidden: visuallyHidden }} />
    </button>
  );
}

import { useRef, type ReactNode } from 'react';
import { useKeepClearOfChat } from './chat/keepClear';

/**
 * A form's own button (sign in, send, save, pay): busy while the form is being sent, and never under the floating
 * chat buttons, which step aside while they would cover it (keepClear.ts; on a phone they sit where it can land).
 */
export function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useKeepClearOfChat(button);
  return (
    <button
      ref={button}
      type="submit"
      className={className ? `button button--primary ${className}` : 'button button--primary'}
      disabled={busy}
      aria-busy={busy}
    >
      {children}
    </button>
  );
}

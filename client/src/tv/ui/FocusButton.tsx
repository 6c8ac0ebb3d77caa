import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, type ReactNode } from 'react';

/** A button the remote reaches: focused by the spatial navigation, pressed with Enter. */
export function FocusButton({
  children,
  onPress,
  focusKey,
  autoFocus = false,
  className = '',
  label,
}: {
  children: ReactNode;
  onPress: () => void;
  focusKey?: string;
  autoFocus?: boolean;
  className?: string;
  label?: string;
}) {
  const { ref, focused, focusSelf } = useFocusable({ focusKey, onEnterPress: onPress });
  useEffect(() => {
    if (autoFocus) focusSelf();
  }, [autoFocus, focusSelf]);
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      aria-label={label}
      className={`tv-button ${focused ? 'is-focused' : ''} ${className}`}
      // A pointer still works (a desktop browser), but nothing needs one.
      onClick={onPress}
    >
      {children}
    </button>
  );
}

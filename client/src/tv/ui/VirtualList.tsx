import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A long list the remote scrolls: only the rows in view are in the page (@tanstack/react-virtual), so 20,000
 * channels move as smoothly as 20. The list is one focusable for the spatial navigation: Up and Down move its
 * selection (held by the parent), Left and Right leave it, Enter picks the selected row.
 */
export function VirtualList({
  count,
  selected,
  onSelect,
  onEnter,
  renderRow,
  focusKey,
  rowHeight,
  label,
  autoFocus = false,
}: {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  onEnter: (index: number) => void;
  renderRow: (index: number, selected: boolean, listFocused: boolean) => ReactNode;
  focusKey: string;
  rowHeight: number;
  label: string;
  autoFocus?: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { ref, focused, focusSelf } = useFocusable({
    focusKey,
    onArrowPress: (direction, _props, details) => {
      if (direction !== 'up' && direction !== 'down') return true;
      // A held key repeats: move a page at a time after the first few steps.
      const step = details.pressedKeys && Object.values(details.pressedKeys).some((n) => n > 10) ? 5 : 1;
      const next = Math.max(0, Math.min(count - 1, selected + (direction === 'down' ? step : -step)));
      if (next !== selected) onSelect(next);
      return false;
    },
    onEnterPress: () => {
      if (count > 0) onEnter(selected);
    },
  });
  // TanStack Virtual returns a mutable instance, which the React Compiler does not memoise: expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
  });
  useEffect(() => {
    if (count > 0) virtualizer.scrollToIndex(Math.min(selected, count - 1), { align: 'auto' });
  }, [selected, count, virtualizer]);
  useEffect(() => {
    if (autoFocus) focusSelf();
  }, [autoFocus, focusSelf]);

  return (
    <div ref={ref} className={`tv-list ${focused ? 'is-focused' : ''}`} role="listbox" aria-label={label}>
      <div ref={scroller} className="tv-list__scroller">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              role="option"
              aria-selected={item.index === selected}
              className={`tv-list__row ${item.index === selected ? 'is-selected' : ''} ${
                item.index === selected && focused ? 'is-focused' : ''
              }`}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: rowHeight,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {renderRow(item.index, item.index === selected, focused)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DisclaimerPopup } from '../landing/DisclaimerPopup';
import { ChatWidget } from './ChatWidget';
import { boxesOverlap, keepClearOfChat, keptClearOfChat } from './keepClear';

/*
 * Issue 31, "Rough edges", point 5: on a phone the two chat launchers covered the end of the landing page's
 * disclaimer. A launcher now steps aside while it would cover the open disclaimer. jsdom lays nothing out, so the
 * boxes are given: a phone 390px wide and 844px high, its launchers in the bottom corners.
 */

const LEFT_LAUNCHER = new DOMRect(16, 774, 54, 54);
const RIGHT_LAUNCHER = new DOMRect(320, 774, 54, 54);
/** Where the disclaimer is on the screen now (the page scrolls it). */
let disclaimerBox = new DOMRect(20, 545, 350, 264);

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.classList.contains('chat-widget')) {
      return this.classList.contains('chat-widget--left') ? LEFT_LAUNCHER : RIGHT_LAUNCHER;
    }
    if (this.classList.contains('disclaimer')) return disclaimerBox;
    return new DOMRect(0, 0, 0, 0);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  disclaimerBox = new DOMRect(20, 545, 350, 264);
});

function renderPage() {
  render(
    <>
      <DisclaimerPopup productName="M3U Player" />
      <ChatWidget phoneNumber="201000000000" accountName="M3U Player" />
      <ChatWidget phoneNumber="201000000000" accountName="M3U Player" className="chat-widget--left" />
    </>,
  );
  return Array.from(document.querySelectorAll<HTMLElement>('.chat-widget'));
}

const aside = (launchers: HTMLElement[]) => launchers.map((l) => l.classList.contains('chat-widget--aside'));

describe('chat launchers and the disclaimer', () => {
  it('step aside while the open disclaimer ends under them, and come back once it is closed', async () => {
    const launchers = renderPage();
    await waitFor(() => expect(aside(launchers)).toEqual([true, true]));
    fireEvent.click(screen.getByRole('button', { name: 'Close this notice' }));
    await waitFor(() => expect(aside(launchers)).toEqual([false, false]));
    expect(keptClearOfChat()).toEqual([]);
  });

  it('come back once the page has scrolled the disclaimer away from them, and step aside again', async () => {
    const launchers = renderPage();
    await waitFor(() => expect(aside(launchers)).toEqual([true, true]));
    disclaimerBox = new DOMRect(20, 245, 350, 264);
    fireEvent.scroll(window);
    await waitFor(() => expect(aside(launchers)).toEqual([false, false]));
    disclaimerBox = new DOMRect(20, 520, 350, 264);
    fireEvent.scroll(window);
    await waitFor(() => expect(aside(launchers)).toEqual([true, true]));
  });

  it('stay where they cover nothing', async () => {
    disclaimerBox = new DOMRect(20, 300, 350, 264);
    const launchers = renderPage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(aside(launchers)).toEqual([false, false]);
  });

  it('only the launcher over it steps aside', async () => {
    disclaimerBox = new DOMRect(300, 545, 80, 264);
    const launchers = renderPage();
    await waitFor(() => expect(aside(launchers)).toEqual([true, false]));
  });

  it('an open chat stays open, whatever it covers', async () => {
    disclaimerBox = new DOMRect(20, 100, 350, 264);
    const launchers = renderPage();
    const [right] = screen.getAllByRole('button', { name: 'Open chat with M3U Player' });
    fireEvent.click(right!);
    disclaimerBox = new DOMRect(20, 545, 350, 264);
    fireEvent.scroll(window);
    await waitFor(() => expect(aside(launchers)).toEqual([false, true]));
  });

  it('any element can ask for room, until it lets go', async () => {
    render(<ChatWidget phoneNumber="201000000000" />);
    const launcher = document.querySelector<HTMLElement>('.chat-widget')!;
    const banner = document.createElement('div');
    banner.className = 'disclaimer';
    let release = () => {};
    act(() => {
      release = keepClearOfChat(banner);
    });
    await waitFor(() => expect(launcher).toHaveClass('chat-widget--aside'));
    act(() => release());
    await waitFor(() => expect(launcher).not.toHaveClass('chat-widget--aside'));
  });
});

describe('boxesOverlap', () => {
  it('counts the clearance around the launcher, and ignores empty boxes', () => {
    const launcher = new DOMRect(320, 774, 54, 54);
    expect(boxesOverlap(launcher, new DOMRect(0, 700, 390, 70))).toBe(true); // ends 4px above it
    expect(boxesOverlap(launcher, new DOMRect(0, 700, 390, 60))).toBe(false); // ends 14px above it
    expect(boxesOverlap(launcher, new DOMRect(0, 774, 315, 54))).toBe(true); // ends 5px to its left
    expect(boxesOverlap(launcher, new DOMRect(0, 774, 300, 54))).toBe(false); // ends 20px to its left
    expect(boxesOverlap(launcher, new DOMRect(0, 774, 315, 54), 0)).toBe(false);
    expect(boxesOverlap(launcher, new DOMRect(0, 0, 0, 0))).toBe(false);
  });
});

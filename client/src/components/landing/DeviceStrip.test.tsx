import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceStrip } from './DeviceStrip';
import { setTestLocale } from '../../test/locale';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DeviceStrip', () => {
  it('names every compatible device once for screen readers and hides the moving copies', () => {
    const { container } = render(<DeviceStrip />);
    const names = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(names).toEqual([
      'Samsung smart TV',
      'LG webOS',
      'Sony smart TV',
      'Android TV',
      'Windows',
      'Roku',
      'Apple TV',
    ]);
    const strip = container.querySelector('.device-strip')!;
    expect(strip).toHaveAttribute('aria-hidden', 'true');
    // The badges are drawn in the page, each with its maker's name and what it is, in the page's language.
    const badges = Array.from(strip.querySelectorAll('svg.device-strip__badge'), (svg) => svg.textContent);
    expect(new Set(badges)).toEqual(
      new Set([
        'SamsungSMART TV',
        'LGWEBOS TV',
        'SonySMART TV',
        'AndroidTV',
        'WindowsPC & LAPTOP',
        'RokuSTREAMING',
        'AppleTV',
      ]),
    );
  });

  it('scrolls at speed 70, filling the width, until the visitor pauses it', () => {
    // jsdom has no layout: give the strip and its row of badges a width, 1540 px, so the marquee can time itself.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ width: 1540, height: 72 } as DOMRect);
    const { container } = render(<DeviceStrip />);
    const marquee = container.querySelector<HTMLElement>('.rfm-marquee')!;
    expect(marquee.style.getPropertyValue('--duration')).toBe(`${1540 / 70}s`);
    expect(marquee.style.getPropertyValue('--min-width')).toBe('auto');
    expect(marquee.style.getPropertyValue('--play')).toBe('running');

    const toggle = screen.getByRole('button', { name: 'Pause the device logos' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(marquee.style.getPropertyValue('--play')).toBe('paused');
    expect(screen.getByRole('button', { name: 'Play the device logos' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('stands still when the visitor asks for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { container } = render(<DeviceStrip />);
    expect(container.querySelector<HTMLElement>('.rfm-marquee')!.style.getPropertyValue('--play')).toBe('paused');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('in Arabic names the devices in Arabic and scrolls from left to right, the reading direction', async () => {
    await setTestLocale('ar');
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ width: 1540, height: 72 } as DOMRect);
    const { container } = render(<DeviceStrip />);
    const names = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(names).toHaveLength(7);
    expect(names[0]).toBe('تلفزيون سامسونج الذكي');
    expect(names[2]).toBe('تلفزيون سوني الذكي');
    const badges = Array.from(container.querySelectorAll('svg.device-strip__badge'), (svg) => svg.textContent);
    expect(new Set(badges)).toEqual(
      new Set([
        'Samsungتلفزيون ذكي',
        'LGWEBOS TV',
        'Sonyتلفزيون ذكي',
        'AndroidTV',
        'Windowsكمبيوتر ومحمول',
        'Rokuجهاز بث',
        'AppleTV',
      ]),
    );
    const strip = container.querySelector('.device-strip')!;
    // The marquee's track stays laid out left to right (its animation is physical); it plays in reverse.
    expect(strip).toHaveAttribute('dir', 'ltr');
    expect(strip.querySelector<HTMLElement>('.rfm-marquee')!.style.getPropertyValue('--direction')).toBe('reverse');
    const toggle = screen.getByRole('button', { name: 'إيقاف شريط شعارات الأجهزة مؤقتًا' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'تشغيل شريط شعارات الأجهزة' })).toHaveAttribute('aria-pressed', 'true');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IntroVideo } from './IntroVideo';
import { setTestLocale } from '../../test/locale';

describe('IntroVideo', () => {
  it('shows a poster and loads the external player only once play is pressed', () => {
    const { container } = render(<IntroVideo videoId="dQw4w9WgXcQ" productName="M3U Player" />);
    expect(container.querySelector('iframe')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Play the video: M3U Player: a short introduction' }));

    const player = screen.getByTitle('M3U Player: a short introduction');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('without a video id shows the poster with a caption, and no play button or player', () => {
    const { container } = render(<IntroVideo videoId="" productName="M3U Player" />);
    expect(screen.getByRole('img', { name: /smart TV in a living room/ })).toHaveAttribute(
      'src',
      '/images/illustrations/intro-poster.svg',
    );
    expect(screen.getByRole('figure')).toHaveTextContent(/video tour is on its way/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('speaks Arabic, the product name isolated left to right', async () => {
    await setTestLocale('ar');
    const { container } = render(<IntroVideo videoId="dQw4w9WgXcQ" productName="M3U Player" />);
    expect(screen.getByRole('figure')).toHaveTextContent('نظرة سريعة على M3U Player على تلفزيون ذكي.');
    expect(container.querySelector('figcaption bdi')).toHaveTextContent('M3U Player');
    fireEvent.click(screen.getByRole('button', { name: /^تشغيل الفيديو: .*M3U Player.*: مقدمة قصيرة$/ }));
    expect(container.querySelector('iframe')!.getAttribute('title')).toBe('\u2068M3U Player\u2069: مقدمة قصيرة');
  });

  it('without a video id shows the Arabic caption and poster description', async () => {
    await setTestLocale('ar');
    render(<IntroVideo videoId="" productName="M3U Player" />);
    expect(screen.getByRole('img', { name: 'تلفزيون ذكي في غرفة معيشة يعرض فيلمًا' })).toBeInTheDocument();
    expect(screen.getByRole('figure')).toHaveTextContent(/الفيديو التعريفي قريبًا/);
  });
});

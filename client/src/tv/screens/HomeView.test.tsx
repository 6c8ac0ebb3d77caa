import { init } from '@noriginmedia/norigin-spatial-navigation';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../i18n/locale';
import { setTestLocale } from '../../test/locale';
import type { TvAppConfigQuery, TvStartQuery } from '../__generated__/graphql';
import type { HomeReads } from './HomeView';

// The build defines the app's version (vite.tv.config.mts); the platform module reads it when loaded.
vi.hoisted(() => {
  (globalThis as { __TV_APP_VERSION__?: string }).__TV_APP_VERSION__ = '1.0.0';
});

const { HomeView, REVALIDATE_SECONDS } = await import('./HomeView');
// The spatial navigation, started as main.tsx starts it.
init({ throttle: 0 });

/**
 * The home screen's line about the device, as the owner reads it off the TV: a trial with its end, a licence with
 * its end or for life, and an ended trial or licence with the portal's address to activate at (issue 53: "a trial
 * or expired device shows its state and the portal's address").
 */

const PORTAL = 'https://portal.example';
const config: TvAppConfigQuery = {
  appConfig: {
    productName: 'M3U Player',
    minimumAppVersion: null,
    portalUrl: PORTAL,
    supportEmail: 'help@example.com',
    supportPhone: null,
  },
  pricing: null,
};

function reads(status: 'TRIAL' | 'ACTIVE' | 'INACTIVE', expireDate: string | null): HomeReads {
  const start: TvStartQuery = {
    currentDevice: {
      id: 'd1',
      macAddress: '02:11:22:33:44:55',
      status,
      expireDate,
      hasParentPin: false,
      playlistsVersion: 1,
    },
    playlists: [],
  };
  return { config, start, loading: false, refetch: async () => undefined, refetchStart: async () => undefined };
}

/** The line as read: any space (a date's no-break one) as a space. */
const status = () => screen.getByTestId('device-status').textContent?.replace(/\s/g, ' ');
const show = (r: HomeReads) => render(<HomeView mac="02:11:22:33:44:55" onOpen={() => undefined} reads={r} />);

describe('the TV home screen says what the device may do', () => {
  it('a trial, with the day it ends', () => {
    show(reads('TRIAL', '2026-12-14T10:00:00.000Z'));
    expect(status()).toBe('Free trial until 14 Dec. 2026');
  });

  it('a licence, with its end or for life', () => {
    const { unmount } = show(reads('ACTIVE', '2027-12-07T10:00:00.000Z'));
    expect(status()).toBe('Active until 7 Dec. 2027');
    unmount();
    show(reads('ACTIVE', null));
    expect(status()).toBe('Active for life');
  });

  it('an ended trial or licence, with the portal to activate at', () => {
    show(reads('INACTIVE', '2026-11-30T10:00:00.000Z'));
    expect(status()).toBe(`This TV’s trial or licence has ended. Activate it at \u2068${PORTAL}\u2069.`);
  });

  it('an ended trial or licence in Arabic, the address kept left to right', async () => {
    await loadMessages('ar', ['tvapp']);
    await setTestLocale('ar');
    show(reads('INACTIVE', '2026-11-30T10:00:00.000Z'));
    expect(status()).toContain(`\u2068${PORTAL}\u2069`);
    expect(status()).not.toContain('Activate');
    expect(status()).toMatch(/[\u0600-\u06ff]/);
  });
});

describe('the update screen says where the update comes from', () => {
  const outdated: HomeReads = {
    ...reads('TRIAL', null),
    config: { ...config, appConfig: { ...config.appConfig, minimumAppVersion: '2.0.0' } },
  };

  it.each([
    ['tizen', 'On the TV, open Apps, choose this app and then Update, or install the new version you were given.'],
    [
      'webOS',
      'On the TV, open the LG Content Store, choose this app and then Update, or install the new version you were given.',
    ],
    [null, 'Reload this page to load the latest version.'],
  ])('on an engine with window.%s', async (global, where) => {
    await setTestLocale('en');
    if (global) vi.stubGlobal(global, {});
    try {
      show(outdated);
      expect(screen.getByRole('heading', { name: 'Update the app' })).toBeTruthy();
      expect(
        screen.getByText('This version (1.0.0) is no longer supported. Update the app to version 2.0.0 or later.'),
      ).toBeTruthy();
      expect(screen.getByText(where)).toBeTruthy();
      expect(screen.queryByTestId('device-status')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the home screen reads its start again while it shows', () => {
  it('every few minutes and when the app comes back to the front, not after it is left', async () => {
    await setTestLocale('en');
    vi.useFakeTimers();
    try {
      const refetchStart = vi.fn(async () => undefined);
      const { unmount } = show({ ...reads('TRIAL', '2026-12-14T10:00:00.000Z'), refetchStart });
      vi.advanceTimersByTime((REVALIDATE_SECONDS - 1) * 1000);
      expect(refetchStart).not.toHaveBeenCalled();
      vi.advanceTimersByTime(REVALIDATE_SECONDS * 0.1 * 1000 + 1000);
      expect(refetchStart).toHaveBeenCalledTimes(1);

      // In front again (the engine says so): read at once, and the next read a whole interval later.
      expect(document.visibilityState).toBe('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(refetchStart).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime((REVALIDATE_SECONDS - 1) * 1000);
      expect(refetchStart).toHaveBeenCalledTimes(2);

      // Left for a playlist: no more reads from this screen.
      unmount();
      vi.advanceTimersByTime(REVALIDATE_SECONDS * 2 * 1000);
      document.dispatchEvent(new Event('visibilitychange'));
      expect(refetchStart).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

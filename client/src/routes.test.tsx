import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

describe('public routes', () => {
  it('shows the landing page with the shared header and footer', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Premium Media Player for M3U & M3U8 Playlists' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('premium media player'));

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('FEATURES')).toBe('/#features');
    expect(href('FAQS')).toBe('/#faqs');
    expect(href('CONTACT')).toBe('/contact');
    expect(href('ACTIVATE DEVICE')).toBe('/device/login');
    expect(href('MANAGE PLAYLISTS')).toBe('/device/login');

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
    expect(within(footer).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'support@m3uplayer.example' })).toHaveAttribute(
      'href',
      'mailto:support@m3uplayer.example',
    );
    expect(within(footer).getByRole('link', { name: '+20 100 000 0000' })).toHaveAttribute('href', 'tel:+201000000000');
    expect(within(footer).getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/201000000000',
    );
  });

  it.each([
    ['/contact', 'Contact Us', 'M3U Player | Contact Us'],
    ['/terms-and-conditions', 'Terms and Conditions', 'Terms and Conditions | M3U Player'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy | M3U Player'],
  ])('%s shows its heading and title', async (path, heading, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // The title is set in an effect, which may run just after the heading is on screen.
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the not-found page with a link home for any other path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'This page was not found!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found | M3U Player'));
  });
});

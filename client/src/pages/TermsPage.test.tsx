import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import TermsPage from './TermsPage';
import { siteConfig } from '../lib/siteConfig';

function renderPage() {
  const { container } = render(
    <MemoryRouter>
      <TermsPage />
    </MemoryRouter>,
  );
  return container;
}

describe('TermsPage', () => {
  it('shows its heading, title and the date of the last update', async () => {
    const page = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Terms and Conditions | M3U Player'));
    expect(page).toHaveTextContent('Last updated: June 18th, 2024');
    expect(page.querySelector('time')).toHaveAttribute('dateTime', '2024-06-18');
  });

  it('states the player-only, trial, refund and activation rules', () => {
    const page = renderPage();
    expect(page).toHaveTextContent('It supplies no channels, playlists or content');
    expect(page).toHaveTextContent('We disclaim all responsibility for content used in the app.');
    expect(page).toHaveTextContent('free trial of 7 days');
    expect(page).toHaveTextContent('a licence must be bought');
    expect(page).toHaveTextContent('There are no refunds after purchase.');
    expect(page).toHaveTextContent('a licence bought without a playlist is not refunded');
    expect(page).toHaveTextContent('Activation may take up to one hour.');
    expect(page).toHaveTextContent('The app identifies your device by its MAC address.');
  });

  it('has a section for each topic, listed in its table of contents', () => {
    renderPage();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    for (const title of [
      'A media player only',
      'Free trial and licence',
      'Payments and refunds',
      'Activation after payment',
      'Acceptable use',
      'Limitation of liability',
      'Changes to these terms',
      'Contact',
    ]) {
      const section = screen.getByRole('region', { name: title });
      expect(within(contents).getByRole('link', { name: title })).toHaveAttribute('href', `#${section.id}`);
    }
  });

  it('gives the contact e-mail address', () => {
    renderPage();
    const { contactEmail } = siteConfig();
    const section = screen.getByRole('region', { name: 'Contact' });
    expect(within(section).getByRole('link', { name: contactEmail })).toHaveAttribute('href', `mailto:${contactEmail}`);
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import TermsPage from './TermsPage';
import { siteConfig } from '../lib/siteConfig';
import { setTestLocale } from '../test/locale';

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

  it('reads in Arabic, keeping the product name and the e-mail address left to right', async () => {
    await setTestLocale('ar');
    const page = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'الشروط والأحكام' })).toBeInTheDocument();
    expect(page).toHaveTextContent('آخر تحديث: 18 يونيو 2024');
    expect(page.querySelector('time')).toHaveAttribute('dateTime', '2024-06-18');
    expect(page).not.toHaveTextContent('In short');

    const contents = screen.getByRole('navigation', { name: 'في هذه الصفحة' });
    for (const title of ['مشغّل وسائط فقط', 'المدفوعات واسترداد المبالغ', 'حدود المسؤولية', 'التواصل معنا']) {
      const section = screen.getByRole('region', { name: title });
      expect(within(contents).getByRole('link', { name: title })).toHaveAttribute('href', `#${section.id}`);
    }
    expect(screen.getByRole('region', { name: 'المدفوعات واسترداد المبالغ' })).toHaveTextContent(
      'لا تُستردّ المبالغ بعد الشراء.',
    );
    expect(screen.getByRole('region', { name: 'التفعيل بعد الدفع' })).toHaveTextContent(
      'قد يستغرق التفعيل ما يصل إلى ساعة واحدة.',
    );
    expect(screen.getByText('فترة تجريبية مجانية مدتها 7 أيام', { selector: 'p strong' })).toBeInTheDocument();
    // The in-page link names the section in Arabic, as its heading does.
    const trial = screen.getByRole('region', { name: 'الفترة التجريبية المجانية والترخيص' });
    expect(within(trial).getByRole('link', { name: 'جهازك وعنوان MAC الخاص به' })).toHaveAttribute('href', '#device');

    const { productName, contactEmail } = siteConfig();
    const scope = screen.getByRole('region', { name: 'من نحن وما الذي تشمله هذه الشروط' });
    expect(within(scope).getByText(productName).tagName).toBe('BDI');
    const contact = screen.getByRole('region', { name: 'التواصل معنا' });
    const mail = within(contact).getByRole('link', { name: contactEmail });
    expect(mail).toHaveAttribute('href', `mailto:${contactEmail}`);
    expect(mail.closest('bdi')).not.toBeNull();
    expect(within(contact).getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute('href', '/privacy-policy');
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import PrivacyPage from './PrivacyPage';
import { siteConfig } from '../lib/siteConfig';
import { setTestLocale } from '../test/locale';

function renderPage() {
  const { container } = render(
    <MemoryRouter>
      <PrivacyPage />
    </MemoryRouter>,
  );
  return container;
}

describe('PrivacyPage', () => {
  it('shows its heading, title and the date of the last update', async () => {
    const page = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy Policy | M3U Player'));
    expect(page).toHaveTextContent('Last updated: June 18th, 2024');
  });

  it('states that no personal data is collected', () => {
    renderPage();
    const section = screen.getByRole('region', { name: 'No personal data' });
    expect(section).toHaveTextContent('M3U Player collects no personal data.');
    expect(screen.getByText('No personal data is collected.')).toBeInTheDocument();
  });

  it('cites the minimum age of 15', () => {
    renderPage();
    expect(screen.getByRole('region', { name: 'Minimum age' })).toHaveTextContent(
      'intended for people aged 15 and over',
    );
  });

  it('explains what the portal stores, the one session cookie and how to reach us', () => {
    renderPage();
    const stored = screen.getByRole('region', { name: 'What the portal stores to work' });
    expect(stored).toHaveTextContent(/The device’s MAC address/);
    expect(stored).toHaveTextContent('stored only as a salted hash');
    expect(stored).toHaveTextContent('The playlists the owner adds');
    expect(stored).toHaveTextContent('This information belongs to the device, not to a person');

    const cookies = screen.getByRole('region', { name: 'Cookies' });
    expect(cookies).toHaveTextContent('one cookie: a session cookie for the device portal');
    expect(cookies).toHaveTextContent('no tracking, analytics or advertising cookies');

    expect(screen.getByRole('region', { name: 'Contact messages and chat' })).toHaveTextContent(
      'It is used only to answer you',
    );

    const { contactEmail } = siteConfig();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: contactEmail })).toHaveAttribute('href', `mailto:${contactEmail}`);
  });

  it('reads in Arabic, keeping the product name and the e-mail address left to right', async () => {
    await setTestLocale('ar');
    const page = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeInTheDocument();
    expect(page).toHaveTextContent('آخر تحديث: 18 يونيو 2024');
    expect(screen.getByRole('heading', { level: 2, name: 'باختصار' })).toBeInTheDocument();

    const { productName, contactEmail } = siteConfig();
    const noData = screen.getByRole('region', { name: 'لا بيانات شخصية' });
    expect(noData).toHaveTextContent(`لا يجمع ${productName} أي بيانات شخصية.`);
    expect(within(noData).getByText(productName).tagName).toBe('BDI');
    expect(screen.getByText('لا تُجمَع أي بيانات شخصية.')).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'الحد الأدنى للسن' })).toHaveTextContent('لمن بلغوا 15 عامًا فأكثر');
    expect(screen.getByRole('region', { name: 'ما تخزّنه البوابة لتعمل' })).toHaveTextContent(
      'ولا يُخزَّن إلا على هيئة تجزئة مملّحة',
    );
    expect(screen.getByRole('region', { name: 'ملفات تعريف الارتباط' })).toHaveTextContent(
      'يستخدم الموقع ملف تعريف ارتباط واحدًا',
    );

    const contact = screen.getByRole('region', { name: 'التواصل معنا' });
    const mail = within(contact).getByRole('link', { name: contactEmail });
    expect(mail).toHaveAttribute('href', `mailto:${contactEmail}`);
    expect(mail.closest('bdi')).not.toBeNull();
    expect(within(contact).getByRole('link', { name: 'صفحة التواصل' })).toHaveAttribute('href', '/contact');
  });
});

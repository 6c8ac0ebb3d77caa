import { fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import LandingPage from './LandingPage';
import { PRELOAD_IMAGES } from '../lib/preloadImages';
import { siteConfig } from '../lib/siteConfig';
import { setTestLocale } from '../test/locale';

function renderLanding() {
  const router = createMemoryRouter(
    [
      { path: '/', Component: LandingPage },
      { path: '/device/login', element: <h1>Device login</h1> },
      { path: '/contact', element: <h1>Contact</h1> },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

/** The landing page's sections in document order, named by their headings. */
function sections() {
  return screen.getAllByRole('region').filter((region) => region.tagName === 'SECTION');
}

function headingOf(section: HTMLElement) {
  const id = section.getAttribute('aria-labelledby');
  return (id && document.getElementById(id)?.textContent) ?? '';
}

describe('LandingPage', () => {
  it('shows the ten sections of the spec in order, with the features and FAQ anchors', () => {
    renderLanding();
    const all = sections();
    expect(all.map(headingOf)).toEqual([
      'Premium Media Player for M3U & M3U8 Playlists',
      'Your playlists, on the big screen',
      'Made for the living room',
      'Works on the screens you already own',
      'Everything your playlist needs, nothing in the way',
      'Parental controls',
      'Simple for everyone, in every language',
      'Reliable streaming',
      'Great day to Discover',
      'Frequently asked questions',
    ]);
    expect(all[4]).toHaveAttribute('id', 'features');
    expect(all[9]).toHaveAttribute('id', 'faqs');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Premium Media Player for M3U & M3U8 Playlists',
    );
  });

  it('fills the sections with what the spec lists', () => {
    renderLanding();
    const [hero, intro, preview, devices, features, parental, cards, reliability, discover] = sections();
    expect(within(hero!).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '#features');
    expect(within(intro!).getByRole('figure')).toBeInTheDocument();
    // The TV app's film library, drawn with its words (Trending movies, Play, Details) as messages.
    const library = within(preview!).getByRole('img', { name: /film library/ });
    expect(library.tagName).toBe('svg');
    expect(library).toHaveTextContent(/Trending movies/);
    expect(library).toHaveTextContent(/FEATURED/);
    for (const device of [
      'Samsung smart TV',
      'LG webOS',
      'Sony smart TV',
      'Android TV',
      'Windows',
      'Roku',
      'Apple TV',
    ]) {
      // In the list for screen readers (the moving badges, drawn with the names, are hidden from them).
      expect(within(devices!).getByText(device, { selector: 'li' })).toBeInTheDocument();
    }
    expect(within(features!).getAllByRole('figure')).toHaveLength(3);
    expect(parental).toHaveTextContent(/by rating and by category/);
    expect(
      within(cards!)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['A simple interface', 'Audio and subtitles in your language']);
    expect(reliability).toHaveTextContent(/no built-in EPG/);
    expect(within(discover!).getByRole('link', { name: 'Add your playlist' })).toHaveAttribute('href', '/device/login');
  });

  it('loads no picture the loading spinner does not wait for; the TV app is drawn in the page', () => {
    const { container } = renderLanding();
    const files = Array.from(container.querySelectorAll('img'), (img) => img.getAttribute('src'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((src) => !PRELOAD_IMAGES.includes(src!))).toEqual([]);
    // The home screen, film library, channels, film details, player, parental controls, stream health, 7 badges.
    expect(container.querySelectorAll('svg.artwork').length).toBeGreaterThanOrEqual(14);
  });

  it('uses the configured product name', () => {
    renderLanding();
    const { productName } = siteConfig();
    expect(screen.getByText(productName, { selector: '.eyebrow' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Before you buy' })).toHaveTextContent(
      `${productName} is a media player only`,
    );
  });

  it('shows the disclaimer on arrival and keeps it closed once the visitor closes it', () => {
    renderLanding();
    const popup = screen.getByRole('complementary', { name: 'Before you buy' });
    expect(popup).toBeVisible();
    expect(popup).toHaveTextContent(/7-day trial/);
    expect(popup).toHaveTextContent(/provides no channels, playlists or other content/);
    expect(popup).toHaveTextContent(/no refunds after purchase/);

    fireEvent.click(within(popup).getByRole('button', { name: 'Close this notice' }));
    expect(screen.queryByRole('complementary', { name: 'Before you buy' })).not.toBeInTheDocument();
    // Focus does not fall back to the top of the document with the button gone.
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveFocus();

    // Nothing else on the page brings it back.
    fireEvent.click(screen.getAllByRole('button', { name: /MAC addresses/ })[0]!);
    fireEvent.scroll(window);
    expect(screen.queryByRole('complementary', { name: 'Before you buy' })).not.toBeInTheDocument();
  });

  it('lists the 7 FAQ items collapsed, each opening and closing on its own', () => {
    renderLanding();
    const faq = sections()[9]!;
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(7);
    for (const question of questions) {
      expect(question).toHaveAttribute('aria-expanded', 'false');
      expect(document.getElementById(question.getAttribute('aria-controls')!)).not.toBeVisible();
    }

    const [, second, , , fifth] = questions;
    fireEvent.click(second!);
    fireEvent.click(fifth!);
    expect(questions.map((q) => q.getAttribute('aria-expanded'))).toEqual([
      'false',
      'true',
      'false',
      'false',
      'true',
      'false',
      'false',
    ]);
    const answer = within(faq).getByRole('region', { name: second!.textContent! });
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(/two MAC addresses: one for WiFi and one for Ethernet/);
    expect(answer).toHaveTextContent(/cannot be changed manually/);

    fireEvent.click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
    expect(fifth).toHaveAttribute('aria-expanded', 'true');
  });

  it('answers the seven questions of the spec', () => {
    renderLanding();
    const faq = sections()[9]!;
    const answers = within(faq)
      .getAllByRole('button')
      .map((question) => document.getElementById(question.getAttribute('aria-controls')!)!.textContent);
    expect(answers[0]).toMatch(/any channels, playlists or other content[\s\S]*there is no refund/);
    expect(answers[1]).toMatch(/WiFi[\s\S]*Ethernet[\s\S]*cannot be changed manually/);
    expect(answers[2]).toMatch(/internet service provider \(ISP\) blocks[\s\S]*formats your TV does not support/);
    expect(answers[3]).toMatch(/provider, who is responsible[\s\S]*no access to your playlists/);
    expect(answers[4]).toMatch(/internet connection/);
    expect(answers[5]).toMatch(/no EPG built into the app[\s\S]*guide-ready/);
    expect(within(faq).getAllByRole('button')[6]).toHaveTextContent("'Unable to Stream'");
    expect(answers[6]).toMatch(/restrictions/);
  });

  it('reads in Arabic, its headings, buttons and links translated and the product name kept left to right', async () => {
    await setTestLocale('ar');
    renderLanding();
    const all = sections();
    expect(all.map(headingOf)).toEqual([
      'مشغّل وسائط متميّز لقوائم تشغيل M3U وM3U8',
      'قوائم تشغيلك على الشاشة الكبيرة',
      'مصمَّم لغرفة المعيشة',
      'يعمل على الشاشات التي تملكها بالفعل',
      'كل ما تحتاجه قائمة تشغيلك، بلا أي عوائق',
      'الرقابة الأبوية',
      'سهل للجميع، وبكل اللغات',
      'بث موثوق',
      'ابدأ الاستكشاف اليوم',
      'الأسئلة الشائعة',
    ]);
    expect(screen.getByRole('link', { name: 'استكشف' })).toHaveAttribute('href', '#features');
    expect(screen.getByRole('link', { name: 'أضف قائمة التشغيل' })).toHaveAttribute('href', '/device/login');
    expect(screen.getAllByRole('link', { name: 'إدارة قوائم التشغيل' })).toHaveLength(2);

    const popup = screen.getByRole('complementary', { name: 'قبل الشراء' });
    expect(popup).toHaveTextContent('لا تُستردّ المبالغ بعد الشراء');
    expect(within(popup).getByRole('button', { name: 'إغلاق هذا التنبيه' })).toBeInTheDocument();
    const { productName } = siteConfig();
    const name = within(popup).getByText(productName);
    expect(name.tagName).toBe('BDI');
    expect(name).toHaveAttribute('dir', 'ltr');

    const faq = all[9]!;
    const questions = within(faq).getAllByRole('button');
    expect(questions[1]).toHaveTextContent('لماذا يعرض تلفزيوني عنوانَي MAC؟');
    fireEvent.click(questions[4]!);
    const answer = within(faq).getByRole('region', { name: questions[4]!.textContent! });
    expect(within(answer).getByRole('link', { name: 'تواصل معنا' })).toHaveAttribute('href', '/contact');
    expect(within(all[3]!).getByText('تلفزيون سامسونج الذكي')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /الشاشة الرئيسية للتطبيق/ })).toBeInTheDocument();

    // The pictures of the TV app speak Arabic too: their menus, buttons and labels, not an English word of ours.
    const art = (name: RegExp) => screen.getByRole('img', { name }).textContent ?? '';
    expect(art(/الشاشة الرئيسية للتطبيق/)).toMatch(/مساء الخير[\s\S]*البث المباشر[\s\S]*متابعة المشاهدة/);
    expect(art(/مكتبة الأفلام/)).toMatch(/مميّز[\s\S]*تشغيل[\s\S]*التفاصيل[\s\S]*الأفلام الرائجة/);
    expect(art(/^الرقابة الأبوية/)).toMatch(/أدخل رمز PIN للرقابة الأبوية[\s\S]*التصنيفات المسموح بها/);
    expect(art(/قائمة تشغيل M3U تُبث بثبات/)).toMatch(/حالة البث · مستقرة[\s\S]*دليل البرامج من مزوّدك/);
    expect(art(/^شاشة البث المباشر/)).toMatch(/البث المباشر · 1,248 قناة[\s\S]*8:45\u00a0م[\s\S]*الرياضة/);
    const pictures = Array.from(document.querySelectorAll('svg.artwork'), (svg) => svg.textContent).join(' ');
    expect(pictures).not.toMatch(
      /Good evening|Live TV|Continue watching|Featured|Trending|Play\b|Details|Parental|ALLOWED|Allowed|Stream health|Guide from|Smart TV|Subtitles|SUBTITLES|Audio|AUDIO|Off\b|\d\d:\d\d /i,
    );

    // Nothing of the English is left in the headings and the buttons (but the app's error, quoted as it shows it).
    for (const element of [...screen.getAllByRole('heading'), ...screen.getAllByRole('button')]) {
      expect(element.textContent?.replace(/«[^»]*»/g, '')).not.toMatch(/\b(the|your|and|for|to|Play|Pause|Close)\b/);
    }
  });
});

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { localeBasename, splitLocalePath } from '../../common/i18n';
import { LocaleProvider } from './i18n/LocaleProvider';
import { LOCALES } from './i18n/locale';
import { PublicApp, preloadPublicPage } from './publicApp';
import { setSignInState, type SignInState } from './lib/signInState';
import { setSiteConfig, type SiteConfig } from './lib/siteConfig';

export type { SignInState };

/**
 * Renders a public page or the sign-in screen to HTML on the server (built with `vite build --ssr`), so visitors
 * read it, and can type into the sign-in form, before any JavaScript runs, and link previews and crawlers see its
 * content. The browser then hydrates it (public-main.tsx). Unknown paths render the not-found page.
 */
export async function render(
  url: string,
  site: SiteConfig,
  signIn?: SignInState,
): Promise<{ html: string; status: number }> {
  setSiteConfig(site);
  const { pathname } = new URL(url);
  // In the language of the URL: `/ar/contact` is the contact page in Arabic.
  const { locale, path } = splitLocalePath(pathname, LOCALES);
  await preloadPublicPage(path, locale);
  // Rendering is synchronous from here: no other request's state can come between setting it and using it.
  setSignInState(signIn ?? {});
  try {
    const html = renderToString(
      <StrictMode>
        <LocaleProvider locale={locale}>
          <StaticRouter basename={localeBasename(locale)} location={pathname}>
            <PublicApp />
          </StaticRouter>
        </LocaleProvider>
      </StrictMode>,
    );
    return { html, status: 200 };
  } finally {
    setSignInState(undefined);
  }
}

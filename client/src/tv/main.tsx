import { init as initNavigation } from '@noriginmedia/norigin-spatial-navigation';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE, textDirection } from '../../../common/i18n';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { loadMessages, LOCALES, localeOfPath } from '../i18n/locale';
import { App } from './App';
import { startSession } from './api/start';
import { KEYS, read, registerTizenKeys } from './platform';
import { listenForBack } from './ui/back';
import './tv.css';

/**
 * The language: the page's path where the server serves the app (/tv, /ar/tv), else (a packaged app) the
 * viewer's choice or the TV's own language.
 */
function chooseLocale(): string {
  const fromPath = localeOfPath(location.pathname);
  if (location.protocol.startsWith('http') && fromPath !== DEFAULT_LOCALE) return fromPath;
  const chosen = read(KEYS.locale);
  if (chosen && LOCALES.includes(chosen)) return chosen;
  if (location.protocol.startsWith('http')) return DEFAULT_LOCALE;
  const own = navigator.language.split('-')[0] ?? DEFAULT_LOCALE;
  return LOCALES.includes(own) ? own : DEFAULT_LOCALE;
}

/** The graph: this origin's where the server serves the app, else the server named at build time. */
const graphqlUrl = `${import.meta.env.VITE_TV_SERVER_URL ?? ''}/graphql`;

async function start() {
  const locale = chooseLocale();
  const dir = textDirection(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = dir;
  // The start's requests (a fresh TV's registration, then the start-up reads) leave first, without Apollo Client:
  // on a TV's slow processor the server answers while the messages load and React draws the first frame, rather
  // than after. Apollo Client and the screens on its hooks (live.tsx) load beside them, at once; the first screen
  // does not wait for them (docs/tv-app.md, Budgets).
  const firstStart = startSession({ graphqlUrl, locale });
  const live = import('./live');
  registerTizenKeys();
  initNavigation({ rtl: dir === 'rtl', throttle: 0 });
  listenForBack();
  await loadMessages(locale, ['tvapp']);
  const container = document.getElementById('root');
  if (!container) throw new Error('tv/index.html has no #root element');
  createRoot(container).render(
    <LocaleProvider locale={locale}>
      <App graphqlUrl={graphqlUrl} locale={locale} firstStart={firstStart} live={live} />
    </LocaleProvider>,
  );
}

void start();

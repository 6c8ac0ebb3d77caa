import { type ReactNode, useRef } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLtr } from '../components/Bidi';
import { keepTogether } from '../i18n/format';
import { DeviceStrip } from '../components/landing/DeviceStrip';
import { DisclaimerPopup } from '../components/landing/DisclaimerPopup';
import { type FaqItem, FaqList } from '../components/landing/FaqList';
import { IntroVideo } from '../components/landing/IntroVideo';
import { HeroTvArt } from '../components/landing/artwork/HeroTvArt';
import { ChannelListArt } from '../components/landing/artwork/ChannelListArt';
import { MovieDetailsArt } from '../components/landing/artwork/MovieDetailsArt';
import { ParentalControlsArt } from '../components/landing/artwork/ParentalControlsArt';
import { PlayerArt } from '../components/landing/artwork/PlayerArt';
import { ReliabilityArt } from '../components/landing/artwork/ReliabilityArt';
import { TvPreview } from '../components/landing/TvPreview';
import { usePageHead } from '../hooks/usePageHead';
import { ICONS, ILLUSTRATIONS, PLATFORMS, type SiteImage } from '../lib/siteImages';
import { siteConfig } from '../lib/siteConfig';
import '../styles/landing.css';

/** The portal's sign-in, where playlists are managed and devices activated. */
const PORTAL = '/device/login';

function Picture({ image, alt, className }: { image: SiteImage; alt: string; className?: string }) {
  return (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}

function Point({ icon, title, children }: { icon: SiteImage; title: string; children: ReactNode }) {
  return (
    <li className="point">
      <Picture image={icon} alt="" className="point__icon" />
      <div>
        <h3 className="point__title">{title}</h3>
        <p className="point__text">{children}</p>
      </div>
    </li>
  );
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

const contactLink = (chunks: ReactNode[]) => <Link to="/contact">{chunks}</Link>;

const portalLink = (chunks: ReactNode[]) => <Link to={PORTAL}>{chunks}</Link>;

function faqs(intl: IntlShape, product: ReactNode): FaqItem[] {
  return [
    {
      question: intl.formatMessage({
        id: 'landing.faq.content.question',
        defaultMessage: 'Do you provide channels or playlists?',
      }),
      answer: (
        <>
          <p>
            <FormattedMessage
              id="landing.faq.content.answer"
              defaultMessage="No. {product} is a media player only: we do not provide, sell or host any channels, playlists or other content, and we are not responsible for the content you play in it. You need a playlist from a provider of your choice."
              values={{ product }}
            />
          </p>
          <p>
            <FormattedMessage
              id="landing.faq.content.noRefund"
              defaultMessage="If you buy a licence without having a playlist, there is no refund."
            />
          </p>
        </>
      ),
    },
    {
      question: intl.formatMessage({
        id: 'landing.faq.mac.question',
        defaultMessage: 'Why does my TV show two MAC addresses?',
      }),
      answer: (
        <p>
          <FormattedMessage
            id="landing.faq.mac.answer"
            defaultMessage="Every TV has two MAC addresses: one for WiFi and one for Ethernet (cable). Use the MAC address the app shows on your TV screen when you sign in to the portal. A MAC address belongs to the TV's hardware and cannot be changed manually."
          />
        </p>
      ),
    },
    {
      question: intl.formatMessage({
        id: 'landing.faq.pc.question',
        defaultMessage: 'My playlist works on my PC but not on my TV. Why?',
      }),
      answer: (
        <p>
          <FormattedMessage
            id="landing.faq.pc.answer"
            defaultMessage="There are two usual reasons: your internet service provider (ISP) blocks the streams on the TV's connection, or the playlist uses stream formats your TV does not support. Try another network, such as your phone's hotspot, or ask your playlist provider for a format your TV can play."
          />
        </p>
      ),
    },
    {
      question: intl.formatMessage({
        id: 'landing.faq.freeze.question',
        defaultMessage: 'My playlist will not open, or it freezes. What can I do?',
      }),
      answer: (
        <p>
          <FormattedMessage
            id="landing.faq.freeze.answer"
            defaultMessage="The streams come from your playlist provider, who is responsible for them. {product} plays what the provider sends and has no access to your playlists, so it cannot repair a stream at its source. Please contact your playlist provider."
            values={{ product }}
          />
        </p>
      ),
    },
    {
      question: intl.formatMessage({ id: 'landing.faq.start.question', defaultMessage: 'The app will not start.' }),
      answer: (
        <p>
          <FormattedMessage
            id="landing.faq.start.answer"
            defaultMessage="Check your TV's internet connection: the app needs it to start. Restart the TV and your router, then open the app again. If it still will not start, <link>contact us</link>."
            values={{ link: contactLink }}
          />
        </p>
      ),
    },
    {
      question: intl.formatMessage({
        id: 'landing.faq.epg.question',
        defaultMessage: 'Is there a programme guide (EPG)?',
      }),
      answer: (
        <p>
          <FormattedMessage
            id="landing.faq.epg.answer"
            defaultMessage="There is no EPG built into the app. If your provider's playlist is guide-ready, its guide works in {product}; you can also add the XMLTV guide link your provider gives you when you add the playlist."
            values={{ product }}
          />
        </p>
      ),
    },
    {
      question: intl.formatMessage({
        id: 'landing.faq.unableToStream.question',
        defaultMessage: "What does the 'Unable to Stream' error mean?",
      }),
      answer: (
        <p>
          <FormattedMessage
            id="landing.faq.unableToStream.answer"
            defaultMessage="It means your playlist has restrictions that stop it from playing in the app, set by your playlist provider. Please ask your provider to lift them."
          />
        </p>
      ),
    },
  ];
}

export default function LandingPage() {
  usePageHead('/');
  const intl = useIntl();
  const ltr = useLtr();
  const { productName, introVideoId } = siteConfig();
  const product = ltr(keepTogether(productName));
  const exploreLink = useRef<HTMLAnchorElement>(null);

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__content">
            <p className="eyebrow">{product}</p>
            <h1 id="hero-title" className="hero__title">
              <FormattedMessage
                id="landing.hero.title"
                defaultMessage="Premium Media Player for <highlight>M3U & M3U8</highlight> Playlists"
                values={{ highlight: (chunks: ReactNode[]) => <span className="hero__highlight">{chunks}</span> }}
              />
            </h1>
            <p className="hero__lead">
              <FormattedMessage
                id="landing.hero.lead"
                defaultMessage="Play your own M3U and M3U8 playlists on your smart TV with a fast, remote-friendly player: live channels, films and series, with the audio and subtitle language you prefer. Free for 7 days on every device."
              />
            </p>
            <div className="hero__actions">
              <a ref={exploreLink} href="#features" className="button button--primary">
                <FormattedMessage id="landing.hero.explore" defaultMessage="Explore" />
              </a>
              <Link to={PORTAL} className="button button--ghost">
                <FormattedMessage id="landing.hero.managePlaylists" defaultMessage="Manage playlists" />
              </Link>
            </div>
          </div>
          <div className="hero__visual">
            <HeroTvArt
              label={intl.formatMessage({
                id: 'landing.hero.imageAlt',
                defaultMessage:
                  "The app's home screen on a TV, with Live TV, Movies, Series and Playlists tiles, and a remote control",
              })}
            />
          </div>
          <DisclaimerPopup productName={productName} returnFocusTo={exploreLink} />
        </div>
      </section>

      <section className="landing-section intro" aria-labelledby="intro-title">
        <div className="split">
          <div className="split__text">
            <p className="eyebrow">
              <FormattedMessage id="landing.intro.eyebrow" defaultMessage="Watch it work" />
            </p>
            <h2 id="intro-title" className="landing-section__title">
              <FormattedMessage id="landing.intro.title" defaultMessage="Your playlists, on the big screen" />
            </h2>
            <p className="landing-section__lead">
              <FormattedMessage
                id="landing.intro.lead"
                defaultMessage="{product} turns your smart TV into a clean, fast player for the playlists you already have. Add them from your phone or computer and watch from the sofa."
                values={{ product }}
              />
            </p>
            <ol className="steps">
              <li>
                <FormattedMessage
                  id="landing.intro.step1"
                  defaultMessage="Install {product} on your TV and open it: it shows your MAC address and device key."
                  values={{ product }}
                />
              </li>
              <li>
                <FormattedMessage
                  id="landing.intro.step2"
                  defaultMessage="Sign in to <link>Manage playlists</link> with those two and add your playlist: an M3U link, an XC login (host, username and password) or a playlist code."
                  values={{ link: portalLink }}
                />
              </li>
              <li>
                <FormattedMessage
                  id="landing.intro.step3"
                  defaultMessage="Watch free for 7 days, then activate your device with a licence from the same portal. Activation can take up to one hour after payment."
                />
              </li>
            </ol>
          </div>
          <IntroVideo videoId={introVideoId} productName={productName} />
        </div>
      </section>

      <section className="landing-section tv-preview" aria-labelledby="tv-preview-title">
        <div className="landing-section__head">
          <h2 id="tv-preview-title" className="landing-section__title">
            <FormattedMessage id="landing.tvPreview.title" defaultMessage="Made for the living room" />
          </h2>
          <p className="landing-section__lead">
            <FormattedMessage
              id="landing.tvPreview.lead"
              defaultMessage="Large posters, clear text and menus you steer with the arrow keys of your remote. Live channels, films and series each get their own place, so everyone at home finds their way around."
            />
          </p>
        </div>
        <TvPreview />
      </section>

      <section className="devices" aria-labelledby="devices-title">
        <h2 id="devices-title" className="devices__title">
          <FormattedMessage id="landing.devices.title" defaultMessage="Works on the screens you already own" />
        </h2>
        <DeviceStrip />
      </section>

      <section id="features" className="landing-section" aria-labelledby="features-title">
        <div className="landing-section__head">
          <p className="eyebrow">
            <FormattedMessage id="landing.features.eyebrow" defaultMessage="Features" />
          </p>
          <h2 id="features-title" className="landing-section__title">
            <FormattedMessage
              id="landing.features.title"
              defaultMessage="Everything your playlist needs, nothing in the way"
            />
          </h2>
          <p className="landing-section__lead">
            <FormattedMessage
              id="landing.features.lead"
              defaultMessage="{product} is the player; your playlist brings the channels, films and series. Here is how they look on your TV."
              values={{ product }}
            />
          </p>
        </div>
        <div className="gallery">
          <figure className="gallery__item">
            <ChannelListArt
              className="gallery__art"
              label={intl.formatMessage({
                id: 'landing.features.liveTv.alt',
                defaultMessage:
                  'Live TV screen: categories on the left, the sports channels of a playlist in the middle and a live preview on the right',
              })}
            />
            <figcaption>
              <FormattedMessage
                id="landing.features.liveTv.caption"
                defaultMessage="<b>Live TV by category.</b> Channels grouped the way your playlist groups them, with favourites and a live preview."
                values={{ b: strong }}
              />
            </figcaption>
          </figure>
          <figure className="gallery__item">
            <MovieDetailsArt
              className="gallery__art"
              label={intl.formatMessage({
                id: 'landing.features.language.alt',
                defaultMessage:
                  'Film details screen with Play and Trailer buttons, English 5.1 chosen as audio and English as subtitles',
              })}
            />
            <figcaption>
              <FormattedMessage
                id="landing.features.language.caption"
                defaultMessage="<b>Your language for every film.</b> Choose the audio track and the subtitles of movies and series before you press play."
                values={{ b: strong }}
              />
            </figcaption>
          </figure>
          <figure className="gallery__item">
            <PlayerArt
              className="gallery__art"
              label={intl.formatMessage({
                id: 'landing.features.player.alt',
                defaultMessage: 'The player during a film, with the subtitles menu open and English selected',
              })}
            />
            <figcaption>
              <FormattedMessage
                id="landing.features.player.caption"
                defaultMessage="<b>A player that stays out of the way.</b> Pause, seek and switch subtitles without leaving the picture."
                values={{ b: strong }}
              />
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="parental-title">
        <div className="split">
          <div className="split__text">
            <p className="eyebrow">
              <FormattedMessage id="landing.parental.eyebrow" defaultMessage="For families" />
            </p>
            <h2 id="parental-title" className="landing-section__title">
              <FormattedMessage id="landing.parental.title" defaultMessage="Parental controls" />
            </h2>
            <p className="landing-section__lead">
              <FormattedMessage
                id="landing.parental.lead"
                defaultMessage="Decide what can be watched without you. Content access is controlled by rating and by category, and locked content opens only with your parent PIN."
              />
            </p>
            <ul className="points">
              <Point
                icon={ICONS.rating}
                title={intl.formatMessage({ id: 'landing.parental.rating.title', defaultMessage: 'By rating' })}
              >
                <FormattedMessage
                  id="landing.parental.rating.text"
                  defaultMessage="Allow the ratings that suit your family and lock the rest."
                />
              </Point>
              <Point
                icon={ICONS.category}
                title={intl.formatMessage({ id: 'landing.parental.category.title', defaultMessage: 'By category' })}
              >
                <FormattedMessage
                  id="landing.parental.category.text"
                  defaultMessage="Lock whole categories of your playlist, such as adult channels."
                />
              </Point>
            </ul>
            <p className="note">
              <FormattedMessage
                id="landing.parental.note"
                defaultMessage="Set or change your parent PIN (4 to 6 digits) at any time in the device portal."
              />
            </p>
          </div>
          <ParentalControlsArt
            className="split__picture"
            label={intl.formatMessage({
              id: 'landing.parental.alt',
              defaultMessage:
                'Parental controls: a parent PIN entry, ratings G to PG-13 allowed while R and NC-17 are locked, and the Adult category locked',
            })}
          />
        </div>
      </section>

      <section className="landing-section" aria-labelledby="everyone-title">
        <div className="landing-section__head">
          <h2 id="everyone-title" className="landing-section__title">
            <FormattedMessage id="landing.everyone.title" defaultMessage="Simple for everyone, in every language" />
          </h2>
        </div>
        <ul className="cards">
          <li className="card">
            <Picture image={ICONS.simpleUi} alt="" className="card__icon" />
            <h3 className="card__title">
              <FormattedMessage id="landing.everyone.simple.title" defaultMessage="A simple interface" />
            </h3>
            <p>
              <FormattedMessage
                id="landing.everyone.simple.text"
                defaultMessage="Clear menus and large tiles, built for a TV remote. Whoever holds the remote finds live TV, films and series in a few clicks, without a manual."
              />
            </p>
          </li>
          <li className="card">
            <Picture image={ICONS.multilingual} alt="" className="card__icon" />
            <h3 className="card__title">
              <FormattedMessage
                id="landing.everyone.language.title"
                defaultMessage="Audio and subtitles in your language"
              />
            </h3>
            <p>
              <FormattedMessage
                id="landing.everyone.language.text"
                defaultMessage="When a movie or series comes with several audio tracks or subtitles, choose the language you prefer, and change it while you watch."
              />
            </p>
          </li>
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="reliability-title">
        <div className="split split--reverse">
          <div className="split__text">
            <p className="eyebrow">
              <FormattedMessage id="landing.reliability.eyebrow" defaultMessage="Dependable" />
            </p>
            <h2 id="reliability-title" className="landing-section__title">
              <FormattedMessage id="landing.reliability.title" defaultMessage="Reliable streaming" />
            </h2>
            <p className="landing-section__lead">
              <FormattedMessage
                id="landing.reliability.lead"
                defaultMessage="{product} is built to keep your streams playing smoothly on the TV you already have."
                values={{ product }}
              />
            </p>
            <ul className="points">
              <Point
                icon={ICONS.streaming}
                title={intl.formatMessage({
                  id: 'landing.reliability.playback.title',
                  defaultMessage: 'Steady playback',
                })}
              >
                <FormattedMessage
                  id="landing.reliability.playback.text"
                  defaultMessage="A player made for live channels and long films alike. The stream itself still depends on your provider and your connection."
                />
              </Point>
              <Point
                icon={ICONS.guide}
                title={intl.formatMessage({
                  id: 'landing.reliability.guide.title',
                  defaultMessage: "Your provider's guide",
                })}
              >
                <FormattedMessage
                  id="landing.reliability.guide.text"
                  defaultMessage="There is no built-in EPG (programme guide). If your provider's playlist is guide-ready, or you add the XMLTV guide link it gives you, its guide works in the app."
                />
              </Point>
            </ul>
          </div>
          <ReliabilityArt
            className="split__picture"
            label={intl.formatMessage({
              id: 'landing.reliability.alt',
              defaultMessage:
                'An M3U playlist streaming steadily to a TV, with a programme guide from the playlist provider below',
            })}
          />
        </div>
      </section>

      <section className="landing-section discover" aria-labelledby="discover-title">
        <div className="discover__panel">
          <div className="discover__text">
            <h2 id="discover-title" className="landing-section__title">
              <FormattedMessage id="landing.discover.title" defaultMessage="Great day to Discover" />
            </h2>
            <p className="landing-section__lead">
              <FormattedMessage
                id="landing.discover.lead"
                defaultMessage="Your first 7 days are free. Open {product} on your TV, sign in to the portal with the MAC address and device key it shows, add your playlist and start watching."
                values={{ product }}
              />
            </p>
            <Link to={PORTAL} className="button button--primary">
              <FormattedMessage id="landing.discover.addPlaylist" defaultMessage="Add your playlist" />
            </Link>
            <h3 className="platforms__title">
              <FormattedMessage id="landing.discover.availableOn" defaultMessage="Available on" />
            </h3>
            <ul className="platforms">
              {PLATFORMS.map((platform) => (
                <li key={platform.name}>
                  <Picture image={platform.icon} alt="" className="platforms__icon" />
                  <span>{intl.formatMessage(platform.label)}</span>
                </li>
              ))}
            </ul>
          </div>
          <Picture image={ILLUSTRATIONS.discover} alt="" className="discover__picture" />
        </div>
      </section>

      <section id="faqs" className="landing-section" aria-labelledby="faqs-title">
        <div className="landing-section__head">
          <p className="eyebrow">
            <FormattedMessage id="landing.faq.eyebrow" defaultMessage="FAQs" />
          </p>
          <h2 id="faqs-title" className="landing-section__title">
            <FormattedMessage id="landing.faq.title" defaultMessage="Frequently asked questions" />
          </h2>
        </div>
        <FaqList items={faqs(intl, product)} />
      </section>
    </div>
  );
}

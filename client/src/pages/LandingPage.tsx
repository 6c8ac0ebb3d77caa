import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router-dom';
import { DeviceStrip } from '../components/landing/DeviceStrip';
import { DisclaimerPopup } from '../components/landing/DisclaimerPopup';
import { type FaqItem, FaqList } from '../components/landing/FaqList';
import { IntroVideo } from '../components/landing/IntroVideo';
import { TvPreview } from '../components/landing/TvPreview';
import { usePageHead } from '../hooks/usePageHead';
import { ICONS, ILLUSTRATIONS, PLATFORMS, SCREENSHOTS, type SiteImage } from '../lib/siteImages';
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

function faqs(productName: string): FaqItem[] {
  return [
    {
      question: 'Do you provide channels or playlists?',
      answer: (
        <>
          <p>
            No. {productName} is a media player only: we do not provide, sell or host any channels, playlists or other
            content, and we are not responsible for the content you play in it. You need a playlist from a provider of
            your choice.
          </p>
          <p>If you buy a licence without having a playlist, there is no refund.</p>
        </>
      ),
    },
    {
      question: 'Why does my TV show two MAC addresses?',
      answer: (
        <p>
          Every TV has two MAC addresses: one for WiFi and one for Ethernet (cable). Use the MAC address the app shows
          on your TV screen when you sign in to the portal. A MAC address belongs to the TV&apos;s hardware and cannot
          be changed manually.
        </p>
      ),
    },
    {
      question: 'My playlist works on my PC but not on my TV. Why?',
      answer: (
        <p>
          There are two usual reasons: your internet service provider (ISP) blocks the streams on the TV&apos;s
          connection, or the playlist uses stream formats your TV does not support. Try another network, such as your
          phone&apos;s hotspot, or ask your playlist provider for a format your TV can play.
        </p>
      ),
    },
    {
      question: 'My playlist will not open, or it freezes. What can I do?',
      answer: (
        <p>
          The streams come from your playlist provider, who is responsible for them. {productName} plays what the
          provider sends and has no access to your playlists, so it cannot repair a stream at its source. Please contact
          your playlist provider.
        </p>
      ),
    },
    {
      question: 'The app will not start.',
      answer: (
        <p>
          Check your TV&apos;s internet connection: the app needs it to start. Restart the TV and your router, then open
          the app again. If it still will not start, <Link to="/contact">contact us</Link>.
        </p>
      ),
    },
    {
      question: 'Is there a programme guide (EPG)?',
      answer: (
        <p>
          There is no EPG built into the app. If your provider&apos;s playlist is guide-ready, its guide works in{' '}
          {productName}; you can also add the XMLTV guide link your provider gives you when you add the playlist.
        </p>
      ),
    },
    {
      question: "What does the 'Unable to Stream' error mean?",
      answer: (
        <p>
          It means your playlist has restrictions that stop it from playing in the app, set by your playlist provider.
          Please ask your provider to lift them.
        </p>
      ),
    },
  ];
}

export default function LandingPage() {
  usePageHead('/');
  const { productName, introVideoId } = siteConfig();
  const exploreLink = useRef<HTMLAnchorElement>(null);
  const hero = ILLUSTRATIONS.heroTv;

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__content">
            <p className="eyebrow">{productName}</p>
            <h1 id="hero-title" className="hero__title">
              Premium Media Player for <span className="hero__highlight">M3U &amp; M3U8</span> Playlists
            </h1>
            <p className="hero__lead">
              Play your own M3U and M3U8 playlists on your smart TV with a fast, remote-friendly player: live channels,
              films and series, with the audio and subtitle language you prefer. Free for 7 days on every device.
            </p>
            <div className="hero__actions">
              <a ref={exploreLink} href="#features" className="button button--primary">
                Explore
              </a>
              <Link to={PORTAL} className="button button--ghost">
                Manage playlists
              </Link>
            </div>
          </div>
          <div className="hero__visual">
            <img
              src={hero.src}
              width={hero.width}
              height={hero.height}
              alt="The app's home screen on a TV, with Live TV, Movies, Series and Playlists tiles, and a remote control"
              fetchPriority="high"
            />
          </div>
          <DisclaimerPopup productName={productName} returnFocusTo={exploreLink} />
        </div>
      </section>

      <section className="landing-section intro" aria-labelledby="intro-title">
        <div className="split">
          <div className="split__text">
            <p className="eyebrow">Watch it work</p>
            <h2 id="intro-title" className="landing-section__title">
              Your playlists, on the big screen
            </h2>
            <p className="landing-section__lead">
              {productName} turns your smart TV into a clean, fast player for the playlists you already have. Add them
              from your phone or computer and watch from the sofa.
            </p>
            <ol className="steps">
              <li>Install {productName} on your TV and open it: it shows your MAC address and device key.</li>
              <li>
                Sign in to <Link to={PORTAL}>Manage playlists</Link> with those two and add your playlist: an M3U link,
                an XC login (host, username and password) or a playlist code.
              </li>
              <li>
                Watch free for 7 days, then activate your device with a licence from the same portal. Activation can
                take up to one hour after payment.
              </li>
            </ol>
          </div>
          <IntroVideo videoId={introVideoId} productName={productName} />
        </div>
      </section>

      <section className="landing-section tv-preview" aria-labelledby="tv-preview-title">
        <div className="landing-section__head">
          <h2 id="tv-preview-title" className="landing-section__title">
            Made for the living room
          </h2>
          <p className="landing-section__lead">
            Large posters, clear text and menus you steer with the arrow keys of your remote. Live channels, films and
            series each get their own place, so everyone at home finds their way around.
          </p>
        </div>
        <TvPreview />
      </section>

      <section className="devices" aria-labelledby="devices-title">
        <h2 id="devices-title" className="devices__title">
          Works on the screens you already own
        </h2>
        <DeviceStrip />
      </section>

      <section id="features" className="landing-section" aria-labelledby="features-title">
        <div className="landing-section__head">
          <p className="eyebrow">Features</p>
          <h2 id="features-title" className="landing-section__title">
            Everything your playlist needs, nothing in the way
          </h2>
          <p className="landing-section__lead">
            {productName} is the player; your playlist brings the channels, films and series. Here is how they look on
            your TV.
          </p>
        </div>
        <div className="gallery">
          <figure className="gallery__item">
            <Picture
              image={SCREENSHOTS.channelList}
              alt="Live TV screen: categories on the left, the sports channels of a playlist in the middle and a live preview on the right"
            />
            <figcaption>
              <strong>Live TV by category.</strong> Channels grouped the way your playlist groups them, with favourites
              and a live preview.
            </figcaption>
          </figure>
          <figure className="gallery__item">
            <Picture
              image={SCREENSHOTS.movieDetails}
              alt="Film details screen with Play and Trailer buttons, English 5.1 chosen as audio and English as subtitles"
            />
            <figcaption>
              <strong>Your language for every film.</strong> Choose the audio track and the subtitles of movies and
              series before you press play.
            </figcaption>
          </figure>
          <figure className="gallery__item">
            <Picture
              image={SCREENSHOTS.player}
              alt="The player during a film, with the subtitles menu open and English selected"
            />
            <figcaption>
              <strong>A player that stays out of the way.</strong> Pause, seek and switch subtitles without leaving the
              picture.
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="parental-title">
        <div className="split">
          <div className="split__text">
            <p className="eyebrow">For families</p>
            <h2 id="parental-title" className="landing-section__title">
              Parental controls
            </h2>
            <p className="landing-section__lead">
              Decide what can be watched without you. Content access is controlled by rating and by category, and locked
              content opens only with your parent PIN.
            </p>
            <ul className="points">
              <Point icon={ICONS.rating} title="By rating">
                Allow the ratings that suit your family and lock the rest.
              </Point>
              <Point icon={ICONS.category} title="By category">
                Lock whole categories of your playlist, such as adult channels.
              </Point>
            </ul>
            <p className="note">Set or change your parent PIN (4 to 6 digits) at any time in the device portal.</p>
          </div>
          <Picture
            image={ILLUSTRATIONS.parentalControls}
            alt="Parental controls: a parent PIN entry, ratings G to PG-13 allowed while R and NC-17 are locked, and the Adult category locked"
            className="split__picture"
          />
        </div>
      </section>

      <section className="landing-section" aria-labelledby="everyone-title">
        <div className="landing-section__head">
          <h2 id="everyone-title" className="landing-section__title">
            Simple for everyone, in every language
          </h2>
        </div>
        <ul className="cards">
          <li className="card">
            <Picture image={ICONS.simpleUi} alt="" className="card__icon" />
            <h3 className="card__title">A simple interface</h3>
            <p>
              Clear menus and large tiles, built for a TV remote. Whoever holds the remote finds live TV, films and
              series in a few clicks, without a manual.
            </p>
          </li>
          <li className="card">
            <Picture image={ICONS.multilingual} alt="" className="card__icon" />
            <h3 className="card__title">Audio and subtitles in your language</h3>
            <p>
              When a movie or series comes with several audio tracks or subtitles, choose the language you prefer, and
              change it while you watch.
            </p>
          </li>
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="reliability-title">
        <div className="split split--reverse">
          <div className="split__text">
            <p className="eyebrow">Dependable</p>
            <h2 id="reliability-title" className="landing-section__title">
              Reliable streaming
            </h2>
            <p className="landing-section__lead">
              {productName} is built to keep your streams playing smoothly on the TV you already have.
            </p>
            <ul className="points">
              <Point icon={ICONS.streaming} title="Steady playback">
                A player made for live channels and long films alike. The stream itself still depends on your provider
                and your connection.
              </Point>
              <Point icon={ICONS.guide} title="Your provider's guide">
                There is no built-in EPG (programme guide). If your provider&apos;s playlist is guide-ready, or you add
                the XMLTV guide link it gives you, its guide works in the app.
              </Point>
            </ul>
          </div>
          <Picture
            image={ILLUSTRATIONS.reliability}
            alt="An M3U playlist streaming steadily to a TV, with a programme guide from the playlist provider below"
            className="split__picture"
          />
        </div>
      </section>

      <section className="landing-section discover" aria-labelledby="discover-title">
        <div className="discover__panel">
          <div className="discover__text">
            <h2 id="discover-title" className="landing-section__title">
              Great day to Discover
            </h2>
            <p className="landing-section__lead">
              Your first 7 days are free. Open {productName} on your TV, sign in to the portal with the MAC address and
              device key it shows, add your playlist and start watching.
            </p>
            <Link to={PORTAL} className="button button--primary">
              Add your playlist
            </Link>
            <h3 className="platforms__title">Available on</h3>
            <ul className="platforms">
              {PLATFORMS.map((platform) => (
                <li key={platform.name}>
                  <Picture image={platform.icon} alt="" className="platforms__icon" />
                  <span>{platform.name}</span>
                </li>
              ))}
            </ul>
          </div>
          <Picture image={ILLUSTRATIONS.discover} alt="" className="discover__picture" />
        </div>
      </section>

      <section id="faqs" className="landing-section" aria-labelledby="faqs-title">
        <div className="landing-section__head">
          <p className="eyebrow">FAQs</p>
          <h2 id="faqs-title" className="landing-section__title">
            Frequently asked questions
          </h2>
        </div>
        <FaqList items={faqs(productName)} />
      </section>
    </div>
  );
}

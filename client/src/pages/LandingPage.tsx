import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import '../styles/landing.css';

// Placeholder until the full landing page lands; the texts follow the spec's product description.
const FEATURES = [
  {
    title: 'Simple interface',
    text: 'Find what you want to watch in a few clicks, from the sofa, with your TV remote.',
  },
  { title: 'Your language', text: 'Choose the audio and subtitle language of movies and series.' },
  { title: 'Parental controls', text: 'Decide which content can be opened, by rating and by category.' },
  { title: 'Reliable streaming', text: 'A player built to keep your streams playing smoothly.' },
];

const DEVICES = ['Samsung Smart TV', 'LG webOS', 'Sony Smart TV', 'Android TV', 'Windows', 'Roku', 'Apple TV'];

const FAQS = [
  {
    question: 'Do you provide channels or playlists?',
    answer:
      'No. M3U Player is a player only: it supplies no channels, playlists or content. Do not buy a licence without a playlist: there are no refunds.',
  },
  {
    question: 'Why does my TV show two MAC addresses?',
    answer:
      'Each TV has two MAC addresses, one for WiFi and one for Ethernet. A MAC address cannot be changed manually.',
  },
  {
    question: 'My playlist works on my PC but not on my TV.',
    answer: 'Your internet provider may block it, or its streams use formats the TV does not support.',
  },
  {
    question: 'My playlist will not open or it freezes.',
    answer: 'Your playlist provider is responsible for its streams. The app has no access to your playlists.',
  },
  { question: 'The app will not start.', answer: 'Check that the TV is connected to the internet.' },
  {
    question: 'Is there a programme guide (EPG)?',
    answer: 'There is no built-in EPG, but a playlist from a provider with a guide-ready playlist works.',
  },
  {
    question: "What does 'Unable to Stream' mean?",
    answer: 'The playlist has restrictions that stop it from playing in the app.',
  },
];

export default function LandingPage() {
  useDocumentTitle('premium media player');
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero__content">
          <p className="hero__eyebrow">M3U Player</p>
          <h1 className="hero__title">Premium Media Player for M3U &amp; M3U8 Playlists</h1>
          <p className="hero__lead">
            Play your own playlists on your smart TV. Try it free for 7 days, then activate your device with a licence.
          </p>
          <div className="hero__actions">
            <Link to="/device/login" className="button button--primary">
              Manage playlists
            </Link>
            <a href="#features" className="button button--ghost">
              Explore
            </a>
          </div>
        </div>
      </section>

      <section className="devices" aria-labelledby="devices-title">
        <h2 id="devices-title" className="visually-hidden">
          Compatible devices
        </h2>
        <ul className="devices__list">
          {DEVICES.map((device) => (
            <li key={device}>{device}</li>
          ))}
        </ul>
      </section>

      <section id="features" className="section" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          Features
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature-card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="faqs" className="section" aria-labelledby="faqs-title">
        <h2 id="faqs-title" className="section__title">
          FAQs
        </h2>
        <div className="faq-list">
          {FAQS.map((faq) => (
            <details key={faq.question} className="faq">
              <summary>{faq.question}</summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

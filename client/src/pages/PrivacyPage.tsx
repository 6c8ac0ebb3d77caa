import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/LegalPage';
import { siteConfig } from '../lib/siteConfig';

/** The app, the portal and the site are meant for people of at least this age. */
const MINIMUM_AGE = 15;

export default function PrivacyPage() {
  const { productName, contactEmail } = siteConfig();
  const email = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;

  const sections: LegalSection[] = [
    {
      id: 'no-personal-data',
      title: 'No personal data',
      content: (
        <>
          <p>
            {productName} collects no personal data. We do not ask for your name, we have no user accounts or profiles,
            and we keep no record of where you are or what you watch. The app and the portal work with your device, not
            with you as a person.
          </p>
          <p>
            The only personal details we ever receive are the ones you choose to send us, for example in a contact
            message (see <a href="#messages">Contact messages and chat</a>).
          </p>
        </>
      ),
    },
    {
      id: 'device-data',
      title: 'What the portal stores to work',
      content: (
        <>
          <p>
            To run the trial, the licence and your playlists, the portal stores the following for each device. This
            information belongs to the device, not to a person:
          </p>
          <ul>
            <li>
              <strong>The device&rsquo;s MAC address</strong>, which identifies the device.
            </li>
            <li>
              <strong>The device key</strong>, stored only as a salted hash. We cannot read it, and it cannot be
              recovered from our database.
            </li>
            <li>
              <strong>The device&rsquo;s status</strong>: its trial or licence and their dates.
            </li>
            <li>
              <strong>The playlists the owner adds</strong>: their names and addresses, the user names and passwords of
              Xtream Codes playlists, playlist codes and programme guide addresses, so that the app can play them. The
              PINs of protected playlists and the parent PIN are stored only as hashes.
            </li>
          </ul>
          <p>
            This information is used only to run the app and the portal: to check the trial and the licence, to sign the
            device&rsquo;s owner in to the portal and to deliver the playlists to the TV. It is never sold, and never
            shared for advertising or marketing.
          </p>
        </>
      ),
    },
    {
      id: 'payments',
      title: 'Payments',
      content: (
        <p>
          Payments are handled by the payment provider you choose on the Activate Device page. Card and account details
          are entered with the provider and never reach us. The details a payment form asks for, such as a name, an
          e-mail address or a phone number, are passed to that provider to process the payment. We keep only the record
          that the device was paid for: when, how much and the provider&rsquo;s reference. The provider&rsquo;s own
          privacy policy applies to what it collects.
        </p>
      ),
    },
    {
      id: 'messages',
      title: 'Contact messages and chat',
      content: (
        <ul>
          <li>
            A message you send through the contact form contains what you choose to write, including the name and e-mail
            address you give. It is used only to answer you, and we never add you to a mailing list.
          </li>
          <li>
            The chat buttons open a messaging app. What you send there is handled by that app under its own privacy
            policy, and we use it only to answer you.
          </li>
          <li>
            If a live-chat window is offered on the site, it is run by a third party under its own privacy policy.
          </li>
        </ul>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      content: (
        <>
          <p>
            The site uses <strong>one cookie</strong>: a session cookie for the device portal, which keeps the device
            signed in. It holds only a random identifier, cannot be read by scripts on the page, and ends when you sign
            out or after a period without activity.
          </p>
          <p>
            We use no tracking, analytics or advertising cookies. A third-party live-chat window, where offered, may set
            cookies of its own.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <p>
          The site is served over an encrypted connection, and device keys and PINs are stored only as salted hashes. To
          stop anyone guessing device keys, the portal counts failed sign-in attempts per MAC address and per network
          address for a short time; these counters expire on their own and are used for nothing else. Our technical logs
          record requests for security and troubleshooting, never device keys or passwords.
        </p>
      ),
    },
    {
      id: 'minimum-age',
      title: 'Minimum age',
      content: (
        <p>
          The app, the portal and this site are intended for people aged {MINIMUM_AGE} and over. If you are under{' '}
          {MINIMUM_AGE}, please ask a parent or guardian to set up the app for you. The app&rsquo;s parental controls
          let a parent decide which content can be opened, by rating and by category.
        </p>
      ),
    },
    {
      id: 'choices',
      title: 'Your choices',
      content: (
        <p>
          In the portal you can change the device key and the parent PIN and delete playlists at any time. To have all
          of a device&rsquo;s data removed, or for any question about this policy, write to us at {email} with the
          device&rsquo;s MAC address.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          If what we store or how we use it changes, we will update this policy and the date at the top of this page.
          The <Link to="/terms-and-conditions">Terms and Conditions</Link> explain the rules for using the service.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          Questions about your privacy? Write to us at {email} or use our <Link to="/contact">contact page</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      path="/privacy-policy"
      title="Privacy Policy"
      lead={`${productName} collects no personal data. This page explains what the app and the portal store to work, and why.`}
      keyPoints={[
        <>
          <strong>No personal data is collected.</strong> No accounts, no names, no viewing history.
        </>,
        <>
          The portal stores what a device needs: its MAC address, its device key (hashed) and the playlists its owner
          adds.
        </>,
        <>
          <strong>One session cookie</strong> for the portal; no tracking or advertising cookies.
        </>,
        <>
          For people aged <strong>{MINIMUM_AGE} and over</strong>.
        </>,
      ]}
      sections={sections}
    />
  );
}

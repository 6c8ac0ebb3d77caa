import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection, ltr, MailLink, strong } from '../components/LegalPage';
import { keepTogether } from '../i18n/format';
import { siteConfig } from '../lib/siteConfig';

/** The app, the portal and the site are meant for people of at least this age. */
const MINIMUM_AGE = 15;

export default function PrivacyPage() {
  const intl = useIntl();
  const { productName, contactEmail } = siteConfig();
  const product = ltr(keepTogether(productName));
  const email = <MailLink email={contactEmail} />;

  const sections: LegalSection[] = [
    {
      id: 'no-personal-data',
      title: intl.formatMessage({ id: 'privacy.noData.title', defaultMessage: 'No personal data' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="privacy.noData.text"
              defaultMessage="{product} collects no personal data. We do not ask for your name, we have no user accounts or profiles, and we keep no record of where you are or what you watch. The app and the portal work with your device, not with you as a person."
              values={{ product }}
            />
          </p>
          <p>
            <FormattedMessage
              id="privacy.noData.received"
              defaultMessage="The only personal details we ever receive are the ones you choose to send us, for example in a contact message (see <link>Contact messages and chat</link>)."
              values={{ link: (chunks: ReactNode[]) => <a href="#messages">{chunks}</a> }}
            />
          </p>
        </>
      ),
    },
    {
      id: 'device-data',
      title: intl.formatMessage({ id: 'privacy.device.title', defaultMessage: 'What the portal stores to work' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="privacy.device.intro"
              defaultMessage="To run the trial, the licence and your playlists, the portal stores the following for each device. This information belongs to the device, not to a person:"
            />
          </p>
          <ul>
            <li>
              <FormattedMessage
                id="privacy.device.mac"
                defaultMessage="<b>The device’s MAC address</b>, which identifies the device."
                values={{ b: strong }}
              />
            </li>
            <li>
              <FormattedMessage
                id="privacy.device.key"
                defaultMessage="<b>The device key</b>, stored only as a salted hash. We cannot read it, and it cannot be recovered from our database."
                values={{ b: strong }}
              />
            </li>
            <li>
              <FormattedMessage
                id="privacy.device.status"
                defaultMessage="<b>The device’s status</b>: its trial or licence and their dates."
                values={{ b: strong }}
              />
            </li>
            <li>
              <FormattedMessage
                id="privacy.device.playlists"
                defaultMessage="<b>The playlists the owner adds</b>: their names and addresses, the user names and passwords of Xtream Codes playlists, playlist codes and programme guide addresses, so that the app can play them. The PINs of protected playlists and the parent PIN are stored only as hashes."
                values={{ b: strong }}
              />
            </li>
          </ul>
          <p>
            <FormattedMessage
              id="privacy.device.use"
              defaultMessage="This information is used only to run the app and the portal: to check the trial and the licence, to sign the device’s owner in to the portal and to deliver the playlists to the TV. It is never sold, and never shared for advertising or marketing."
            />
          </p>
        </>
      ),
    },
    {
      id: 'payments',
      title: intl.formatMessage({ id: 'privacy.payments.title', defaultMessage: 'Payments' }),
      content: (
        <p>
          <FormattedMessage
            id="privacy.payments.text"
            defaultMessage="Payments are handled by the payment provider you choose on the Activate Device page. Card and account details are entered with the provider and never reach us. The details a payment form asks for, such as a name, an e-mail address or a phone number, are passed to that provider to process the payment. We keep only the record that the device was paid for: when, how much and the provider’s reference. The provider’s own privacy policy applies to what it collects."
          />
        </p>
      ),
    },
    {
      id: 'messages',
      title: intl.formatMessage({ id: 'privacy.messages.title', defaultMessage: 'Contact messages and chat' }),
      content: (
        <ul>
          <li>
            <FormattedMessage
              id="privacy.messages.form"
              defaultMessage="A message you send through the contact form contains what you choose to write, including the name and e-mail address you give. It is used only to answer you, and we never add you to a mailing list."
            />
          </li>
          <li>
            <FormattedMessage
              id="privacy.messages.chat"
              defaultMessage="The chat buttons open a messaging app. What you send there is handled by that app under its own privacy policy, and we use it only to answer you."
            />
          </li>
          <li>
            <FormattedMessage
              id="privacy.messages.liveChat"
              defaultMessage="If a live-chat window is offered on the site, it is run by a third party under its own privacy policy."
            />
          </li>
        </ul>
      ),
    },
    {
      id: 'cookies',
      title: intl.formatMessage({ id: 'privacy.cookies.title', defaultMessage: 'Cookies' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="privacy.cookies.session"
              defaultMessage="The site uses <b>one cookie</b>: a session cookie for the device portal, which keeps the device signed in. It holds only a random identifier, cannot be read by scripts on the page, and ends when you sign out or after a period without activity."
              values={{ b: strong }}
            />
          </p>
          <p>
            <FormattedMessage
              id="privacy.cookies.noTracking"
              defaultMessage="We use no tracking, analytics or advertising cookies. A third-party live-chat window, where offered, may set cookies of its own."
            />
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: intl.formatMessage({ id: 'privacy.security.title', defaultMessage: 'Security' }),
      content: (
        <p>
          <FormattedMessage
            id="privacy.security.text"
            defaultMessage="The site is served over an encrypted connection, and device keys and PINs are stored only as salted hashes. To stop anyone guessing device keys, the portal counts failed sign-in attempts per MAC address and per network address for a short time; these counters expire on their own and are used for nothing else. Our technical logs record requests for security and troubleshooting, never device keys or passwords."
          />
        </p>
      ),
    },
    {
      id: 'minimum-age',
      title: intl.formatMessage({ id: 'privacy.age.title', defaultMessage: 'Minimum age' }),
      content: (
        <p>
          <FormattedMessage
            id="privacy.age.text"
            defaultMessage="The app, the portal and this site are intended for people aged {age} and over. If you are under {age}, please ask a parent or guardian to set up the app for you. The app’s parental controls let a parent decide which content can be opened, by rating and by category."
            values={{ age: MINIMUM_AGE }}
          />
        </p>
      ),
    },
    {
      id: 'choices',
      title: intl.formatMessage({ id: 'privacy.choices.title', defaultMessage: 'Your choices' }),
      content: (
        <p>
          <FormattedMessage
            id="privacy.choices.text"
            defaultMessage="In the portal you can change the device key and the parent PIN and delete playlists at any time. To have all of a device’s data removed, or for any question about this policy, write to us at {email} with the device’s MAC address."
            values={{ email }}
          />
        </p>
      ),
    },
    {
      id: 'changes',
      title: intl.formatMessage({ id: 'privacy.changes.title', defaultMessage: 'Changes to this policy' }),
      content: (
        <p>
          <FormattedMessage
            id="privacy.changes.text"
            defaultMessage="If what we store or how we use it changes, we will update this policy and the date at the top of this page. The <terms>Terms and Conditions</terms> explain the rules for using the service."
            values={{ terms: (chunks: ReactNode[]) => <Link to="/terms-and-conditions">{chunks}</Link> }}
          />
        </p>
      ),
    },
    {
      id: 'contact',
      title: intl.formatMessage({ id: 'privacy.contact.title', defaultMessage: 'Contact' }),
      content: (
        <p>
          <FormattedMessage
            id="privacy.contact.text"
            defaultMessage="Questions about your privacy? Write to us at {email} or use our <contact>contact page</contact>."
            values={{ email, contact: (chunks: ReactNode[]) => <Link to="/contact">{chunks}</Link> }}
          />
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      path="/privacy-policy"
      title={intl.formatMessage({ id: 'privacy.title', defaultMessage: 'Privacy Policy' })}
      lead={
        <FormattedMessage
          id="privacy.lead"
          defaultMessage="{product} collects no personal data. This page explains what the app and the portal store to work, and why."
          values={{ product }}
        />
      }
      keyPoints={[
        <FormattedMessage
          key="noData"
          id="privacy.keyPoints.noData"
          defaultMessage="<b>No personal data is collected.</b> No accounts, no names, no viewing history."
          values={{ b: strong }}
        />,
        <FormattedMessage
          key="stored"
          id="privacy.keyPoints.stored"
          defaultMessage="The portal stores what a device needs: its MAC address, its device key (hashed) and the playlists its owner adds."
        />,
        <FormattedMessage
          key="cookie"
          id="privacy.keyPoints.cookie"
          defaultMessage="<b>One session cookie</b> for the portal; no tracking or advertising cookies."
          values={{ b: strong }}
        />,
        <FormattedMessage
          key="age"
          id="privacy.keyPoints.age"
          defaultMessage="For people aged <b>{age} and over</b>."
          values={{ age: MINIMUM_AGE, b: strong }}
        />,
      ]}
      sections={sections}
    />
  );
}

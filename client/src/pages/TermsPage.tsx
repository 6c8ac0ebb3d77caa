import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection, ltr, MailLink, strong } from '../components/LegalPage';
import { keepTogether } from '../i18n/format';
import { siteConfig } from '../lib/siteConfig';

export default function TermsPage() {
  const intl = useIntl();
  const { productName, contactEmail } = siteConfig();
  const product = ltr(keepTogether(productName));
  const email = <MailLink email={contactEmail} />;

  const sections: LegalSection[] = [
    {
      id: 'scope',
      title: intl.formatMessage({ id: 'terms.scope.title', defaultMessage: 'Who we are and what these terms cover' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="terms.scope.service"
              defaultMessage="{product} (“the app”, “we”, “us”) is a video player for smart TVs and other devices. These Terms and Conditions apply to the app, to this website and to the device portal where you manage your playlists and activate your device (together, “the service”)."
              values={{ product }}
            />
          </p>
          <p>
            <FormattedMessage
              id="terms.scope.acceptance"
              defaultMessage="By installing the app, starting the free trial, signing in to the portal or buying a licence, you accept these terms. If you do not accept them, please do not use the service."
            />
          </p>
        </>
      ),
    },
    {
      id: 'media-player',
      title: intl.formatMessage({ id: 'terms.player.title', defaultMessage: 'A media player only' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="terms.player.intro"
              defaultMessage="{product} is a player only. It supplies no channels, playlists or content: it plays the M3U and M3U8 playlists that you add yourself, and nothing else."
              values={{ product }}
            />
          </p>
          <ul>
            <li>
              <FormattedMessage
                id="terms.player.noContent"
                defaultMessage="We do not supply, sell, host or recommend any channels, playlists, streams or other content. No content of any kind is included with the app."
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.player.noAccess"
                defaultMessage="We have no access to the playlists you add and no control over what they contain, whether they are lawful or whether they work."
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.player.responsibility"
                defaultMessage="You alone are responsible for the content you load into the app and for making sure you have the right to watch it. We disclaim all responsibility for content used in the app."
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.player.notAffiliated"
                defaultMessage="We are not affiliated with any playlist or content provider. Questions about a playlist (missing channels, streams that freeze or stop) go to the provider who supplied it."
              />
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'trial-and-licence',
      title: intl.formatMessage({ id: 'terms.trial.title', defaultMessage: 'Free trial and licence' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="terms.trial.period"
              defaultMessage="Every device gets a <b>free trial of 7 days</b> from the first time the app is started on it. Use the trial to check that the app and your playlists work well on your device."
              values={{ b: strong }}
            />
          </p>
          <p>
            <FormattedMessage
              id="terms.trial.licence"
              defaultMessage="After the trial, a licence must be bought to keep using the app. A licence belongs to the device it was bought for (see <link>Your device and its MAC address</link>), not to a person or an account. The price is shown in euro on the portal’s Activate Device page before you pay."
              values={{ link: (chunks: ReactNode[]) => <a href="#device">{chunks}</a> }}
            />
          </p>
        </>
      ),
    },
    {
      id: 'payments-and-refunds',
      title: intl.formatMessage({ id: 'terms.payments.title', defaultMessage: 'Payments and refunds' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="terms.payments.noRefunds"
              defaultMessage="<b>There are no refunds after purchase.</b> Please use the free trial to make sure everything works before you buy."
              values={{ b: strong }}
            />
          </p>
          <p>
            <FormattedMessage
              id="terms.payments.noPlaylist"
              defaultMessage="Because the app supplies no content, do not buy a licence if you do not have a playlist yet: a licence bought without a playlist is not refunded either."
            />
          </p>
          <p>
            <FormattedMessage
              id="terms.payments.provider"
              defaultMessage="Payments are processed by the payment provider you choose on the Activate Device page, and that provider’s own terms apply to the payment itself. Card details are entered with the provider and never reach us."
            />
          </p>
        </>
      ),
    },
    {
      id: 'activation',
      title: intl.formatMessage({ id: 'terms.activation.title', defaultMessage: 'Activation after payment' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="terms.activation.delay"
              defaultMessage="Once the payment provider has confirmed your payment, your device is activated automatically. <b>Activation may take up to one hour.</b> There is no need to pay again or to restart the payment in the meantime."
              values={{ b: strong }}
            />
          </p>
          <p>
            <FormattedMessage
              id="terms.activation.help"
              defaultMessage="If your device is still not active an hour after payment, write to us at {email} with the device’s MAC address and the payment reference, and we will sort it out."
              values={{ email }}
            />
          </p>
        </>
      ),
    },
    {
      id: 'device',
      title: intl.formatMessage({ id: 'terms.device.title', defaultMessage: 'Your device and its MAC address' }),
      content: (
        <ul>
          <li>
            <FormattedMessage
              id="terms.device.identity"
              defaultMessage="The app identifies your device by its MAC address. The trial, the licence and the playlists all belong to that MAC address."
            />
          </li>
          <li>
            <FormattedMessage
              id="terms.device.twoMacs"
              defaultMessage="Many TVs have two MAC addresses, one for WiFi and one for Ethernet. A MAC address is set by the manufacturer and cannot be changed manually."
            />
          </li>
          <li>
            <FormattedMessage
              id="terms.device.key"
              defaultMessage="The device key is the password of the portal. Keep it to yourself: anyone who has your MAC address and device key can manage the device’s playlists. You can change it in the portal at any time."
            />
          </li>
          <li>
            <FormattedMessage
              id="terms.device.switch"
              defaultMessage="If you replace your device, the portal’s Switch MAC page moves the licence and playlists to the new MAC address, unless that address already has an active licence of its own."
            />
          </li>
        </ul>
      ),
    },
    {
      id: 'acceptable-use',
      title: intl.formatMessage({ id: 'terms.use.title', defaultMessage: 'Acceptable use' }),
      content: (
        <>
          <p>
            <FormattedMessage id="terms.use.intro" defaultMessage="When you use the service, you agree not to:" />
          </p>
          <ul>
            <li>
              <FormattedMessage
                id="terms.use.rights"
                defaultMessage="play content you have no right to watch, or use the app to break copyright or any other law;"
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.use.otherDevices"
                defaultMessage="sign in, or try to sign in, to a device that is not yours, or try to guess MAC addresses, device keys or PINs;"
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.use.disrupt"
                defaultMessage="disrupt the service: overload it, probe it for weaknesses, get around its limits or run automated tools against the portal;"
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.use.copy"
                defaultMessage="copy, modify, resell or reverse engineer the app, except where the law allows it;"
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.use.spam"
                defaultMessage="send spam or abusive messages through the contact form or the chat."
              />
            </li>
          </ul>
          <p>
            <FormattedMessage
              id="terms.use.suspension"
              defaultMessage="We may suspend access to the portal for a device that is used in breach of these terms."
            />
          </p>
        </>
      ),
    },
    {
      id: 'availability',
      title: intl.formatMessage({ id: 'terms.availability.title', defaultMessage: 'Availability of the service' }),
      content: (
        <p>
          <FormattedMessage
            id="terms.availability.text"
            defaultMessage="We work to keep the app and the portal available and reliable, but we cannot promise an uninterrupted service. Whether a stream plays also depends on things we do not control: your playlist provider, your internet connection, your internet provider (some block streams) and the formats your device supports. We may improve or change the app’s features over time."
          />
        </p>
      ),
    },
    {
      id: 'liability',
      title: intl.formatMessage({ id: 'terms.liability.title', defaultMessage: 'Limitation of liability' }),
      content: (
        <>
          <p>
            <FormattedMessage
              id="terms.liability.asIs"
              defaultMessage="The app and the service are provided “as is” and “as available”, without warranties beyond those the law requires."
            />
          </p>
          <ul>
            <li>
              <FormattedMessage
                id="terms.liability.content"
                defaultMessage="We are not responsible for the content of playlists, for streams that are unavailable or of poor quality, or for any loss that comes from content you load into the app."
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.liability.limit"
                defaultMessage="As far as the law allows, we are not liable for indirect or consequential loss (such as loss of data, profit or enjoyment), and our total liability for any claim about the service is limited to the amount you paid for the licence of the device concerned."
              />
            </li>
            <li>
              <FormattedMessage
                id="terms.liability.consumerRights"
                defaultMessage="Nothing in these terms limits a liability that the law does not allow to be limited, or takes away rights you have as a consumer under the law of your country."
              />
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'changes',
      title: intl.formatMessage({ id: 'terms.changes.title', defaultMessage: 'Changes to these terms' }),
      content: (
        <p>
          <FormattedMessage
            id="terms.changes.text"
            defaultMessage="We may update these terms, for example when the service changes or the law requires it. The date at the top of this page shows when they last changed. If you keep using the service after a change, you accept the new terms; if you do not accept them, stop using the service."
          />
        </p>
      ),
    },
    {
      id: 'contact',
      title: intl.formatMessage({ id: 'terms.contact.title', defaultMessage: 'Contact' }),
      content: (
        <p>
          <FormattedMessage
            id="terms.contact.text"
            defaultMessage="Questions about these terms? Write to us at {email} or use our <contact>contact page</contact>. How we handle information is explained in our <privacy>Privacy Policy</privacy>."
            values={{
              email,
              contact: (chunks: ReactNode[]) => <Link to="/contact">{chunks}</Link>,
              privacy: (chunks: ReactNode[]) => <Link to="/privacy-policy">{chunks}</Link>,
            }}
          />
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      path="/terms-and-conditions"
      title={intl.formatMessage({ id: 'terms.title', defaultMessage: 'Terms and Conditions' })}
      lead={
        <FormattedMessage
          id="terms.lead"
          defaultMessage="Please read these terms before you install {product}, start the free trial or buy a licence."
          values={{ product }}
        />
      }
      keyPoints={[
        <FormattedMessage
          key="player"
          id="terms.keyPoints.player"
          defaultMessage="{product} is a <b>media player only</b>: it supplies no channels, playlists or content."
          values={{ product, b: strong }}
        />,
        <FormattedMessage
          key="trial"
          id="terms.keyPoints.trial"
          defaultMessage="<b>7-day free trial</b>, after which a licence must be bought."
          values={{ b: strong }}
        />,
        <FormattedMessage
          key="refunds"
          id="terms.keyPoints.refunds"
          defaultMessage="<b>No refunds after purchase</b>, including a licence bought without a playlist."
          values={{ b: strong }}
        />,
        <FormattedMessage
          key="activation"
          id="terms.keyPoints.activation"
          defaultMessage="Activation after payment may take <b>up to one hour</b>."
          values={{ b: strong }}
        />,
      ]}
      sections={sections}
    />
  );
}

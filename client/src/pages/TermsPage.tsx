import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/LegalPage';
import { siteConfig } from '../lib/siteConfig';

export default function TermsPage() {
  const { productName, contactEmail } = siteConfig();
  const email = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;

  const sections: LegalSection[] = [
    {
      id: 'scope',
      title: 'Who we are and what these terms cover',
      content: (
        <>
          <p>
            {productName} (&ldquo;the app&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) is a video player for smart TVs
            and other devices. These Terms and Conditions apply to the app, to this website and to the device portal
            where you manage your playlists and activate your device (together, &ldquo;the service&rdquo;).
          </p>
          <p>
            By installing the app, starting the free trial, signing in to the portal or buying a licence, you accept
            these terms. If you do not accept them, please do not use the service.
          </p>
        </>
      ),
    },
    {
      id: 'media-player',
      title: 'A media player only',
      content: (
        <>
          <p>
            {productName} is a player only. It supplies no channels, playlists or content: it plays the M3U and M3U8
            playlists that you add yourself, and nothing else.
          </p>
          <ul>
            <li>
              We do not supply, sell, host or recommend any channels, playlists, streams or other content. No content of
              any kind is included with the app.
            </li>
            <li>
              We have no access to the playlists you add and no control over what they contain, whether they are lawful
              or whether they work.
            </li>
            <li>
              You alone are responsible for the content you load into the app and for making sure you have the right to
              watch it. We disclaim all responsibility for content used in the app.
            </li>
            <li>
              We are not affiliated with any playlist or content provider. Questions about a playlist (missing channels,
              streams that freeze or stop) go to the provider who supplied it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'trial-and-licence',
      title: 'Free trial and licence',
      content: (
        <>
          <p>
            Every device gets a <strong>free trial of 7 days</strong> from the first time the app is started on it. Use
            the trial to check that the app and your playlists work well on your device.
          </p>
          <p>
            After the trial, a licence must be bought to keep using the app. A licence belongs to the device it was
            bought for (see <a href="#device">Your device and its MAC address</a>), not to a person or an account. The
            price is shown in euro on the portal&rsquo;s Activate Device page before you pay.
          </p>
        </>
      ),
    },
    {
      id: 'payments-and-refunds',
      title: 'Payments and refunds',
      content: (
        <>
          <p>
            <strong>There are no refunds after purchase.</strong> Please use the free trial to make sure everything
            works before you buy.
          </p>
          <p>
            Because the app supplies no content, do not buy a licence if you do not have a playlist yet: a licence
            bought without a playlist is not refunded either.
          </p>
          <p>
            Payments are processed by the payment provider you choose on the Activate Device page, and that
            provider&rsquo;s own terms apply to the payment itself. Card details are entered with the provider and never
            reach us.
          </p>
        </>
      ),
    },
    {
      id: 'activation',
      title: 'Activation after payment',
      content: (
        <>
          <p>
            Once the payment provider has confirmed your payment, your device is activated automatically.{' '}
            <strong>Activation may take up to one hour.</strong> There is no need to pay again or to restart the payment
            in the meantime.
          </p>
          <p>
            If your device is still not active an hour after payment, write to us at {email} with the device&rsquo;s MAC
            address and the payment reference, and we will sort it out.
          </p>
        </>
      ),
    },
    {
      id: 'device',
      title: 'Your device and its MAC address',
      content: (
        <ul>
          <li>
            The app identifies your device by its MAC address. The trial, the licence and the playlists all belong to
            that MAC address.
          </li>
          <li>
            Many TVs have two MAC addresses, one for WiFi and one for Ethernet. A MAC address is set by the manufacturer
            and cannot be changed manually.
          </li>
          <li>
            The device key is the password of the portal. Keep it to yourself: anyone who has your MAC address and
            device key can manage the device&rsquo;s playlists. You can change it in the portal at any time.
          </li>
          <li>
            If you replace your device, the portal&rsquo;s Switch MAC page moves the licence and playlists to the new
            MAC address, unless that address already has an active licence of its own.
          </li>
        </ul>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      content: (
        <>
          <p>When you use the service, you agree not to:</p>
          <ul>
            <li>play content you have no right to watch, or use the app to break copyright or any other law;</li>
            <li>
              sign in, or try to sign in, to a device that is not yours, or try to guess MAC addresses, device keys or
              PINs;
            </li>
            <li>
              disrupt the service: overload it, probe it for weaknesses, get around its limits or run automated tools
              against the portal;
            </li>
            <li>copy, modify, resell or reverse engineer the app, except where the law allows it;</li>
            <li>send spam or abusive messages through the contact form or the chat.</li>
          </ul>
          <p>We may suspend access to the portal for a device that is used in breach of these terms.</p>
        </>
      ),
    },
    {
      id: 'availability',
      title: 'Availability of the service',
      content: (
        <p>
          We work to keep the app and the portal available and reliable, but we cannot promise an uninterrupted service.
          Whether a stream plays also depends on things we do not control: your playlist provider, your internet
          connection, your internet provider (some block streams) and the formats your device supports. We may improve
          or change the app&rsquo;s features over time.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      content: (
        <>
          <p>
            The app and the service are provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without warranties
            beyond those the law requires.
          </p>
          <ul>
            <li>
              We are not responsible for the content of playlists, for streams that are unavailable or of poor quality,
              or for any loss that comes from content you load into the app.
            </li>
            <li>
              As far as the law allows, we are not liable for indirect or consequential loss (such as loss of data,
              profit or enjoyment), and our total liability for any claim about the service is limited to the amount you
              paid for the licence of the device concerned.
            </li>
            <li>
              Nothing in these terms limits a liability that the law does not allow to be limited, or takes away rights
              you have as a consumer under the law of your country.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      content: (
        <p>
          We may update these terms, for example when the service changes or the law requires it. The date at the top of
          this page shows when they last changed. If you keep using the service after a change, you accept the new
          terms; if you do not accept them, stop using the service.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          Questions about these terms? Write to us at {email} or use our <Link to="/contact">contact page</Link>. How we
          handle information is explained in our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      path="/terms-and-conditions"
      title="Terms and Conditions"
      lead={`Please read these terms before you install ${productName}, start the free trial or buy a licence.`}
      keyPoints={[
        <>
          {productName} is a <strong>media player only</strong>: it supplies no channels, playlists or content.
        </>,
        <>
          <strong>7-day free trial</strong>, after which a licence must be bought.
        </>,
        <>
          <strong>No refunds after purchase</strong>, including a licence bought without a playlist.
        </>,
        <>
          Activation after payment may take <strong>up to one hour</strong>.
        </>,
      ]}
      sections={sections}
    />
  );
}

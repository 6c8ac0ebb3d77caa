import { PlaceholderPage } from './PlaceholderPage';

export default function TermsPage() {
  return (
    <PlaceholderPage heading="Terms and Conditions">
      <p>M3U Player is a media player only. It supplies no channels, playlists or content.</p>
      <p>The full terms are coming in the next release.</p>
    </PlaceholderPage>
  );
}

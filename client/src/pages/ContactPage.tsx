import { PlaceholderPage } from './PlaceholderPage';

export default function ContactPage() {
  return (
    <PlaceholderPage heading="Contact Us">
      <p>Questions, support or feedback about M3U Player? The contact form is coming in the next release.</p>
    </PlaceholderPage>
  );
}

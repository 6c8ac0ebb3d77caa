import { PlaceholderPage } from './PlaceholderPage';

export default function PrivacyPage() {
  return (
    <PlaceholderPage heading="Privacy Policy">
      <p>The full privacy policy is coming in the next release.</p>
    </PlaceholderPage>
  );
}

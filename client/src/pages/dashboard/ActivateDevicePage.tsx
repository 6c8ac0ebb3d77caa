import { ComingSoon } from './DashboardPanel';

export default function ActivateDevicePage() {
  return <ComingSoon heading="Activate Device" what="Activating your device with a licence" />;
}

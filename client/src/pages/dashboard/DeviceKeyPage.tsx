import { ComingSoon } from './DashboardPanel';

export default function DeviceKeyPage() {
  return <ComingSoon heading="Device Key" what="Changing your device key" />;
}

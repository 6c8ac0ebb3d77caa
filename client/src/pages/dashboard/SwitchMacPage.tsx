import { ComingSoon } from './DashboardPanel';

export default function SwitchMacPage() {
  return <ComingSoon heading="Switch MAC" what="Moving your licence and playlists to another MAC address" />;
}

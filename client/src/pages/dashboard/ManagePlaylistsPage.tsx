import { ComingSoon } from './DashboardPanel';

export default function ManagePlaylistsPage() {
  return <ComingSoon heading="Manage Playlists" what="Adding, editing and deleting your playlists" />;
}

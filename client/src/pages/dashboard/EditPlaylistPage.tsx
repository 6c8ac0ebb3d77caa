import { ComingSoon } from './DashboardPanel';

export default function EditPlaylistPage() {
  return <ComingSoon heading="Edit Playlist" what="Editing a playlist" />;
}

import { ComingSoon } from './DashboardPanel';

export default function ParentPinPage() {
  return <ComingSoon heading="Parent PIN" what="Changing your parent PIN" />;
}

import { startPortal } from './portal';

// The portal's pages (index.html): the dashboard, payments, the link page. The public pages and the sign-in
// screen have their own, lighter entry (site.html, public-main.tsx).
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void startPortal(container);

// The page's script, beside the page: the dev server's root is client/tv, and a page's script outside its root
// (../src/tv/main.tsx) resolves to nothing there. Vite follows the import out of the root (server.fs.allow).
import '../src/tv/main';

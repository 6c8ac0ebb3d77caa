import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';

/**
 * Shown under Apollo Sandbox, which covers it once it loads from Apollo's CDN. When it cannot (offline, or the
 * CDN blocked), Apollo's own line says so and this says where else to look: the schema and the safelisted
 * operations this server serves itself, and the TV API guide.
 */
const WITHOUT_SANDBOX = `
<div class="without-sandbox">
  <p>The graph itself works without it: send operations to this address with <code>POST</code>
  (<code>Content-Type: application/json</code>).</p>
  <ul>
    <li><a href="/graphql/schema.graphql">The schema (SDL)</a>, every type and field described</li>
    <li><a href="/graphql/operations.json">The safelisted operations</a> a TV app may send by id</li>
    <li>The TV API guide: <code>docs/tv-api.md</code> in the project</li>
  </ul>
</div>
`;

/**
 * Apollo's page allows only styles carrying its nonce (a Content-Security-Policy meta tag, a new nonce for each
 * page). Sandbox's frame holder covers the page; while it is empty (Sandbox did not load) clicks go through it.
 * The pointers fade in with Apollo's own line (its fadeIn), so a Sandbox that loads never shows them.
 */
function styles(html: string): string {
  const nonce = /'nonce-([\w+/=-]+)'/.exec(html)?.[1];
  if (!nonce) return '';
  return `<style nonce="${nonce}">
  #embeddableSandbox:empty { pointer-events: none; }
  .without-sandbox { padding: 0 1em; opacity: 0; animation: fadeIn 1s 1s forwards; }
</style>`;
}

function withPointers(html: string): string {
  const extra = styles(html) + WITHOUT_SANDBOX;
  return html.includes('</body>') ? html.replace('</body>', `${extra}</body>`) : html + extra;
}

/**
 * Apollo's Sandbox landing page (ApolloServerPluginLandingPageLocalDefault, through its plugin hooks), with
 * pointers for when Sandbox cannot load.
 */
export function sandboxLandingPage(): ApolloServerPlugin<BaseContext> {
  const apollo = ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true });
  return {
    async serverWillStart(service) {
      const listener = await apollo.serverWillStart?.(service);
      const render = listener?.renderLandingPage;
      if (!render) return listener;
      return {
        ...listener,
        async renderLandingPage() {
          const { html } = await render();
          // Apollo's page is made afresh for each request (its nonce): so is ours.
          return { html: async () => withPointers(typeof html === 'string' ? html : await html()) };
        },
      };
    },
  };
}

import type { Plugin } from 'vite';

/**
 * The site's pages (site.html) are sent rendered by the server: their script only makes them interactive. Vite
 * puts the entry's `<script type="module">` and its `<link rel="modulepreload">`s in the head, so the browser
 * fetches the scripts while it is still to paint; Lighthouse's simulation (a throttled phone) then counts them
 * before the largest paint, which came 1.25–1.8× later than the same HTML's without scripts. Here they become a
 * small inline script that asks for them once the page has painted (its first contentful paint; at once in a
 * hidden tab, which paints nothing until shown, and on a page the server did not render; after the next frame where
 * paint timing is unknown), and the page paints as soon as its HTML and style allow. The entry's own `afterFirstPaint` (src/public-main.tsx) then resolves
 * at once.
 */
export function scriptAfterFirstPaint(page: string, nonce: string): Plugin {
  return {
    name: 'script-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = context.chunk;
        if (!context.filename.endsWith(page) || !entry) return html;
        const base = '/';
        const src = `${base}${entry.fileName}`;
        const preloads = entry.imports.map((file) => `${base}${file}`);
        const tag = (pattern: string) => new RegExp(`\\s*<(script|link)\\b[^>]*"${pattern}"[^>]*>(</script>)?`, 'g');
        let rest = html.replace(tag(src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), '');
        for (const file of preloads) rest = rest.replace(tag(file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), '');
        if (rest.includes(src)) throw new Error(`${page}: the entry script's tag was not where it was expected`);
        const loader =
          // The tags it adds carry the page's nonce, as Vite's own would (the meta element Vite writes holds it).
          `(()=>{const nonce=(document.querySelector('meta[property="csp-nonce"]')||{}).nonce||'';` +
          `const go=()=>{for(const href of ${JSON.stringify(preloads)}){const link=document.createElement('link');` +
          `link.rel='modulepreload';link.crossOrigin='';link.nonce=nonce;link.href=href;document.head.append(link)}` +
          `const script=document.createElement('script');script.type='module';script.crossOrigin='';script.nonce=nonce;` +
          `script.src=${JSON.stringify(src)};document.head.append(script)};` +
          // A page the server could not render (#root empty) paints nothing until its script renders it, behind
          // the loading spinner (src/components/PreloadGate.tsx): its script is asked for at once.
          `if(document.visibilityState==='hidden'||!(document.getElementById('root')||{}).firstElementChild)return go();` +
          `const types=typeof PerformanceObserver==='function'?PerformanceObserver.supportedEntryTypes||[]:[];` +
          `const afterFrame=()=>requestAnimationFrame(()=>setTimeout(go,0));` +
          `if(!types.includes('paint'))return afterFrame();` +
          // The paint entry comes as the frame is painted, a little before it is on screen (where Lighthouse's
          // trace puts the first contentful paint): one frame more. A slow phone may take seconds to paint: the
          // fallback is only for a browser that never reports it.
          `let done=false;const once=()=>{if(!done){done=true;observer.disconnect();afterFrame()}};` +
          `const observer=new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length)once()});` +
          `observer.observe({type:'paint',buffered:true});setTimeout(once,5000)})()`;
        // A module script runs once the document is parsed: #root is there to look at.
        return rest.replace('</head>', `  <script type="module" ${nonce}>${loader}</script>\n  </head>`);
      },
    },
  };
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';
import type { Plugin } from 'vite';

/**
 * How the messages of a language reach the browser: lang/<tag>.json (ICU strings, as translators write them) is
 * compiled at build time into ASTs (the runtime then needs no ICU parser, 18 KB gzip less), and split into parts
 * so a page downloads only what it shows: `site` (the frame, contact, sign-in, not-found), `landing`, `legal`
 * (terms and privacy: long), `portal` (the dashboard, playlists, payments) and `tvapp` (the TV app). `server` is never sent: messages
 * the server alone says (the playlist check's sentences, rate limits). A message's part is chosen by the
 * longest of these prefixes its id starts with; any other id is `site`'s.
 *
 * `import('lang/ar.json?part=site')` gives `{ messages, byEnglish }`: `byEnglish` maps the English of the part's
 * shared messages (common/messages.ts, ids under `msg.`) to their ids, so text that travels as English (a
 * validation message, a server's error) is translated where it is shown (client/src/i18n/locale.ts).
 */
export const CATALOG_PARTS: Record<string, readonly string[]> = {
  landing: ['landing'],
  legal: ['terms', 'privacy'],
  portal: [
    'portal',
    'dashboard',
    'playlists',
    'check',
    'payments',
    'settings',
    'account',
    'link',
    'tv',
    'checkout',
    'msg.payment',
    'msg.playlist',
    'msg.tv',
    'msg.link',
    'msg.switchMac',
    'msg.settings',
    'msg.parentPin',
    'msg.newDeviceKey',
  ],
  // The TV app (client/src/tv/): its screens and its player's words.
  tvapp: ['tvapp', 'msg.player'],
  server: ['msg.check', 'msg.rateLimit', 'msg.server'],
};

export function partOf(id: string): string {
  let best: { part: string; length: number } = { part: 'site', length: 0 };
  for (const [part, prefixes] of Object.entries(CATALOG_PARTS))
    for (const prefix of prefixes)
      if ((id === prefix || id.startsWith(`${prefix}.`)) && prefix.length > best.length)
        best = { part, length: prefix.length };
  return best.part;
}

// The parser react-intl itself is built with (its own copy), so the ASTs match the runtime that reads them.
const requireFromReactIntl = createRequire(createRequire(import.meta.url).resolve('react-intl'));
const parserPath = requireFromReactIntl.resolve('@formatjs/icu-messageformat-parser');

/** The runtime's ICU parser swapped for its no-parser build: every message arrives compiled. */
export const noParserAlias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: requireFromReactIntl.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
};

const CATALOG = /[\\/]lang[\\/]([^\\/]+)\.json\?part=(\w+)$/;

export function i18nCatalogs(langDir: string): Plugin {
  let parse: ((message: string) => unknown) | undefined;
  return {
    name: 'i18n-catalogs',
    enforce: 'pre',
    async load(id) {
      const match = CATALOG.exec(id);
      if (!match) return null;
      const [, tag, part] = match;
      parse ??= ((await import(parserPath)) as { parse: (message: string) => unknown }).parse;
      const file = path.join(langDir, `${tag}.json`);
      const english = path.join(langDir, 'en.json');
      this.addWatchFile(file);
      this.addWatchFile(english);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const en = JSON.parse(readFileSync(english, 'utf8')) as Record<string, string>;
      const messages: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(source)) if (partOf(key) === part) messages[key] = parse!(message);
      const byEnglish: Record<string, string> = {};
      for (const [key, message] of Object.entries(en))
        if (key.startsWith('msg.') && key in source && partOf(key) === part) byEnglish[message] = key;
      return `export default ${JSON.stringify({ messages, byEnglish })};`;
    },
  };
}

// A file that holds a message of the code's own: react-intl's component or one of its message functions, or a
// shared message (common/i18n.ts `text`).
const HAS_MESSAGES = /\b(FormattedMessage|formatMessage|defineMessages?)\b|\btext\(\{/;

/**
 * A shared message, `text({ id, defaultMessage })`, is its English at run time (common/i18n.ts), and the browser
 * translates it by that English (the catalogs' `byEnglish`): in the browser's code it is written as the English
 * alone, so the ids of every shared message (a few kilobytes on every page) are not sent.
 */
function inlineSharedMessages(ts: typeof TS) {
  return (context: TS.TransformationContext) => {
    const visit = (node: TS.Node): TS.Node => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'text' &&
        node.arguments.length === 1 &&
        ts.isObjectLiteralExpression(node.arguments[0]!)
      ) {
        const english = node.arguments[0].properties.find(
          (property): property is TS.PropertyAssignment =>
            ts.isPropertyAssignment(property) &&
            ts.isIdentifier(property.name) &&
            property.name.text === 'defaultMessage',
        );
        if (english && ts.isStringLiteralLike(english.initializer)) {
          return ts.factory.createStringLiteral(english.initializer.text, true);
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (file: TS.SourceFile) => ts.visitNode(file, visit) as TS.SourceFile;
  };
}

/**
 * The code's own messages (FormattedMessage, formatMessage, defineMessage(s)) compiled to ASTs, as the
 * translations are: FormatJS's official TypeScript transformer (@formatjs/ts-transformer, with `ast`), run before
 * Vite's own TypeScript and JSX handling on the files that hold a message (JSX is kept for React's plugin).
 */
export function formatjsMessages(): Plugin {
  return {
    name: 'formatjs-messages',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('node_modules') || !HAS_MESSAGES.test(code)) return null;
      const [{ default: ts }, { transformWithTs }] = await Promise.all([
        import('typescript'),
        import('@formatjs/ts-transformer'),
      ]);
      const output = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: {
          target: ts.ScriptTarget.ESNext,
          module: ts.ModuleKind.ESNext,
          jsx: ts.JsxEmit.Preserve,
          verbatimModuleSyntax: true,
          sourceMap: true,
          inlineSources: true,
        },
        transformers: {
          // (Shared messages are declared in common/, where `text` is always common/i18n.ts's.)
          before: [transformWithTs(ts, { ast: true }), ...(id.includes('/common/') ? [inlineSharedMessages(ts)] : [])],
        },
      });
      return { code: output.outputText, map: output.sourceMapText ? JSON.parse(output.sourceMapText) : null };
    },
  };
}

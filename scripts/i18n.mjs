// Messages and their translations (lang/, see common/i18n.ts), with FormatJS's own tooling.
//   node scripts/i18n.mjs extract   writes lang/en.json from the messages in the code
//   node scripts/i18n.mjs check     fails when lang/en.json is not what the code says, or when a language misses
//                                   a message, has one the code no longer has, or has other placeholders in one,
//                                   or when an Arabic message says a term otherwise than docs/i18n.md's glossary
//   node scripts/i18n.mjs merge ar part.json
//                                   adds the translations in part.json ({ id: message }) to lang/ar.json
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const langDir = path.join(root, 'lang');
const formatjs = path.join(root, 'node_modules', '.bin', 'formatjs');

function run(args) {
  const res = spawnSync(formatjs, args, { cwd: root, encoding: 'utf8' });
  return { ok: res.status === 0, output: `${res.stdout ?? ''}${res.stderr ?? ''}`.trim() };
}

/** Runs `formatjs extract` over the code into `outFile`; a message it cannot read is a failure. */
function extract(outFile) {
  const { ok, output } = run([
    'extract',
    'client/src/**/*.{ts,tsx}',
    'common/**/*.ts',
    'server/src/**/*.ts',
    '--ignore',
    '**/*.test.*',
    '**/__generated__/**',
    // common/i18n.ts `text()`: the messages the server and the client both show.
    '--additional-function-names',
    'text',
    '--format',
    'simple',
    '--out-file',
    outFile,
    '--throws',
  ]);
  if (output) console.error(output);
  if (!ok || /\[WARN\]/.test(output)) {
    console.error('Messages must have literal ids and English: the extractor could not read every one.');
    process.exit(1);
  }
}

/** A cell's list: items parted by commas (Latin or Arabic), an empty cell none. */
function cellItems(cell) {
  return cell
    .split(/[,،]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The glossary of docs/i18n.md, as the check reads it: each row's English forms, the Arabic forms that say the
 * term, the forms never to use, and English phrases that hold the term's words without being the term.
 */
export function readGlossary(markdown) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Glossary\n'));
  if (!section) throw new Error('docs/i18n.md has no "## Glossary" section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  const glossary = rows.map(([english = '', arabic = '', accepts = '', never = '', notIn = '']) => ({
    english: cellItems(english),
    arabic,
    accepts: cellItems(accepts),
    never: cellItems(never),
    notIn: cellItems(notIn),
  }));
  const broken = glossary.find((term) => !term.english.length || !term.accepts.length);
  if (!glossary.length || broken)
    throw new Error(`docs/i18n.md's glossary has a row without English or forms to accept`);
  // '- `id` (term): why': a message the check lets off that term.
  for (const [, id, english] of section.matchAll(/^- `([^`]+)` \(([^)]+)\)/gm)) {
    const term = glossary.find((row) => row.english.includes(english));
    if (!term) throw new Error(`docs/i18n.md's glossary lets ${id} off "${english}", which is no term of it`);
    term.except = [...(term.except ?? []), id];
  }
  return glossary;
}

/** Arabic as the check compares it: without vowel marks, shadda, tatweel or bidi controls. */
export function plainArabic(text) {
  return text.replace(/[\u064B-\u065F\u0670\u0640\u200E\u200F\u2066-\u2069\u202A-\u202E]/g, '');
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A phrase as whole words, any case, its spaces any white space or hyphen as written. */
function phrase(text) {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * The messages that say a glossary term otherwise than the glossary: `[id, problem]` for each. A message uses a
 * term when its English holds one of the term's forms outside the phrases the term is not in (`Live TV` is not
 * `TV`).
 */
export function glossaryProblems(glossary, english, translated) {
  const problems = [];
  for (const [id, source] of Object.entries(english)) {
    const target = translated[id];
    if (typeof target !== 'string') continue;
    const plain = plainArabic(target);
    for (const term of glossary) {
      if (term.except?.includes(id)) continue;
      let text = source;
      for (const not of term.notIn) text = text.replace(phrase(not), ' ');
      const found = term.english.find((form) => phrase(form).test(text));
      if (!found) continue;
      if (!term.accepts.some((form) => plain.includes(plainArabic(form)))) {
        problems.push([id, `says "${found}" without «${term.arabic}» (${term.accepts.join('، ')})`]);
      }
      const wrong = term.never.find((form) => plain.includes(plainArabic(form)));
      if (wrong) problems.push([id, `says "${found}" as «${wrong}»: the glossary says «${term.arabic}»`]);
    }
  }
  return problems;
}

/**
 * Arabic writing the check holds besides the glossary (docs/i18n.md, "Writing"): a tatweel joins a one-letter
 * preposition (بـ، لـ) only to what is not Arabic (a digit, a Latin name, an address), never to an Arabic word, nor
 * to a placeholder whose values are Arabic words (a stream's format: «بث MPEG-TS» would read «بـبث»).
 */
const TATWEEL_BEFORE_ARABIC = /\u0640(?=[\u0621-\u064A]|\{(format|what|reason|label)\b)/;

export function writingProblems(translated) {
  return Object.entries(translated).flatMap(([id, text]) =>
    typeof text === 'string' && TATWEEL_BEFORE_ARABIC.test(text)
      ? [[id, 'joins a word with a tatweel to an Arabic word (بـقائمة): write the letters joined, or rephrase']]
      : [],
  );
}

const command = process.argv[2];
if (command === 'extract') {
  extract(path.join(langDir, 'en.json'));
  console.log(
    `lang/en.json: ${Object.keys(JSON.parse(readFileSync(path.join(langDir, 'en.json'), 'utf8'))).length} messages`,
  );
} else if (command === 'check') {
  const fresh = path.join(mkdtempSync(path.join(tmpdir(), 'i18n-')), 'en.json');
  extract(fresh);
  const inCode = JSON.parse(readFileSync(fresh, 'utf8'));
  const committed = JSON.parse(readFileSync(path.join(langDir, 'en.json'), 'utf8'));
  const differing = [...new Set([...Object.keys(inCode), ...Object.keys(committed)])].filter(
    (id) => inCode[id] !== committed[id],
  );
  let failed = false;
  if (differing.length) {
    console.error(
      `lang/en.json differs from the code in ${differing.length} message(s): ${differing.slice(0, 10).join(', ')}`,
    );
    console.error('Run `npm run i18n:extract`, translate what changed in every lang/ file, and commit.');
    failed = true;
  }
  const files = readdirSync(langDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join('lang', file));
  const verify = run([
    'verify',
    '--source-locale',
    'en',
    '--missing-keys',
    '--extra-keys',
    '--structural-equality',
    ...files,
  ]);
  if (!verify.ok) {
    console.error(verify.output);
    failed = true;
  }
  // The glossary (docs/i18n.md) holds for the Arabic: its terms, said its way.
  const glossary = readGlossary(readFileSync(path.join(root, 'docs', 'i18n.md'), 'utf8'));
  const arabic = JSON.parse(readFileSync(path.join(langDir, 'ar.json'), 'utf8'));
  const problems = [...glossaryProblems(glossary, inCode, arabic), ...writingProblems(arabic)];
  if (problems.length) {
    for (const [id, problem] of problems) console.error(`lang/ar.json ${id}: ${problem}`);
    console.error(`${problems.length} glossary problem(s): say the terms as docs/i18n.md's glossary does.`);
    failed = true;
  }
  if (failed) process.exit(1);
  console.log(
    `${Object.keys(inCode).length} messages, in ${files.length} languages: none missing, extra or malformed.`,
  );
} else if (command === 'merge') {
  const [tag, partFile] = process.argv.slice(3);
  const target = path.join(langDir, `${tag}.json`);
  const current = JSON.parse(readFileSync(target, 'utf8'));
  const part = JSON.parse(readFileSync(partFile, 'utf8'));
  const merged = Object.fromEntries(Object.entries({ ...current, ...part }).sort(([a], [b]) => a.localeCompare(b)));
  // Written whole, then renamed over: a reader never sees half a file.
  writeFileSync(`${target}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
  renameSync(`${target}.tmp`, target);
  console.log(`lang/${tag}.json: ${Object.keys(part).length} merged, ${Object.keys(merged).length} in all`);
} else {
  console.error('usage: node scripts/i18n.mjs extract|check|merge');
  process.exit(2);
}

// Messages and their translations (lang/, see common/i18n.ts), with FormatJS's own tooling.
//   node scripts/i18n.mjs extract   writes lang/en.json from the messages in the code
//   node scripts/i18n.mjs check     fails when lang/en.json is not what the code says, or when a language misses
//                                   a message, has one the code no longer has, or has other placeholders in one
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

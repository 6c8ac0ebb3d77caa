import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot as root } from './common/paths';

const projectRoot = root();
import { SETTING_NAMES } from './config';
import { PRICE_SETTING } from './payments/payment.settings';

/**
 * docs/configuration.md is where an operator learns the settings: every variable the server reads is there, and
 * nothing it names is made up or gone. Its tables name variables in their first column (`NAME`, or several
 * `A`, `B` on one row); the section "Test runner only" lists variables the tests and scripts read, not the server.
 */
const docs = readFileSync(path.join(projectRoot, 'docs/configuration.md'), 'utf8');
const [serverPart = '', testPart = ''] = docs.split(/^## Test runner only$/m);

function documentedNames(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_<>]*)`/g)].map((m) => m[1]!));
}

/** Every file of the test runner and scripts, whose variables the "Test runner only" section lists. */
function runnerSources(): string {
  const roots = ['tests', 'scripts', '.ci', 'package.json', 'jest.config.cjs', 'client/vite.config.mts'];
  const texts: string[] = [];
  const walk = (file: string) => {
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file)) if (entry !== 'node_modules') walk(path.join(file, entry));
    } else if (/\.(m?[jt]s|cjs|json|sh)$|(^|\/)run$/.test(file)) texts.push(readFileSync(file, 'utf8'));
  };
  for (const root of roots) walk(path.join(projectRoot, root));
  return texts.join('\n');
}

describe('docs/configuration.md', () => {
  const serverNames = documentedNames(serverPart);

  it('lists every variable the server reads', () => {
    expect(SETTING_NAMES.length).toBeGreaterThan(50);
    expect(SETTING_NAMES.filter((name) => !serverNames.includes(name))).toEqual([]);
  });

  it('names no server variable that the server does not read', () => {
    const unknown = serverNames.filter((name) => !SETTING_NAMES.includes(name) && name !== 'PRICE_<CODE>');
    expect(unknown).toEqual([]);
    // PRICE_<CODE> is the pattern pricesFrom reads.
    expect(PRICE_SETTING.test('PRICE_USD')).toBe(true);
  });

  it('lists test runner variables that the tests or scripts read', () => {
    const names = documentedNames(testPart);
    expect(names.length).toBeGreaterThan(5);
    const sources = runnerSources();
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(sources))).toEqual([]);
  });
});

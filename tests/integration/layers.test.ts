import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** dependency-cruiser over the sources with the project's rules (.dependency-cruiser.cjs), as JSON. */
function cruise(): { violations: Violation[]; modules: number } {
  const res = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'server/src',
      'client/src',
      'common',
      'sandbox/src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 120_000 },
  );
  if (!res.stdout) throw new Error(`dependency-cruiser did not run: ${res.stderr}`);
  const report = JSON.parse(res.stdout) as {
    summary: { violations: Violation[]; totalCruised: number };
  };
  return { violations: report.summary.violations, modules: report.summary.totalCruised };
}

describe('the layers (docs/architecture.md)', () => {
  it('hold: no import circle, nothing below imports the composition, the foundation imports no domain', () => {
    const { violations, modules } = cruise();
    // The whole source was read, not an empty folder.
    expect(modules).toBeGreaterThan(200);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const SOURCES = [
  'lang',
  'server',
  'sandbox',
  'common',
  'client',
  'schema',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** `npm start`'s build step, in a scratch copy of the project (the real dist/ serves the other tests meanwhile). */
function ensureBuild(dir: string, env: Record<string, string>) {
  const res = spawnSync('sh', ['scripts/ensure-build.sh'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(res.stderr).not.toMatch(/error/i);
  expect(res.status).toBe(0);
  return res.stdout;
}

/** Whether any built script carries React's development runtime. */
function hasDevelopmentReact(dir: string): boolean {
  const files = ['dist/client/assets', 'dist/ssr', 'dist/ssr/assets'].flatMap((sub) =>
    readdirSync(path.join(dir, sub))
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => path.join(dir, sub, f)),
  );
  expect(files.length).toBeGreaterThan(5);
  return files.some((f) => readFileSync(f, 'utf8').includes('jsxDEV'));
}

describe('npm start builds for production', () => {
  let dir: string;

  beforeAll(() => {
    // The project's own build, made (or found up to date) by the same script: `npm test` builds once before the
    // suites (tests/run.mjs), so here it is copied rather than made again, and the test pays for one build.
    const own = spawnSync('sh', ['scripts/ensure-build.sh'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    expect(own.status).toBe(0);
    dir = mkdtempSync(path.join(tmpdir(), 'm3u-build-'));
    for (const entry of SOURCES) cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
    rmSync(path.join(dir, 'client/src/__generated__'), { recursive: true, force: true });
    cpSync(path.join(root, 'client/src/__generated__'), path.join(dir, 'client/src/__generated__'), {
      recursive: true,
    });
    // Copied after the sources, so the build's markers are newer than every source, as after a build.
    for (const entry of ['dist', 'sandbox/dist'])
      cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds only what changed, and sends the browser React’s production build even with NODE_ENV=development', () => {
    // Up to date: no build, whatever NODE_ENV says.
    expect(ensureBuild(dir, { NODE_ENV: 'development' })).not.toContain('Building');
    expect(hasDevelopmentReact(dir)).toBe(false);
    // A server source changed: the server alone is built again, the client's files are left as they are.
    const site = statSync(path.join(dir, 'dist/client/site.html')).mtimeMs;
    const server = statSync(path.join(dir, 'dist/server/src/main.js')).mtimeMs;
    const source = path.join(dir, 'server/src/main.ts');
    writeFileSync(source, `${readFileSync(source, 'utf8')}\n`);
    expect(ensureBuild(dir, {})).toContain('Building the server (the client is up to date)...');
    expect(statSync(path.join(dir, 'dist/server/src/main.js')).mtimeMs).toBeGreaterThan(server);
    expect(statSync(path.join(dir, 'dist/client/site.html')).mtimeMs).toBe(site);
    expect(ensureBuild(dir, {})).not.toContain('Building');

    // A build made in development mode by hand (or by an earlier version of this script) is not kept.
    const vite = spawnSync('npx', ['vite', 'build', '--config', 'client/vite.config.mts'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    expect(vite.status).toBe(0);
    writeFileSync(path.join(dir, 'dist/.build-stamp'), '');
    expect(hasDevelopmentReact(dir)).toBe(true);
    // Rebuilt whole, for production, though NODE_ENV says development.
    expect(ensureBuild(dir, { NODE_ENV: 'development' })).toContain('Building server and client...');
    expect(hasDevelopmentReact(dir)).toBe(false);
  });
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { answerHash } from '../../server/src/captcha/captcha.service';
import { operatedDatabase } from '../support/database';
import {
  ensureServerBuilt,
  freePort,
  graphql,
  PROJECT_ROOT,
  registerTv,
  sleep,
  startBuiltServer,
  uniqueMac,
  type ServerProcess,
} from '../support/product';

/**
 * docker-compose.yml's topology without Docker: deploy/nginx.conf, as shipped, in front of two built servers on
 * one PostgreSQL database. The configuration is changed only where the containers' network differs (the two
 * upstream addresses, the listening address, log and temporary files); each change must find its line, so the
 * test follows the file. What it holds: one address for a person whichever instance answers (session, sign-in),
 * the per-address limits counted once across both on the address nginx saw rather than one a client claims, and
 * an instance stopped with SIGTERM under traffic costing no request.
 *
 * Needs nginx (`apt-get install -y nginx`); without it the suite is skipped, visibly, unless REQUIRE_NGINX=1
 * (CI), where a missing nginx fails it.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v']).status === 0,
);
const CONTACT_LIMIT = 4;
const UNAVAILABLE = 'The database is unavailable. Please try again in a moment.';
const SECRET = 'load-balancer-tests-session-secret-0123456789';
const CAPTCHA_ANSWER = 'KPRTW';

const describeWithNginx =
  process.env.DATABASE_URL && (NGINX || process.env.REQUIRE_NGINX === '1') ? describe : describe.skip;
const title = !process.env.DATABASE_URL
  ? 'deploy/nginx.conf in front of two instances (SKIPPED: set DATABASE_URL to a PostgreSQL server)'
  : NGINX || process.env.REQUIRE_NGINX === '1'
    ? 'deploy/nginx.conf in front of two instances on one PostgreSQL database'
    : 'deploy/nginx.conf in front of two instances (SKIPPED: nginx is not installed)';

/** deploy/nginx.conf with the containers' names and ports replaced by this machine's. */
function renderConfig(dir: string, listenPort: number, upstreamPorts: [number, number]): string {
  let config = readFileSync(path.join(PROJECT_ROOT, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!config.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}": update this test`);
    config = config.replace(from, to);
  };
  replace('server app1:3000', `server 127.0.0.1:${upstreamPorts[0]}`);
  replace('server app2:3000', `server 127.0.0.1:${upstreamPorts[1]}`);
  replace('listen 80;', `listen 127.0.0.1:${listenPort};`);
  replace('access_log /dev/stdout;', `access_log ${dir}/access.log;`);
  replace('error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`);
  // Outside a container nginx would write its pid and buffered bodies under /run and /var/lib.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)
    .join('\n');
  replace('http {', `http {\n${temp}`);
  return `pid ${dir}/nginx.pid;\n${config}`;
}

interface Balancer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function startNginx(port: number, upstreamPorts: [number, number]): Promise<Balancer> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx): REQUIRE_NGINX=1 needs it');
  const dir = mkdtempSync(path.join(tmpdir(), 'm3u-nginx-'));
  // Workers run as an unprivileged user when nginx starts as root: they must reach the temporary files.
  chmodSync(dir, 0o755);
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(`${dir}/${kind}`, { mode: 0o777 });
    chmodSync(`${dir}/${kind}`, 0o777);
  }
  writeFileSync(`${dir}/nginx.conf`, renderConfig(dir, port, upstreamPorts));
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`]);
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr.toString()}`);
  const child = spawn(NGINX, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (tries > 100) throw new Error(`nginx did not start:\n${readFileSync(`${dir}/error.log`, 'utf8')}`);
    await sleep(50);
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many requests for `route` an instance logged (pino-http's line per request, at LOG_LEVEL=info). */
function served(instance: ServerProcess, method: string, route: string): number {
  // One request log line per answered request (server/src/http/request-log.ts): its method and route pattern.
  return instance
    .output()
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('{"')) return false;
      try {
        const req = (JSON.parse(line) as { req?: { method?: string; route?: string } }).req;
        return req?.method === method && req.route === route;
      } catch {
        return false; // a line still being written
      }
    }).length;
}

describeWithNginx(title, () => {
  let database: Awaited<ReturnType<typeof operatedDatabase>>;
  /** The instances' own role, so the test can keep them out of the database while it stays in. */
  let appRole = '';
  let app1: ServerProcess;
  let app2: ServerProcess;
  let lb: Balancer;

  beforeAll(async () => {
    await ensureServerBuilt();
    // Empty, not the run's migrated template: the two replicas below migrate it.
    database = await operatedDatabase({ empty: true });
    appRole = `lb_app_${Date.now().toString(36)}`;
    const databaseName = new URL(database.url).pathname.slice(1);
    await database.operator.query(`CREATE ROLE "${appRole}" LOGIN`);
    await database.operator.query(`ALTER DATABASE "${databaseName}" OWNER TO "${appRole}"`);
    const appUrl = new URL(database.url);
    appUrl.username = appRole;
    const lbPort = await freePort();
    // As docker-compose.yml sets them (production; the address the browser sees; one proxy in front).
    const env = {
      NODE_ENV: 'production',
      // Production draws real captchas and refuses a fixed answer: the sign-in below sets its challenge's.
      CAPTCHA_TEST_ANSWER: undefined,
      DATABASE_URL: appUrl.toString(),
      SESSION_SECRET: SECRET,
      SERVED_OVER_HTTPS: 'false',
      TRUST_PROXY: '1',
      DB_POOL_SIZE: '10',
      LOG_LEVEL: 'info',
      CONTACT_MAX_PER_IP_PER_HOUR: String(CONTACT_LIMIT),
      PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    };
    // Started together on an empty database, like two replicas of a fresh deployment: both migrate.
    [app1, app2] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
    lb = await startNginx(lbPort, [app1.port, app2.port]);
  }, 120_000);

  afterAll(async () => {
    await lb?.stop();
    await Promise.all([app1?.kill(), app2?.kill()]);
    await database?.drop();
    if (appRole) {
      const admin = new Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP ROLE IF EXISTS "${appRole}"`);
      await admin.end();
    }
  });

  it('signs a person in through the load balancer and keeps them signed in on both instances', async () => {
    const tv = await registerTv(lb.url, uniqueMac());
    const me = await graphql(
      lb.url,
      '{ currentDevice { id macAddress } }',
      {},
      {
        authorization: `Bearer ${tv.deviceToken}`,
      },
    );
    const { macAddress } = me.json.data.currentDevice;

    const captcha = (await fetch(`${lb.url}/frontend/captcha/generate`).then((res) => res.json())) as {
      token: string;
    };
    // A real captcha was drawn; give it a known answer, as the person would read it off the picture.
    await database.operator.query(`UPDATE captcha_challenges SET answer_hash = $2 WHERE id = $1`, [
      captcha.token,
      answerHash(CAPTCHA_ANSWER),
    ]);
    const login = await fetch(`${lb.url}/frontend/device/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: lb.url },
      body: JSON.stringify({
        mac_address: macAddress,
        device_key: tv.deviceKey,
        captcha: CAPTCHA_ANSWER,
        token: captcha.token,
      }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/^sid=/);
    // The instances run in production, as the compose file runs them: no introspection.
    const introspection = await graphql(lb.url, '{ __schema { queryType { name } } }', {}, { origin: lb.url });
    expect(introspection.json.errors[0].message).toMatch(/introspection is not allowed/);

    const before = [served(app1, 'POST', '/graphql'), served(app2, 'POST', '/graphql')];
    const answers = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(await graphql(lb.url, '{ currentDevice { macAddress } }', {}, { cookie, origin: lb.url }));
    }
    expect(answers.map((a) => a.json?.data?.currentDevice?.macAddress)).toEqual(Array(8).fill(macAddress));
    // Both instances answered some of them: nothing here depends on which one did.
    expect(served(app1, 'POST', '/graphql')).toBeGreaterThan(before[0]!);
    expect(served(app2, 'POST', '/graphql')).toBeGreaterThan(before[1]!);
  });

  it('counts the contact limit once across both instances, on the address nginx saw, whatever a client claims', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT; i += 1) {
      const res = await fetch(`${lb.url}/frontend/sendUserQuestion`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: lb.url,
          // Each message claims another address: nginx overwrites the header with the one it saw.
          'x-forwarded-for': `203.0.113.${i + 1}`,
        },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: `Question ${i}`, message: 'Hello' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT).fill(200), 429]);
    expect(served(app1, 'POST', '/frontend/sendUserQuestion')).toBeGreaterThan(0);
    expect(served(app2, 'POST', '/frontend/sendUserQuestion')).toBeGreaterThan(0);
    const { rows } = await database.operator.query('SELECT count(*)::int AS n FROM contact_messages');
    expect(rows[0].n).toBe(CONTACT_LIMIT);
  });

  it("passes the database's absence on as the app's own 503, keeps both instances in rotation, and recovers at once", async () => {
    const tv = await registerTv(lb.url, uniqueMac());
    const bearer = { authorization: `Bearer ${tv.deviceToken}` };
    const device = () => graphql(lb.url, '{ currentDevice { id } }', {}, bearer);
    expect((await device()).status).toBe(200);

    // The database refuses the instances (and drops their connections); it stays up for everyone else.
    await database.operator.query(`ALTER ROLE "${appRole}" CONNECTION LIMIT 0`);
    await database.operator.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [
      appRole,
    ]);
    const during = [];
    for (let i = 0; i < 8; i += 1) {
      const answer = await device();
      const ready = await fetch(`${lb.url}/readyz`);
      const readiness = (await ready.json().catch(() => undefined)) as { database?: string } | undefined;
      const health = await fetch(`${lb.url}/healthz`);
      during.push({
        graph: answer.status,
        message: answer.json?.errors?.[0]?.message,
        ready: ready.status,
        database: readiness?.database,
        health: health.status,
      });
    }
    // Every answer is the app's (a status and message a client can act on), not nginx's 502 page: nginx does
    // not count the app's 503s as the instance failing, so what needs no database is still served.
    expect(during).toEqual(
      Array(8).fill({ graph: 503, message: UNAVAILABLE, ready: 503, database: 'unreachable', health: 200 }),
    );

    await database.operator.query(`ALTER ROLE "${appRole}" CONNECTION LIMIT -1`);
    const backAt = Date.now();
    let recovered = await device();
    while (recovered.status !== 200 && Date.now() - backAt < 5_000) {
      await sleep(100);
      recovered = await device();
    }
    expect(recovered.status).toBe(200);
    expect(recovered.json.data.currentDevice.id).toBeTruthy();
    // Both instances took requests again at once (nginx had left neither out for its fail_timeout of 10 s).
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await device()).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(Date.now() - backAt).toBeLessThan(5_000);
  });

  it('loses no request while one instance is stopped with SIGTERM under traffic', async () => {
    const outcomes: { kind: string; status: number; error?: string }[] = [];
    let running = true;
    const worker = async (n: number) => {
      while (running) {
        if (n % 2 === 0) {
          const res = await fetch(`${lb.url}/readyz`, { signal: AbortSignal.timeout(15_000) }).then(
            (r) => r.arrayBuffer().then(() => ({ kind: 'GET readyz', status: r.status })),
            (err: Error) => ({ kind: 'GET readyz', status: 0, error: err.message }),
          );
          outcomes.push(res);
        } else {
          // A write-like POST: nginx never sends a POST twice, so any refused or reset one would be lost.
          const res = await graphql(lb.url, 'mutation { ping }', {}, { origin: lb.url });
          const answered = res.json?.data?.ping === true;
          outcomes.push({
            kind: 'POST graphql',
            status: answered ? res.status : res.status || -1,
            error: answered ? undefined : (res.error ?? JSON.stringify(res.json)),
          });
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, n) => worker(n));
    await sleep(1_000);
    const stoppedAt = Date.now();
    const exit = await app1.stop();
    const exitMs = Date.now() - stoppedAt;
    // The traffic goes on for a while on app2 alone.
    const answeredBeforeExit = outcomes.length;
    await sleep(1_000);
    running = false;
    await Promise.all(workers);

    const posts = outcomes.filter((o) => o.kind === 'POST graphql').length;
    console.log(
      `SIGTERM behind nginx: ${outcomes.length} requests (${posts} POSTs), ` +
        `${outcomes.filter((o) => o.status !== 200 || o.error).length} failed; app1 exited ${exitMs} ms after the signal`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    // Within the drain's grace (8 s): busy connections close after their next answer, idle ones within nginx's 4 s.
    expect(exitMs).toBeLessThan(8_000);
    const failed = outcomes.filter((o) => o.status !== 200 || o.error);
    expect(failed).toEqual([]);
    expect(outcomes.length - answeredBeforeExit).toBeGreaterThan(50);
    expect(posts).toBeGreaterThan(100);
  });
});

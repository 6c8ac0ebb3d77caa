import { count, startTestServer, type TestServer } from '../support/server';
import { startSmtpServer } from '../support/smtp';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    CONTACT_TO: 'team@m3uplayer.example',
    SMTP_FROM: 'Website <no-reply@m3uplayer.example>',
    CONTACT_MAX_PER_IP_PER_HOUR: '1000',
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const SEND = `mutation Send($input: ContactMessageInput!) { sendContactMessage(input: $input) { success message } }`;
const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Playlist help', message: 'My playlist freezes.' };

async function waitFor(check: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

async function rows() {
  return server.db.dataSource.query(
    `SELECT name, email, subject, message, forwarded_at, forward_attempts, last_error FROM contact_messages ORDER BY created_at`,
  );
}

describe('contact messages', () => {
  it('stores a message sent through the graph and forwards it by e-mail as plain text', async () => {
    const before = smtp.received.length;
    const res = await server.client().gql(SEND, { input: { ...valid, subject: 'Hello\r\nBcc: victim@example.com' } });
    expect(res.json.data.sendContactMessage).toEqual({
      success: true,
      message: 'Thanks for contacting us, we have received your message.',
    });
    await waitFor(() => smtp.received.length > before);
    const mail = smtp.received[smtp.received.length - 1]!;
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
    expect(mail.to).toEqual(['team@m3uplayer.example']);
    expect(headers).toMatch(/^Reply-To: Ada <ada@example.com>$/m);
    // A line break in the subject cannot add a header (no Bcc injection).
    expect(headers).toMatch(/^Subject: \[M3U Player contact\] Hello Bcc: victim@example.com$/m);
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(mail.raw).toContain('My playlist freezes.');
    expect(mail.raw).not.toMatch(/text\/html/i);
    await waitFor(async () => (await rows()).every((r: { forwarded_at: Date | null }) => r.forwarded_at !== null));
  });

  it('accepts the legacy GET with query parameters and a POST with a JSON body', async () => {
    const client = server.client();
    const query = new URLSearchParams({ ...valid, name: 'Query sender' }).toString();
    const get = await client.request('GET', `/frontend/sendUserQuestion?${query}`);
    expect(get.status).toBe(200);
    expect(get.json).toEqual({
      status: 'success',
      message: 'Thanks for contacting us, we have received your message.',
    });
    const post = await client.request('POST', '/frontend/sendUserQuestion', {
      body: { ...valid, name: 'Body sender' },
    });
    expect(post.status).toBe(200);
    const names = (await rows()).map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Query sender', 'Body sender']));
  });

  it('keeps a message whose forward fails and retries it until it goes through', async () => {
    smtp.state.failing = true;
    const res = await server
      .client()
      .request('POST', '/frontend/sendUserQuestion', { body: { ...valid, name: 'Retry me' } });
    expect(res.status).toBe(200);
    const pending = async () =>
      (await rows()).find((r: { name: string }) => r.name === 'Retry me') as {
        forwarded_at: Date | null;
        forward_attempts: number;
        last_error: string | null;
      };
    await waitFor(async () => (await pending()).last_error !== null);
    expect((await pending()).forwarded_at).toBeNull();
    expect((await pending()).last_error).toMatch(/temporarily unavailable/);

    smtp.state.failing = false;
    // The retry is due in a minute; bring it forward instead of waiting.
    await server.db.dataSource.query(`UPDATE contact_messages SET next_attempt_at = now() WHERE forwarded_at IS NULL`);
    await server.services.contactForwarder!.run();
    const after = await pending();
    expect(after.forwarded_at).not.toBeNull();
    expect(after.forward_attempts).toBe(2);
    expect(smtp.received.some((m) => m.raw.includes('From: Retry me <ada@example.com>'))).toBe(true);
  });

  it.each([
    [
      'every field empty',
      { name: '', email: '', subject: '', message: '' },
      ['* Name is required *', '* Email is required *', '* Subject is required *', '* Message is required *'],
    ],
    ['a bad e-mail', { ...valid, email: 'ada@example' }, ['* Invalid Email Address *']],
    ['blank fields', { ...valid, name: '   ', message: '\n' }, ['* Name is required *', '* Message is required *']],
    [
      'a 25,000-character message',
      { ...valid, message: 'x'.repeat(25_000) },
      ['* Message must be at most 20,000 characters *'],
    ],
  ])('refuses %s with the form messages and stores nothing (graph)', async (_name, input, expected) => {
    const before = await count(server, 'contact_messages');
    const res = await server.client().gql(SEND, { input });
    const error = res.json.errors[0];
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    for (const message of expected) expect(Object.values(error.extensions.fieldErrors)).toContain(message);
    expect(await count(server, 'contact_messages')).toBe(before);
  });

  it('refuses a 1 MB request to the graph with 413 and a clear message', async () => {
    const before = await count(server, 'contact_messages');
    const res = await server.client().gql(SEND, { input: { ...valid, message: 'x'.repeat(1_000_000) } });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      errors: [{ message: 'The request body is too large.', extensions: { code: 'BAD_REQUEST' } }],
    });
    expect(await count(server, 'contact_messages')).toBe(before);
  });

  it('answers hostile REST input with a clear 4xx, never a 500, and stores nothing', async () => {
    const before = await count(server, 'contact_messages');
    const client = server.client();
    const cases = [
      await client.request('POST', '/frontend/sendUserQuestion', {
        rawBody: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      await client.request('POST', '/frontend/sendUserQuestion', {
        body: { ...valid, message: 'x'.repeat(1_000_000) },
      }),
      await client.request('POST', '/frontend/sendUserQuestion', { body: { ...valid, name: ['a', 'b'] } }),
      await client.request(
        'GET',
        `/frontend/sendUserQuestion?name=a&name=b&email=${encodeURIComponent(valid.email)}&subject=s&message=m`,
      ),
      await client.request('POST', '/frontend/sendUserQuestion', {
        body: { ...valid, email: 'x'.repeat(300) + '@example.com' },
      }),
    ];
    for (const res of cases) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.message).toEqual(expect.any(String));
    }
    expect(await count(server, 'contact_messages')).toBe(before);
  });

  it('refuses a NUL character, which PostgreSQL cannot store, with a 400 on every transport (found by fuzzing)', async () => {
    const before = await count(server, 'contact_messages');
    const client = server.client();
    const nul = { ...valid, name: 'a\u0000b', subject: 'Hello\u0000' };
    const get = await client.request('GET', `/frontend/sendUserQuestion?${new URLSearchParams(nul).toString()}`);
    const post = await client.request('POST', '/frontend/sendUserQuestion', { body: { ...valid, message: '\u0000' } });
    for (const res of [get, post]) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: 'error', message: expect.any(String) });
    }
    const graph = await client.gql(SEND, { input: nul });
    expect(graph.json.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        name: '* Name must not contain NUL characters *',
        subject: '* Subject must not contain NUL characters *',
      },
    });
    expect(await count(server, 'contact_messages')).toBe(before);
  });

  it('stores scripts and unicode exactly as typed, as text', async () => {
    const hostile = {
      ...valid,
      name: '<script>alert(1)</script> Zoë 🚀',
      message: '"><img src=x onerror=alert(1)> ٱلسلام',
    };
    const res = await server.client().request('POST', '/frontend/sendUserQuestion', { body: hostile });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>');
    const stored = (await rows()).find((r: { name: string }) => r.name === hostile.name);
    expect(stored.message).toBe(hostile.message);
  });
});

describe('contact flood limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ CONTACT_MAX_PER_IP_PER_HOUR: '3' });
  });
  afterAll(() => limited.stop());

  it('stops a flood from one address with a clear message, and stores only what was allowed', async () => {
    const statuses: number[] = [];
    let last: { json: { message: string } } | undefined;
    for (let i = 0; i < 5; i += 1) {
      const res = await limited
        .client()
        .request('POST', '/frontend/sendUserQuestion', { body: { ...valid, name: `Flood ${i}` } });
      statuses.push(res.status);
      last = res;
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last?.json.message).toBe(
      'You have sent several messages in a short time. Please wait a while before sending another.',
    );
    expect(await count(limited, 'contact_messages')).toBe(3);
  });

  it('stores messages without SMTP configured (nothing to forward them with yet)', async () => {
    expect(limited.services.contactForwarder).toBeUndefined();
    const [row] = await limited.db.dataSource.query(`SELECT forwarded_at FROM contact_messages LIMIT 1`);
    expect(row.forwarded_at).toBeNull();
  });
});

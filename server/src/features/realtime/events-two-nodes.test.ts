import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CLIENT_HEADER, EVENTS_PATH, type ChatMessage } from '@rendezvous/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { grant } from '../../ledger/credit-ledger.js';
import { createRedisEventBus } from '../../realtime/redis-event-bus.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { browserHeaders, insertMember, insertSite, SESSION_COOKIE, testSiteConfig } from '../../test/fixtures.js';
import { openEventStream, waitFor } from '../../test/sse-client.js';

const postgresUrl = inject('postgresUrl');
const redisUrl = inject('redisUrl');
const serveNode = fileURLToPath(new URL('../../test/serve-node.ts', import.meta.url));

/** Starts one node process and resolves with its base URL once it listens. */
function startNode(env: Record<string, string>): Promise<{ process: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serveNode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a server node exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      resolve({ process: child, base: (JSON.parse(line) as { address: string }).address });
    });
  });
}

async function stopNode(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function logIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/login.php`, {
    method: 'POST',
    headers: { ...browserHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!.split('='))
    .find(([name]) => name === SESSION_COOKIE)?.[1];
  if (!session) throw new Error('login set no session cookie');
  return session;
}

// Both are needed; global setup has already said which one was missing (and failed under CI).
describe.skipIf(!postgresUrl || !redisUrl)('live events across two server processes', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const keyPrefix = `rv-test-${randomBytes(4).toString('hex')}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-two-nodes-'));
  let admin: DatabaseHandle;
  let database: DatabaseHandle;
  let nodes: { process: ChildProcess; base: string }[] = [];
  // This process asks the bus, as a third node would, whether a member is connected.
  let bus: EventBus;
  const a = { id: 0, session: '' };
  const b = { id: 0, session: '' };

  beforeAll(async () => {
    admin = openDatabase({ dialect: 'postgres', url: postgresUrl! });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    database = openDatabase({ dialect: 'postgres', url: postgresUrl! }, { schema });
    await migrateToLatest(database.db);
    const siteId = await insertSite(database.db, testSiteConfig('localhost'), true);
    a.id = await insertMember(database.db, siteId, { email: 'a@example.test', name: 'Anna' });
    b.id = await insertMember(database.db, siteId, { email: 'b@example.test', name: 'Bert' });
    await grant(database.db, a.id, 10, 'purchase');

    const env = {
      NODE_DATABASE_URL: postgresUrl!,
      NODE_SCHEMA: schema,
      NODE_REDIS_URL: redisUrl!,
      NODE_KEY_PREFIX: keyPrefix,
      NODE_DATA_DIR: dataDir,
    };
    nodes = await Promise.all([startNode(env), startNode(env)]);
    bus = createRedisEventBus({ url: redisUrl!, keyPrefix });
    a.session = await logIn(nodes[0]!.base, 'a@example.test');
    b.session = await logIn(nodes[1]!.base, 'b@example.test');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => stopNode(node.process)));
    await bus?.close();
    await database?.destroy();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers a message sent on node 1 to the member's stream on node 2", async () => {
    const [node1, node2] = nodes;
    const stream = await openEventStream(
      `${node2!.base}${EVENTS_PATH}`,
      browserHeaders({ [SESSION_COOKIE]: b.session }),
    );
    try {
      expect(stream.status).toBe(200);
      // Presence crosses nodes too: web push asks it before waking a phone.
      await waitFor(() => bus.isConnected(b.id));
      expect(await bus.isConnected(a.id)).toBe(false);

      const headers = { ...browserHeaders({ [SESSION_COOKIE]: a.session }), [CLIENT_HEADER]: 'test' };
      const started = await fetch(`${node1!.base}/api/chat.php?profile=${b.id}`, { headers });
      expect(started.status).toBe(200);
      const { id: conversation } = (await started.json()) as { id: number };
      const sent = await fetch(`${node1!.base}/api/messages.php`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ conversation, body: 'Hello from node 1' }),
      });
      expect(sent.status).toBe(200);
      const { message } = (await sent.json()) as { message: ChatMessage };

      const received = await stream.next((event) => event.event === 'message');
      expect(JSON.parse(received.data)).toEqual({ type: 'message', message });
      expect(message).toMatchObject({ conversation, from: a.id, body: 'Hello from node 1' });
    } finally {
      stream.close();
    }
    await waitFor(async () => !(await bus.isConnected(b.id)));
  });
});

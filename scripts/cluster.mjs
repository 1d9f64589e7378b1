#!/usr/bin/env node
/**
 * `npm run cluster`: the production topology of compose.yaml as processes on this machine, for
 * trying it out and for the cluster benchmarks and tests: two (or more) app nodes behind HAProxy
 * from Debian's packages, on the local PostgreSQL and Redis, with photos in a local S3-compatible
 * server (s3rver). No node keeps anything the others need, and the balancer is not sticky: any
 * request, an event stream's reconnection included, may land on any node.
 *
 *   npm run cluster                      2 nodes, the balancer on http://localhost:8080
 *   npm run cluster -- --nodes 3 --port 9000 --no-build
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/rendezvous_cluster, made
 * if missing), REDIS_URL (default redis://127.0.0.1:6379). HAProxy: `apt-get install haproxy`.
 * Ctrl-C stops everything; the database and the photos (data/cluster/) are kept for next time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const S3_BUCKET = 'media';
// s3rver's fixed account.
const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
/**
 * Health checks every second, each given five: a node that is only busy is not taken out, and a
 * dead one refuses the connection, which the balancer retries elsewhere while the checks catch up.
 */
const CHECK_INTERVAL_MS = 1_000;
const CHECK_TIMEOUT_MS = 5_000;

/** Where HAProxy is, or undefined: the cluster cannot start without it. */
export function findHaproxy() {
  for (const candidate of [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** Whether something listens on host:port. */
export function reachable(port, host = HOST) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

export function buildUnlessAsked(noBuild) {
  if (noBuild && fs.existsSync(path.join(root, 'server/dist/main.js'))) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
}

/** Connections HAProxy may hold: two descriptors each (client and node side) within this shell's limit. */
function balancerMaxConnections() {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  return Math.max(256, Math.min(20_000, Math.floor(((Number.isFinite(limit) ? limit : 1024) - 100) / 2)));
}

/** The HAProxy configuration: round robin, no stickiness, long-lived event streams allowed. */
function haproxyConfig({ port, nodePorts }) {
  return `global
  maxconn ${balancerMaxConnections()}

defaults
  mode http
  timeout connect 2s
  timeout client 75s
  timeout server 75s
  # Event streams stay open; the app's heartbeat (every 25 s) keeps them inside the timeouts.
  timeout tunnel 1h
  timeout check ${CHECK_TIMEOUT_MS}ms
  # A node that refuses the connection (killed, restarting) is retried on another one; a request
  # it had already taken is not, since it may have been carried out: the client retries it.
  retries 2
  option redispatch 1
  option http-server-close

frontend rendezvous
  bind ${HOST}:${port}
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter ${CHECK_INTERVAL_MS} fall 3 rise 2
${nodePorts.map((nodePort, index) => `  server node${index + 1} ${HOST}:${nodePort} check`).join('\n')}
  # Should every check fail at once (all nodes busy rather than dead), the same nodes unchecked:
  # a slow answer beats none, and a node that is really gone refuses and is passed over.
${nodePorts.map((nodePort, index) => `  server spare${index + 1} ${HOST}:${nodePort} backup`).join('\n')}
`;
}

async function waitForHealth(url, child, deadline = Date.now() + 90_000) {
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode} before it was healthy`);
    const ok = await new Promise((resolve) => {
      const request = http.get(`${url}/healthz`, { agent: false, timeout: 2000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.once('error', () => resolve(false));
      request.once('timeout', () => (request.destroy(), resolve(false)));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy in time`);
}

/** Makes the database named in `url` when it is missing (a fresh machine's first run). */
async function ensureDatabase(url) {
  const pg = (await import('pg')).default;
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  admin.search = '';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * A `prepare` for startCluster that migrates and makes the sites with `profiles` demo profiles, as
 * `npm run seed` does, before the nodes start on it. Not spawnSync: the seeder writes its avatars
 * to the S3 server running in this process.
 */
export function seedBeforeStart(profiles, dataDir) {
  return async (env) => {
    const seeder = spawn('node', ['server/dist/seed-cli.js', '--profiles', String(profiles), '--site', 'localhost'], {
      cwd: root,
      env: { ...env, DATA_DIR: path.join(dataDir, 'seed') },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const [status] = await once(seeder, 'exit');
    if (status !== 0) throw new Error('seeding the sites failed');
  };
}

/**
 * Starts the cluster and resolves once the balancer answers through every node.
 *
 * options: nodes (2), port (the balancer's; nodes take the ports after it), databaseUrl,
 * redisUrl, redisKeyPrefix, dataDir (photos and per-node files), env (more variables for every
 * node), prepare (an async function given the nodes' environment before any node starts, to
 * seed the database: a node answers its health check only once a site exists), log (a line
 * printer; quiet by default), nodeOutput (the nodes' stdout, their logs: 'ignore' or 'inherit';
 * their stderr always shows).
 */
export async function startCluster(options) {
  const {
    nodes: nodeCount = 2,
    port,
    databaseUrl,
    redisUrl = 'redis://127.0.0.1:6379',
    redisKeyPrefix = 'rv:',
    dataDir,
    env: extraEnv = {},
    log = () => undefined,
    nodeOutput = 'ignore',
    prepare = async () => undefined,
  } = options;
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('HAProxy is not installed (apt-get install haproxy)');
  fs.mkdirSync(dataDir, { recursive: true });
  const stopping = [];
  const stop = async () => {
    for (const task of stopping.reverse()) await task().catch(() => undefined);
  };
  try {
    const S3rver = (await import('s3rver')).default;
    const s3Dir = path.join(dataDir, 's3');
    fs.mkdirSync(s3Dir, { recursive: true });
    const s3 = new S3rver({
      address: HOST,
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: S3_BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    stopping.push(() => s3.close());
    log(`S3-compatible store (s3rver) on http://${HOST}:${s3Port}, bucket "${S3_BUCKET}"`);

    const nodePorts = Array.from({ length: nodeCount }, (_, index) => port + 1 + index);
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'cluster-only-secret-that-is-long-enough-0123456789',
      COOKIE_SECURE: 'false',
      PUBLIC_SCHEME: 'http',
      PUBLIC_PORT: String(port),
      LOG_LEVEL: 'warn',
      HOST,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      MEDIA_S3_BUCKET: S3_BUCKET,
      MEDIA_S3_ENDPOINT: `http://${HOST}:${s3Port}`,
      MEDIA_S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      // The balancer is on this machine: its X-Forwarded-For names the client.
      TRUSTED_PROXIES: HOST,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...extraEnv,
    };

    await prepare(env);

    const nodes = nodePorts.map((nodePort, index) => {
      const node = {
        name: `node${index + 1}`,
        port: nodePort,
        url: `http://${HOST}:${nodePort}`,
        process: undefined,
        /** Starts (or starts again) this node's process and resolves once it is healthy. */
        async start() {
          const nodeDir = path.join(dataDir, node.name);
          const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
            cwd: root,
            env: { ...env, PORT: String(nodePort), DATA_DIR: nodeDir },
            // Errors always show; the start banner and request logs only when asked for.
            stdio: ['ignore', nodeOutput, 'inherit'],
          });
          node.process = child;
          await waitForHealth(node.url, child);
          return node;
        },
        /** The node dies at once, as on a crash or an OOM kill: no shutdown, no goodbye. */
        async kill(signal = 'SIGKILL') {
          const child = node.process;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill(signal);
          await exited;
        },
        /** Resident and peak memory of the node's process, in MB. */
        memoryMb() {
          const status = fs.readFileSync(`/proc/${node.process.pid}/status`, 'utf8');
          const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
          return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
        },
      };
      return node;
    });
    stopping.push(async () => {
      await Promise.all(nodes.map((node) => node.kill('SIGTERM')));
    });
    // The first node migrates and seeds alone; the others then start on a ready database.
    await nodes[0].start();
    await Promise.all(nodes.slice(1).map((node) => node.start()));
    for (const node of nodes) log(`${node.name} on ${node.url} (pid ${node.process.pid})`);

    const configFile = path.join(dataDir, 'haproxy.cfg');
    fs.writeFileSync(configFile, haproxyConfig({ port, nodePorts }));
    const balancer = spawn(haproxy, ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    stopping.push(async () => {
      if (balancer.exitCode !== null) return;
      const exited = new Promise((resolve) => balancer.once('exit', resolve));
      balancer.kill('SIGTERM');
      await exited;
    });
    const url = `http://${HOST}:${port}`;
    await waitForHealth(url, balancer);
    log(`HAProxy on ${url}, round robin over ${nodes.length} nodes`);
    return { url, port, nodes, balancer, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A PostgreSQL schema of its own in `url`'s database, as a connection string that uses it, and its removal. */
export async function createScratchSchema(url) {
  const pg = (await import('pg')).default;
  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: scoped.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      await dropper.end();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const nodes = Number(values.nodes);
  const port = Number(values.port);
  if (!Number.isInteger(nodes) || nodes < 1 || !Number.isInteger(port)) {
    console.error('Usage: npm run cluster -- [--nodes 2] [--port 8080] [--no-build]');
    process.exit(2);
  }
  if (!findHaproxy()) {
    console.error('HAProxy is missing: install it with `sudo apt-get install haproxy`.');
    process.exit(1);
  }
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rendezvous_cluster';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  buildUnlessAsked(values['no-build']);
  await ensureDatabase(databaseUrl);
  const cluster = await startCluster({
    nodes,
    port,
    databaseUrl,
    redisUrl,
    dataDir: path.join(root, 'data', 'cluster'),
    // Demo sites, profiles and logins on a first start, as `npm start` has (their password is public).
    env: { SEED_DEMO: 'true', LOG_LEVEL: 'info' },
    nodeOutput: 'inherit',
    log: (line) => console.log(line),
  });
  console.log(`\nRendezvous cluster: ${cluster.url} (Ctrl-C stops it)`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the cluster...');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

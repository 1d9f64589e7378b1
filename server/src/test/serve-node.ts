/**
 * One server node as its own process, for the test of live events across nodes: the real app
 * (no web build) on a PostgreSQL schema and a Redis the other nodes share, on a free port.
 * Prints `{"address": …}` once listening; SIGTERM closes it as main.ts would.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createRedisEventBus } from '../realtime/redis-event-bus.js';

const { NODE_DATABASE_URL, NODE_SCHEMA, NODE_REDIS_URL, NODE_KEY_PREFIX, NODE_DATA_DIR } = process.env;
if (!NODE_DATABASE_URL || !NODE_SCHEMA || !NODE_REDIS_URL || !NODE_KEY_PREFIX || !NODE_DATA_DIR) {
  throw new Error('serve-node needs NODE_DATABASE_URL, NODE_SCHEMA, NODE_REDIS_URL, NODE_KEY_PREFIX, NODE_DATA_DIR');
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: NODE_DATA_DIR });
const database = openDatabase({ dialect: 'postgres', url: NODE_DATABASE_URL }, { schema: NODE_SCHEMA });
const events = createRedisEventBus({ url: NODE_REDIS_URL, keyPrefix: NODE_KEY_PREFIX });
const app = await buildApp(config, { database, web: false, events });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ address })}\n`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.destroy())
    .then(() => process.exit(0));
});

import { Redis } from 'ioredis';

/** Wrong passwords one address may try on one account before it has to wait. */
export const LOGIN_FREE_FAILURES = 5;
/** The first wait; each further wrong password from the same address doubles it. */
export const LOGIN_BACKOFF_BASE_MS = 30_000;
export const LOGIN_BACKOFF_MAX_MS = 60 * 60_000;
/** After a day without a wrong password an address starts afresh on the account. */
export const LOGIN_FAILURES_FORGOTTEN_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

interface Failures {
  count: number;
  lastAt: number;
}

/**
 * Wrong passwords counted per account and client address together, so guessing from one address
 * slows only that address: the owner, from any other address, still gets in. Accounts are keyed
 * by the address typed, known or not, so the waits tell nothing about who has an account.
 */
export interface LoginThrottle {
  /** How long this address must wait before trying this account again; 0: it may try now. */
  waitMs(email: string, address: string): Promise<number>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
  /** A password reset proves the owner; nobody need wait for the guesses made before it. */
  clearAccount(email: string): Promise<void>;
  close(): Promise<void>;
}

const keyOf = (email: string) => email.trim().toLowerCase();

function backoffMs(failures: Failures | undefined): number {
  if (!failures || failures.count < LOGIN_FREE_FAILURES) return 0;
  const backoff = Math.min(LOGIN_BACKOFF_BASE_MS * 2 ** (failures.count - LOGIN_FREE_FAILURES), LOGIN_BACKOFF_MAX_MS);
  return Math.max(0, failures.lastAt + backoff - Date.now());
}

/** The throttle with its counts on Redis when REDIS_URL is set, so guesses spread over the nodes add up. */
export function createLoginThrottle(options: {
  redis?: { url: string; keyPrefix: string };
  log: { warn(object: object, message: string): void };
}): LoginThrottle {
  return options.redis ? createRedisLoginThrottle({ ...options.redis, log: options.log }) : createMemoryLoginThrottle();
}

/** One node's counts, in process. */
function createMemoryLoginThrottle(): LoginThrottle {
  const byAccount = new Map<string, Map<string, Failures>>();
  const sweep = setInterval(() => {
    const forgotten = Date.now() - LOGIN_FAILURES_FORGOTTEN_MS;
    for (const [account, byAddress] of byAccount) {
      for (const [address, failures] of byAddress) if (failures.lastAt < forgotten) byAddress.delete(address);
      if (byAddress.size === 0) byAccount.delete(account);
    }
  }, SWEEP_EVERY_MS);
  sweep.unref();

  function current(email: string, address: string): Failures | undefined {
    const failures = byAccount.get(keyOf(email))?.get(address);
    return failures && Date.now() - failures.lastAt < LOGIN_FAILURES_FORGOTTEN_MS ? failures : undefined;
  }

  return {
    async waitMs(email, address) {
      return backoffMs(current(email, address));
    },
    async failed(email, address) {
      const account = keyOf(email);
      const byAddress = byAccount.get(account) ?? new Map<string, Failures>();
      byAccount.set(account, byAddress);
      byAddress.set(address, { count: (current(email, address)?.count ?? 0) + 1, lastAt: Date.now() });
    },
    async succeeded(email, address) {
      byAccount.get(keyOf(email))?.delete(address);
    },
    async clearAccount(email) {
      byAccount.delete(keyOf(email));
    },
    close: async () => clearInterval(sweep),
  };
}

/**
 * Adds one wrong password for an address (ARGV[1]) on an account's hash (KEYS[1]) at ARGV[2], a
 * count older than ARGV[3] ms starting afresh, in one step so two nodes never lose a count.
 */
const COUNT_FAILURE = `
local previous = redis.call('HGET', KEYS[1], ARGV[1])
local count = 0
if previous then
  local n, at = string.match(previous, '(%d+):(%d+)')
  if tonumber(ARGV[2]) - tonumber(at) < tonumber(ARGV[3]) then count = tonumber(n) end
end
count = count + 1
redis.call('HSET', KEYS[1], ARGV[1], count .. ':' .. ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return count`;

/** Every node's counts in one Redis hash per account (field: address, value: `count:lastAt`), gone a day after its last guess. */
function createRedisLoginThrottle(options: {
  url: string;
  keyPrefix: string;
  log: { warn(object: object, message: string): void };
}): LoginThrottle {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => options.log.warn({ err: error }, 'Redis login-throttle connection error'));
  const keyFor = (email: string) => `${options.keyPrefix}login:${keyOf(email)}`;
  /** Like the other limits, a Redis that is away lets logins through (the log says so) rather than refusing them. */
  const orSkip = async <T>(command: Promise<T>, fallback: T): Promise<T> => {
    try {
      return await command;
    } catch (error) {
      options.log.warn({ err: error }, 'login throttle skipped: Redis unreachable');
      return fallback;
    }
  };
  return {
    async waitMs(email, address) {
      const value = await orSkip(redis.hget(keyFor(email), address), null);
      const match = value ? /^(\d+):(\d+)$/.exec(value) : null;
      if (!match) return 0;
      const failures = { count: Number(match[1]), lastAt: Number(match[2]) };
      return Date.now() - failures.lastAt < LOGIN_FAILURES_FORGOTTEN_MS ? backoffMs(failures) : 0;
    },
    async failed(email, address) {
      const now = Date.now();
      await orSkip(redis.eval(COUNT_FAILURE, 1, keyFor(email), address, now, LOGIN_FAILURES_FORGOTTEN_MS), 0);
    },
    async succeeded(email, address) {
      await orSkip(redis.hdel(keyFor(email), address), 0);
    },
    async clearAccount(email) {
      await orSkip(redis.del(keyFor(email)), 0);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

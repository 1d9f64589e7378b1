import { hash } from '@node-rs/argon2';
import { ALL_TEMPLATE_FEATURES, CSRF_COOKIE, CSRF_HEADER, type SiteConfig } from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Insertable } from 'kysely';
import type { NewMember, OrdersTable } from '../db/schema.js';
import { createSessionsRepository, SESSION_COOKIE } from '../platform/sessions/sessions.repository.js';

export { SESSION_COOKIE };
import { createTestDatabase, type TestDatabase } from './test-database.js';
import type { DialectName } from '../db/dialect.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.js';

export function testSiteConfig(domain: string, overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    name: `Site ${domain}`,
    domain,
    niche: 1,
    domain_language: 'en',
    signups: 'all',
    logged_out_search: false,
    logged_out_search_trafficsource: false,
    fictional_icon: true,
    fictional_plural: 'hosts',
    countries: ['NL', 'BE'],
    minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' }, BE: { costs: 1.5, currency: 'EUR' } },
    message_credits: 10,
    welcome_credits: 20,
    support_email: `support@${domain}.test`,
    email: `hello@${domain}.test`,
    visible_profile_fields: ['city'],
    visible_profile_notes: [],
    search_fields: ['gender', 'min_age', 'max_age', 'country', 'countryregion'],
    member_resell: [],
    cdn_prefix: '',
    signup: { showDots: true, showCity: true },
    allowed_values: {},
    company_name: 'Test B.V.',
    company_address: 'Teststraat 1',
    company_kvk: '12345678',
    company_city: 'Amsterdam',
    company_country: 'NL',
    company_tradenames: [{ id: 1, name: 'Test' }],
    company_vat_numbers: ['NL000000000B01'],
    support_phone: '+31 20 000 0000',
    delete_discount: 50,
    credit_packages: [
      {
        id: 'starter',
        credits: 50,
        bonus_credits: 0,
        prices: {
          NL: { amount: 995, currency: 'EUR' },
          BE: { amount: 995, currency: 'EUR' },
          DE: { amount: 1095, currency: 'EUR' },
          GB: { amount: 895, currency: 'GBP' },
        },
      },
      {
        id: 'regular',
        credits: 150,
        bonus_credits: 15,
        prices: { NL: { amount: 2495, currency: 'EUR' }, BE: { amount: 2495, currency: 'EUR' } },
      },
    ],
    payment_routing: [
      { provider: 'dev', methods: ['card', 'ideal'], countries: ['*'], purchases: ['credits', 'premium'] },
    ],
    premium: {
      benefits: { no_ads: true, message_discount_percent: 20, monthly_bonus_credits: 50 },
      plans: [
        {
          id: 'month',
          months: 1,
          prices: { NL: { amount: 1995, currency: 'EUR' } },
          renewal_prices: { NL: { amount: 1995, currency: 'EUR' } },
        },
        {
          id: 'quarter',
          months: 3,
          prices: { NL: { amount: 4995, currency: 'EUR' } },
          renewal_prices: { NL: { amount: 1695, currency: 'EUR' } },
        },
      ],
    },
    template: {
      name: 'classic',
      features: ALL_TEMPLATE_FEATURES,
    },
    search_paging: 'infinite',
    ...overrides,
  };
}

export async function insertSite(db: Db, config: SiteConfig, isDefault = false): Promise<number> {
  const row = await db
    .insertInto('sites')
    .values({
      domain: config.domain,
      is_default: isDefault ? 1 : 0,
      config: JSON.stringify(config),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const TEST_PASSWORD = 'correct horse battery staple';

export async function insertMember(db: Db, siteId: number, overrides: Partial<NewMember> = {}): Promise<number> {
  const email = overrides.email ?? `member-${Math.random().toString(36).slice(2)}@example.test`;
  const now = Date.now();
  const row = await db
    .insertInto('members')
    .values({
      site_id: siteId,
      email,
      email_normalized: email.toLowerCase(),
      name: 'Member',
      password_hash: await hash(TEST_PASSWORD),
      status: 'active',
      language: 'en',
      signup_at: now,
      last_active_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An order as its checkout and provider left it, without going through them: by default the starter
 * package (50 credits, €9.95 with Dutch VAT) paid now by card through the dev provider.
 */
export async function insertOrder(
  db: Db,
  siteId: number,
  memberId: number,
  overrides: Partial<Insertable<OrdersTable>> = {},
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('orders')
    .values({
      member_id: memberId,
      site_id: siteId,
      purchase: 'credits',
      package_id: 'starter',
      package_credits: 50,
      bonus_credits: 0,
      method: 'card',
      provider: 'dev',
      provider_reference: null,
      country: 'NL',
      currency: 'EUR',
      net: 822,
      vat: 173,
      gross: 995,
      vat_rate_bp: 2100,
      state: 'paid',
      return_to: null,
      mandate: null,
      created_at: now,
      updated_at: now,
      paid_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given dialect, with two sites (default and boxy). */
export async function createTestApp(
  dialect: DialectName,
  options: {
    env?: NodeJS.ProcessEnv;
    web?: AppDependencies['web'];
    logStream?: AppDependencies['logStream'];
    events?: AppDependencies['events'];
    redisKeyPrefix?: AppDependencies['redisKeyPrefix'];
    push?: AppDependencies['push'];
  } = {},
): Promise<TestApp & { siteId: number; boxySiteId: number }> {
  const database = await createTestDatabase(dialect);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: database.dataDir, ...options.env });
  const siteId = await insertSite(database.db, testSiteConfig('localhost'), true);
  const boxySiteId = await insertSite(
    database.db,
    testSiteConfig('boxy.localhost', {
      name: 'Boxy',
      template: { ...testSiteConfig('x').template, name: 'boxy' },
    }),
  );
  const app = await buildApp(config, {
    database,
    web: options.web ?? false,
    logStream: options.logStream,
    events: options.events,
    redisKeyPrefix: options.redisKeyPrefix,
    push: options.push,
  });
  return {
    app,
    database,
    config,
    siteId,
    boxySiteId,
    async close() {
      await app.close();
      await database.cleanup();
    },
  };
}

export type TestAppWithMail = Awaited<ReturnType<typeof createTestApp>> & { smtp: TestSmtpServer };

/** The real app sending its mail to a local SMTP server, so a test reads what each address received. */
export async function createTestAppWithMail(
  dialect: DialectName,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestAppWithMail> {
  const smtp = await startTestSmtpServer();
  try {
    const t = await createTestApp(dialect, { ...options, env: { SMTP_URL: smtp.url, ...options.env } });
    return {
      ...t,
      smtp,
      async close() {
        await t.close();
        await smtp.close();
      },
    };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** Cookies and the matching CSRF header a browser tab would send. */
export function browserHeaders(cookies: Record<string, string> = {}) {
  const csrf = 'test-csrf-token-0123456789abcdefghijkl';
  const all = { [CSRF_COOKIE]: csrf, ...cookies };
  return {
    cookie: Object.entries(all)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
    [CSRF_HEADER]: csrf,
  };
}

export async function logIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login.php',
    headers: browserHeaders(),
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  if (!session) throw new Error('login set no session cookie');
  return session.value;
}

/** Session cookies for a member written straight to the database: many members per test stay under the login limit. */
export async function sessionCookies(db: Db, memberId: number): Promise<Record<string, string>> {
  const { token } = await createSessionsRepository(db).create(memberId);
  return { [SESSION_COOKIE]: token };
}

/** A member of the test site with a session, and the headers a browser call of theirs sends. */
export async function memberWithSession(db: Db, siteId: number, overrides: Partial<NewMember> = {}) {
  const email = overrides.email ?? `member-${Math.random().toString(36).slice(2)}@example.test`;
  const id = await insertMember(db, siteId, { country: 'NL', ...overrides, email });
  return { id, email, headers: browserHeaders(await sessionCookies(db, id)) };
}

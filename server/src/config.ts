import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import type { MediaConfig } from './lib/media-stores.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const listFromEnv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

// An empty value (`CAMS_FEED_URL=` in an .env file) means unset, as it reads.
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const httpUrlFromEnv = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const ACCOUNT_PLACEHOLDER = '{account}';

/** A partner URL with `{account}` somewhere after the host, so no account can choose where we redirect to. */
const accountUrlTemplateFromEnv = z.string().superRefine((template, ctx) => {
  if (!template.includes(ACCOUNT_PLACEHOLDER)) {
    ctx.addIssue({ code: 'custom', message: `must contain ${ACCOUNT_PLACEHOLDER}` });
    return;
  }
  const origins = ['a', 'b'].map((account) => {
    const filled = template.replaceAll(ACCOUNT_PLACEHOLDER, account);
    return httpUrlFromEnv.safeParse(filled).success ? new URL(filled).origin : undefined;
  });
  if (!origins[0] || origins[0] !== origins[1]) {
    ctx.addIssue({ code: 'custom', message: `must be an http(s) URL with ${ACCOUNT_PLACEHOLDER} after the host` });
  }
});

const originsFromEnv = listFromEnv.pipe(z.array(httpUrlFromEnv.transform((value) => new URL(value).origin)));

/** Every environment variable the server reads; `.env.example` documents the same list. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Only this machine by default: a development server (and its mailbox of login links) is not for the network.
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Relative to where the server was started, like any path on a command line.
  DATA_DIR: z
    .string()
    .default(path.join(repoRoot, 'data'))
    .transform((dir) => path.resolve(dir)),
  DATABASE_URL: z.string().url().optional(),
  SQLITE_FILE: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.preprocess(blankAsUnset, z.string().default('rv:')),
  SMTP_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().optional(),
  TRUSTED_PROXIES: listFromEnv.default([]),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, 'web', 'build')),
  LOCALES_DIR: z.string().default(path.join(repoRoot, 'web', 'locales')),
  SEED_DEMO: booleanFromEnv.optional(),
  SEED_PROFILES: z.coerce.number().int().min(0).default(3000),
  PSEUDO_LOCALE: booleanFromEnv.optional(),
  COOKIE_SECURE: booleanFromEnv.optional(),
  CAMS_FEED_URL: z.preprocess(blankAsUnset, httpUrlFromEnv.optional()),
  CAMS_IMAGE_ORIGINS: originsFromEnv.default([]),
  CAMS_REDIRECT_URL: z.preprocess(blankAsUnset, accountUrlTemplateFromEnv.optional()),
  RESELL_PARTNER_URL: z.preprocess(blankAsUnset, httpUrlFromEnv.optional()),
  PUBLIC_SCHEME: z.preprocess(blankAsUnset, z.enum(['http', 'https']).optional()),
  PUBLIC_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  VAPID_PUBLIC_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  VAPID_PRIVATE_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  PAYMENT_DEV_PROVIDER: booleanFromEnv.optional(),
  PAYMENT_RECHECK_AFTER_MINUTES: z.coerce.number().int().min(1).default(15),
  PAYMENT_NOTIFY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  VEROTEL_SHOP_ID: z.preprocess(blankAsUnset, z.string().optional()),
  VEROTEL_SIGNATURE_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  VEROTEL_BASE_URL: z.preprocess(blankAsUnset, httpUrlFromEnv.default('https://secure.verotel.com')),
  MOLLIE_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  MOLLIE_BASE_URL: z.preprocess(blankAsUnset, httpUrlFromEnv.default('https://api.mollie.com/v2')),
  MEDIA_S3_BUCKET: z.preprocess(blankAsUnset, z.string().optional()),
  MEDIA_S3_ENDPOINT: z.preprocess(blankAsUnset, httpUrlFromEnv.optional()),
  MEDIA_S3_REGION: z.preprocess(blankAsUnset, z.string().default('us-east-1')),
  MEDIA_S3_FORCE_PATH_STYLE: z.preprocess(blankAsUnset, booleanFromEnv.optional()),
  MEDIA_S3_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().optional()),
  MEDIA_S3_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  VAPID_SUBJECT: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(mailto:|https:)/, 'must be a mailto: address or an https: URL')
      .optional(),
  ),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The longest a client may take to send one whole request, headers and body (http-limits.ts). */
  requestTimeoutMs: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  dataDir: string;
  /** Profile photos: an S3-compatible bucket when MEDIA_S3_BUCKET is set, `<dataDir>/media` otherwise. */
  media: MediaConfig;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** Before every Redis key and channel, so deployments (or a test cluster) can share one Redis. */
  redisKeyPrefix: string;
  /** Without it mail is kept under DATA_DIR/mail and shown on the development mailbox. */
  smtpUrl: string | undefined;
  sessionSecret: string;
  trustedProxies: string[];
  webBuildDir: string;
  localesDir: string;
  /** Demo data is off by default in production: its members share the password published in the README. */
  seed: { demo: boolean; profiles: number };
  /** Serves the `pseudo` locale that exposes untranslated strings; never in production. */
  pseudoLocale: boolean;
  /** Secure cookies; defaults to on in production, where TLS is expected in front. */
  cookieSecure: boolean;
  /** Spec §7 partner calls (webcam feed and redirect, resell partner). */
  partners: {
    /** Unset: the built-in fictional feed outside production, none in production. */
    camsFeedUrl: string | undefined;
    /** Where partner thumbnails may load from (page CSP): the feed's origin and CAMS_IMAGE_ORIGINS. */
    camsImageOrigins: string[];
    /** Contains `{account}`. */
    camsRedirectUrl: string | undefined;
    resellPartnerUrl: string | undefined;
    /** Stand in for unset partners with the fictional feed and a local demo partner page; never in production. */
    demo: boolean;
  };
  /**
   * How links sent elsewhere (mail) reach a site: scheme and port around the site's own domain,
   * never the request's Host, which the sender of the request chooses.
   */
  publicUrl: PublicUrl;
  payments: PaymentsConfig;
  /** Web push keys; unset keys are made once and shared through the database (notifier/vapid-keys.ts). */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
};

/** Payment processors (issue 16): a real one is enabled only when its credentials are set. */
export interface PaymentsConfig {
  /** The local test checkout; on by default outside production, refused in production. */
  dev: boolean;
  /** How long an order may stay pending before the re-check job asks its provider. */
  recheckAfterMinutes: number;
  /**
   * A provider's notifications per minute from one address: bursts of retries, not floods.
   * Raised only by `npm run bench:payments`, which measures the processing behind the limit.
   */
  notifyPerMinute: number;
  verotel: { baseUrl: string; shopId: string; signatureKey: string } | undefined;
  mollie: { baseUrl: string; apiKey: string } | undefined;
}

export interface PublicUrl {
  scheme: 'http' | 'https';
  /** None: the scheme's own port. */
  port: number | undefined;
}

const DEV_SESSION_SECRET = 'rendezvous-local-development-secret-do-not-use';

export class ConfigError extends Error {}

/** Reads and checks the environment once at start; in production unsafe defaults stop the start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  if (production) {
    const unsafe: string[] = [];
    if (!e.SESSION_SECRET || e.SESSION_SECRET === DEV_SESSION_SECRET || e.SESSION_SECRET.length < 32) {
      unsafe.push('SESSION_SECRET must be set to a random string of at least 32 characters');
    }
    if (e.PSEUDO_LOCALE) unsafe.push('PSEUDO_LOCALE must not be enabled in production');
    // The test checkout pays without money: in production it would give credits away.
    if (e.PAYMENT_DEV_PROVIDER) unsafe.push('PAYMENT_DEV_PROVIDER must not be enabled in production');
    if (unsafe.length > 0) {
      throw new ConfigError(`Refusing to start in production with unsafe settings:\n  ${unsafe.join('\n  ')}`);
    }
  }

  if (Boolean(e.VEROTEL_SHOP_ID) !== Boolean(e.VEROTEL_SIGNATURE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VEROTEL_SHOP_ID and VEROTEL_SIGNATURE_KEY must be set together');
  }

  // One key without the other would silently fall back to the stored pair.
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }

  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY must be set together',
    );
  }

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    media: {
      dir: path.join(e.DATA_DIR, 'media'),
      s3: e.MEDIA_S3_BUCKET
        ? {
            bucket: e.MEDIA_S3_BUCKET,
            endpoint: e.MEDIA_S3_ENDPOINT,
            region: e.MEDIA_S3_REGION,
            // A custom endpoint is nearly always a self-hosted store (MinIO and the like) that wants the bucket in the path.
            forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ?? Boolean(e.MEDIA_S3_ENDPOINT),
            credentials:
              e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
    },
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: e.SQLITE_FILE ?? path.join(e.DATA_DIR, 'rendezvous.sqlite') },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    trustedProxies: e.TRUSTED_PROXIES,
    webBuildDir: e.WEB_BUILD_DIR,
    localesDir: e.LOCALES_DIR,
    seed: { demo: e.SEED_DEMO ?? !production, profiles: e.SEED_PROFILES },
    pseudoLocale: e.PSEUDO_LOCALE ?? !production,
    cookieSecure: e.COOKIE_SECURE ?? production,
    partners: {
      camsFeedUrl: e.CAMS_FEED_URL,
      camsImageOrigins: [
        ...new Set([...(e.CAMS_FEED_URL ? [new URL(e.CAMS_FEED_URL).origin] : []), ...e.CAMS_IMAGE_ORIGINS]),
      ],
      camsRedirectUrl: e.CAMS_REDIRECT_URL,
      resellPartnerUrl: e.RESELL_PARTNER_URL,
      demo: !production,
    },
    publicUrl: {
      scheme: e.PUBLIC_SCHEME ?? (production ? 'https' : 'http'),
      // Outside production the server is reached directly, so links name the port it listens on (0 picks a free one).
      port: e.PUBLIC_PORT ?? (production || e.PORT === 0 ? undefined : e.PORT),
    },
    payments: {
      dev: e.PAYMENT_DEV_PROVIDER ?? !production,
      recheckAfterMinutes: e.PAYMENT_RECHECK_AFTER_MINUTES,
      notifyPerMinute: e.PAYMENT_NOTIFY_PER_MINUTE,
      verotel:
        e.VEROTEL_SHOP_ID && e.VEROTEL_SIGNATURE_KEY
          ? { baseUrl: e.VEROTEL_BASE_URL, shopId: e.VEROTEL_SHOP_ID, signatureKey: e.VEROTEL_SIGNATURE_KEY }
          : undefined,
      mollie: e.MOLLIE_API_KEY ? { baseUrl: e.MOLLIE_BASE_URL, apiKey: e.MOLLIE_API_KEY } : undefined,
    },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
  };
}

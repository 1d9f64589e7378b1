import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('starts locally on SQLite under data/ with safe defaults', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.requestTimeoutMs).toBe(60_000);
    expect(config.port).toBe(3000);
    expect(config.database.dialect).toBe('sqlite');
    expect(config.database.dialect === 'sqlite' && config.database.file).toMatch(/data[/\\]rendezvous\.sqlite$/);
    expect(config.cookieSecure).toBe(false);
  });

  it('resolves a relative DATA_DIR from the working directory, since media is served from an absolute root', () => {
    const config = loadConfig({ DATA_DIR: 'some/data' });
    expect(config.dataDir).toBe(path.resolve('some/data'));
    expect(config.database.dialect === 'sqlite' && config.database.file).toBe(
      path.resolve('some/data/rendezvous.sqlite'),
    );
  });

  it('builds mail links for the listening port locally and for https in production', () => {
    expect(loadConfig({ PORT: '4200' }).publicUrl).toEqual({ scheme: 'http', port: 4200 });
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).publicUrl).toEqual({
      scheme: 'https',
      port: undefined,
    });
    expect(loadConfig({ PUBLIC_SCHEME: 'https', PUBLIC_PORT: '8443' }).publicUrl).toEqual({
      scheme: 'https',
      port: 8443,
    });
    expect(() => loadConfig({ PUBLIC_SCHEME: 'ftp' })).toThrow(/PUBLIC_SCHEME/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
  });

  it('keeps media on the local disk unless a bucket is named, then reads the S3 settings', () => {
    expect(loadConfig({ DATA_DIR: 'd' }).media).toEqual({ dir: path.resolve('d/media'), s3: undefined });
    expect(
      loadConfig({
        MEDIA_S3_BUCKET: 'photos',
        MEDIA_S3_ENDPOINT: 'http://minio:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      }).media.s3,
    ).toEqual({
      bucket: 'photos',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // AWS itself: virtual-hosted buckets and the SDK's own credentials (a role) unless told otherwise.
    expect(loadConfig({ MEDIA_S3_BUCKET: 'photos', MEDIA_S3_REGION: 'eu-west-1' }).media.s3).toEqual({
      bucket: 'photos',
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'photos', MEDIA_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'photos', MEDIA_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /MEDIA_S3_ENDPOINT/,
    );
  });

  it('names the variable and the reason when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2' })).not.toThrow();
  });

  it('refuses to start in production without a session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('takes payments through the test checkout only outside production, and a processor only with its credentials', () => {
    const local = loadConfig({});
    expect(local.payments).toMatchObject({ dev: true, verotel: undefined, mollie: undefined, recheckAfterMinutes: 15 });
    const strong = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) } as const;
    expect(loadConfig(strong).payments.dev).toBe(false);
    expect(() => loadConfig({ ...strong, PAYMENT_DEV_PROVIDER: 'true' })).toThrow(/PAYMENT_DEV_PROVIDER/);
    expect(loadConfig({ MOLLIE_API_KEY: 'test_abc' }).payments.mollie).toEqual({
      baseUrl: 'https://api.mollie.com/v2',
      apiKey: 'test_abc',
    });
    expect(() => loadConfig({ VEROTEL_SHOP_ID: '123' })).toThrow(/VEROTEL_SIGNATURE_KEY/);
  });

  it('limits a provider to 600 notifications a minute from one address unless a benchmark raises it', () => {
    expect(loadConfig({}).payments.notifyPerMinute).toBe(600);
    expect(loadConfig({ PAYMENT_NOTIFY_PER_MINUTE: '1000000' }).payments.notifyPerMinute).toBe(1_000_000);
    expect(() => loadConfig({ PAYMENT_NOTIFY_PER_MINUTE: '0' })).toThrow(/PAYMENT_NOTIFY_PER_MINUTE/);
  });

  it('starts in production with a strong secret, secure cookies and no pseudo locale', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(config.cookieSecure).toBe(true);
    expect(config.pseudoLocale).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PSEUDO_LOCALE: 'true' })).toThrow(
      /PSEUDO_LOCALE/,
    );
  });

  it('seeds the demo members locally but not in production, where their password is public', () => {
    expect(loadConfig({}).seed.demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seed.demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).seed.demo).toBe(false);
  });

  it('seeds or skips the demo data as SEED_DEMO says, in production too', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SEED_DEMO: 'true' }).seed.demo).toBe(
      true,
    );
    expect(loadConfig({ SEED_DEMO: 'false' }).seed.demo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seed.demo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('lets the demo partners stand in locally and only configured partners serve production', () => {
    expect(loadConfig({ CAMS_FEED_URL: '', RESELL_PARTNER_URL: '' }).partners).toEqual({
      camsFeedUrl: undefined,
      camsImageOrigins: [],
      camsRedirectUrl: undefined,
      resellPartnerUrl: undefined,
      demo: true,
    });
    const production = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      CAMS_FEED_URL: 'https://feed.partner.example/cams.json',
      CAMS_IMAGE_ORIGINS: 'https://img.partner.example/any/path, https://feed.partner.example',
      CAMS_REDIRECT_URL: 'https://cams.partner.example/live/{account}',
    }).partners;
    expect(production.demo).toBe(false);
    expect(production.camsImageOrigins).toEqual(['https://feed.partner.example', 'https://img.partner.example']);
  });

  it('refuses partner addresses that are not http(s) or let the account choose the host', () => {
    expect(() => loadConfig({ CAMS_FEED_URL: 'ftp://feed.example' })).toThrow(/CAMS_FEED_URL/);
    expect(() => loadConfig({ RESELL_PARTNER_URL: 'javascript:alert(1)' })).toThrow(/RESELL_PARTNER_URL/);
    expect(() => loadConfig({ CAMS_REDIRECT_URL: 'https://cams.partner.example/live' })).toThrow(/\{account\}/);
    expect(() => loadConfig({ CAMS_REDIRECT_URL: 'https://{account}.partner.example/' })).toThrow(/CAMS_REDIRECT_URL/);
    expect(() => loadConfig({ CAMS_REDIRECT_URL: 'https://partner.example{account}' })).toThrow(/CAMS_REDIRECT_URL/);
  });
});

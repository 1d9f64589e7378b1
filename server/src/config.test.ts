import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('starts locally on SQLite under data/ with safe defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.dialect).toBe('sqlite');
    expect(config.database.dialect === 'sqlite' && config.database.file).toMatch(/data[/\\]rendezvous\.sqlite$/);
    expect(config.cookieSecure).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
  });

  it('names the variable and the reason when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2' })).not.toThrow();
  });

  it('refuses to start in production without a session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('starts in production with a strong secret, secure cookies and no pseudo locale', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(config.cookieSecure).toBe(true);
    expect(config.pseudoLocale).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PSEUDO_LOCALE: 'true' })).toThrow(
      /PSEUDO_LOCALE/,
    );
  });
});

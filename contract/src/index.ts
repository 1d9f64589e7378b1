export * from './auth.js';
export * from './client.js';
export * from './errors.js';
export * from './health.js';
export * from './locales.js';
export * from './settings.js';
export * from './user.js';
export * from './web-context.js';

import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import middie from '@fastify/middie';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { notFound } from './errors.js';
import { createAccountLinks } from './features/accounts/account-links.js';
import { createAccountTokensRepository } from './features/accounts/account-tokens.repository.js';
import { createMemberAccountActions } from './features/accounts/member-account-actions.js';
import { appManifestRoutes } from './features/app-manifest/app-manifest.routes.js';
import { authRoutes } from './features/accounts/auth.routes.js';
import { deleteAccountRoutes } from './features/accounts/delete-account.routes.js';
import { createTwoFactor } from './features/accounts/two-factor.js';
import { twoFactorRoutes } from './features/accounts/two-factor.routes.js';
import { searchVisibilityRoutes } from './features/accounts/search-visibility.routes.js';
import { dataExportRoutes } from './features/accounts/data-export.routes.js';
import { createDataExports, DATA_EXPORT_JOB_INTERVAL_MS, type DataExports } from './features/accounts/data-exports.js';
import { createLoginThrottle } from './features/accounts/login-throttle.js';
import { emailChangeRoutes } from './features/accounts/email-change.routes.js';
import { passwordChangeRoutes } from './features/accounts/password-change.routes.js';
import { passwordResetRoutes } from './features/accounts/password-reset.routes.js';
import { signupRoutes } from './features/accounts/signup.routes.js';
import { activationRoutes } from './features/accounts/activation.routes.js';
import { emailCheckRoutes } from './features/accounts/email-check.routes.js';
import { loadUser } from './platform/sessions/user.js';
import { createSessionsRepository } from './platform/sessions/sessions.repository.js';
import { createStaffSessionsRepository } from './platform/staff/staff-sessions.repository.js';
import { createTotpSecretBox } from './platform/two-factor/totp-secret.js';
import { consoleAuditRoutes } from './features/console-audit/console-audit.routes.js';
import { consoleAuthRoutes } from './features/console-auth/console-auth.routes.js';
import { liftEndedSuspensions, SUSPENSION_CHECK_INTERVAL_MS } from './db/member-restrictions.js';
import { consoleMembersRoutes } from './features/console-members/console-members.routes.js';
import { consoleModerationRoutes } from './features/console-moderation/console-moderation.routes.js';
import { consoleSitesRoutes } from './features/console-sites/console-sites.routes.js';
import { consoleDashboardRoutes } from './features/console-dashboard/console-dashboard.routes.js';
import { consoleStaffRoutes } from './features/console-staff/console-staff.routes.js';
import { geoRoutes } from './features/geo/geo.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { loadCatalogues } from './platform/i18n/catalogues.js';
import { createLocalMailbox } from './platform/mail/local-mailbox.js';
import { contactRoutes } from './features/contact/contact.routes.js';
import { companyInfoRoutes } from './features/profile-fields/company-info.routes.js';
import { profileFieldsRoutes } from './features/profile-fields/profile-fields.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { memberDetailRoutes } from './features/members/member-detail.routes.js';
import { mediaRoutes } from './features/media/media.routes.js';
import { profileImagesRoutes } from './features/profile-images/profile-images.routes.js';
import { mailRoutes } from './features/mail/mail.routes.js';
import { createMailService } from './platform/mail/mail.service.js';
import { createMailer } from './platform/mail/mailer.js';
import { setUpPartners } from './features/partners/partner-setup.js';
import { partnersRoutes } from './features/partners/partners.routes.js';
import { i18nRoutes } from './features/i18n/i18n.routes.js';
import { landersRoutes } from './features/landers/landers.routes.js';
import { chatsRoutes } from './features/chats/chats.routes.js';
import { consoleEventsRoutes } from './features/console-inbox/console-events.routes.js';
import { consoleInboxRoutes } from './features/console-inbox/console-inbox.routes.js';
import { complaintsRoutes } from './features/complaints/complaints.routes.js';
import { consolePersonasRoutes } from './features/console-personas/console-personas.routes.js';
import { creditsRoutes } from './features/credits/credits.routes.js';
import { devCheckoutRoutes } from './features/payments/dev-checkout.routes.js';
import { createDiscountsRepository } from './features/payments/discounts.repository.js';
import { discountsRoutes } from './features/payments/discounts.routes.js';
import { createOrdersRepository } from './features/payments/orders.repository.js';
import { paymentsRoutes } from './features/payments/payments.routes.js';
import { createPaymentProcessing, type PaymentProcessing } from './features/payments/process-payment-events.js';
import { createPaymentMails } from './features/payments/payment-mails.js';
import { premiumRoutes } from './features/payments/premium.routes.js';
import { createSubscriptionRenewal } from './features/payments/renew-subscriptions.js';
import { createCheckoutStarter } from './features/payments/start-checkout.js';
import { createSubscriptionsRepository } from './features/payments/subscriptions.repository.js';
import { createSpendingRepository } from './features/payments/spending.repository.js';
import { spendingRoutes } from './features/payments/spending.routes.js';
import { createOrderRecheck, RECHECK_INTERVAL_MS } from './features/payments/recheck-orders.js';
import { MINUTE_MS } from './lib/time.js';
import { createProviderRegistry, type ProviderRegistry } from './platform/payments/providers.js';
import { likesRoutes } from './features/likes/likes.routes.js';
import { createMessageDelivery } from './messaging/messages.js';
import { createNotifier } from './notifier/notifier.js';
import { loadVapidKeys } from './notifier/vapid-keys.js';
import { createWebPushSender, type PushSender } from './notifier/web-push-sender.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { pageHiddenRoutes } from './features/page-hidden/page-hidden.routes.js';
import { profileVisitorsRoutes } from './features/profile-visitors/profile-visitors.routes.js';
import { createMemoryEventBus, type EventBus } from './realtime/event-bus.js';
import { eventsRoutes } from './features/realtime/events.routes.js';
import { createRedisEventBus } from './realtime/redis-event-bus.js';
import { safetyRoutes } from './features/safety/safety.routes.js';
import { createSitesRepository } from './platform/sites/sites.repository.js';
import { sitesRoutes } from './features/sites/sites.routes.js';
import { webRoutes, type WebRoutesOptions } from './features/web/web.routes.js';
import { httpLimits } from './http-limits.js';
import type { MediaStore } from './lib/media-store.js';
import { createMediaStore } from './lib/media-stores.js';
import { createClusterJobs } from './platform/jobs/cluster-jobs.js';
import { cachePolicyPlugin } from './plugins/cache-policy.js';
import { csrfPlugin } from './plugins/csrf.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { staffSessionPlugin } from './plugins/staff-session.js';
import { sitePlugin } from './plugins/site.js';

export const CLIENT_ID = '@rendezvous/server@0.1.0';

export interface AppDependencies {
  database: DatabaseHandle;
  /** Where the log goes instead of stdout: tests read what the server would have logged. */
  logStream?: FastifyLoggerOptions['stream'];
  /** Serve the web app (server rendering and assets). API-only tests leave it out. */
  web?: WebDevServer | Record<string, never> | false;
  /** Live events across tabs and nodes; by default through Redis when REDIS_URL is set, else in process. */
  events?: EventBus;
  /** Before every Redis key and channel of this app (default REDIS_KEY_PREFIX): keeps tests sharing one Redis apart. */
  redisKeyPrefix?: string;
  /** Where pushes go; by default web push with the VAPID keys. Tests record them instead. */
  push?: PushSender;
  /** The media store, when the caller already made one (the start seeds avatars into it); the caller closes it. */
  media?: MediaStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The payments module (issue 16): the providers, the one processing function and the
     * re-check of stuck orders, which the server runs on an interval and tests call directly.
     */
    payments: {
      providers: ProviderRegistry;
      processing: PaymentProcessing;
      /** The re-check of stuck orders, then premium's reminders, renewals and ends. */
      recheckOrders(now?: number): Promise<void>;
    };
    /** Members' data exports (issue 19): tests run and await the background builds themselves. */
    dataExports: DataExports;
  }
}

/** `npm run dev`: Vite's middleware and its live server entry replace the built app. */
export interface WebDevServer {
  loadEntry: NonNullable<WebRoutesOptions['loadEntry']>;
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
}

/**
 * Query values that never reach the log: the single-use tokens of mailed links (activation,
 * password reset, e-mail change and its undo) open an account to whoever reads them, and the
 * e-mail check and geocoding carry an address and a position the visitor did not ask us to keep.
 */
const UNLOGGED_QUERY_PARAMS = new Set(['token', 'email', 'lat', 'lon']);

function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const secret = [...query.keys()].filter((name) => UNLOGGED_QUERY_PARAMS.has(name.toLowerCase()));
  if (secret.length === 0) return url;
  for (const name of secret) query.set(name, 'redacted');
  return `${url.slice(0, queryStart)}?${query.toString()}`;
}

/** Fastify's own request serializer, but with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The whole server without listening: `main.ts` and the tests both build it here. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    requestIdHeader: 'x-request-id',
    ...httpLimits(config),
    // Parsed as an ordinary key so plugins/input-guard.ts can refuse it with the field's name.
    onProtoPoisoning: 'ignore',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = deps.database;
  const jobs = createClusterJobs({ db, dialect: deps.database.dialect, log: app.log });
  // Before the database closes: a run under way finishes first.
  app.addHook('onClose', async () => jobs.close());
  const media = deps.media ?? createMediaStore(config.media);
  if (!deps.media) app.addHook('onClose', async () => media.close());
  const sessions = createSessionsRepository(db);
  const staffSessions = createStaffSessionsRepository(db);
  const sites = createSitesRepository(db);
  const catalogues = loadCatalogues(config.localesDir);
  const cookieOptions = { secure: config.cookieSecure };
  const dev = config.env !== 'production';
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  const mail = createMailService({ db, mailer, log: app.log });
  app.addHook('onClose', async () => {
    await mail.settled();
    mailer.close();
  });
  const vapid = await loadVapidKeys(db, config.vapid);
  const redisKeyPrefix = deps.redisKeyPrefix ?? config.redisKeyPrefix;
  const events =
    deps.events ??
    (config.redisUrl
      ? createRedisEventBus({ url: config.redisUrl, keyPrefix: redisKeyPrefix, log: app.log })
      : createMemoryEventBus());
  const notifier = createNotifier({
    db,
    events,
    push: deps.push ?? createWebPushSender({ db, keys: vapid, log: app.log }),
    log: app.log,
  });
  // Pushes on their way finish before the bus closes.
  app.addHook('onClose', async () => {
    await notifier.settled();
    await events.close();
  });

  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  const devServer = deps.web && 'loadEntry' in deps.web ? deps.web : undefined;
  await app.register(securityPlugin, { dev: Boolean(devServer), imageOrigins: config.partners.camsImageOrigins });
  if (devServer) {
    await app.register(middie);
    app.use(devServer.middlewares);
  }
  await app.register(cookie, { secret: config.sessionSecret });
  const partners = setUpPartners(config.partners, app.log);
  await app.register(sitePlugin, {
    sites,
    pushPublicKey: vapid.publicKey,
    camsFeed: partners.camsFeed !== undefined,
    refuseUnknownHosts: config.env === 'production',
  });
  await app.register(csrfPlugin, cookieOptions);
  await app.register(sessionPlugin, { sessions });
  await app.register(staffSessionPlugin, { staffSessions });
  await app.register(rateLimitPlugin, {
    redis: config.redisUrl ? { url: config.redisUrl, keyPrefix: redisKeyPrefix } : undefined,
  });
  await app.register(cachePolicyPlugin);

  await app.register(healthRoutes, { database: deps.database });
  await app.register(sitesRoutes);
  await app.register(appManifestRoutes);
  await app.register(geoRoutes, { db });
  await app.register(profileFieldsRoutes);
  await app.register(searchRoutes, { db });
  await app.register(memberDetailRoutes, { db });
  await app.register(profileVisitorsRoutes, { db });
  await app.register(companyInfoRoutes);
  await app.register(pageHiddenRoutes, { db });
  await app.register(landersRoutes, { db });
  const loginThrottle = createLoginThrottle({
    redis: config.redisUrl ? { url: config.redisUrl, keyPrefix: redisKeyPrefix } : undefined,
    log: app.log,
  });
  app.addHook('onClose', async () => loginThrottle.close());
  const twoFactor = createTwoFactor(db, createTotpSecretBox(config.sessionSecret, 'members'));
  await app.register(authRoutes, { db, sessions, cookie: cookieOptions, loginThrottle, twoFactor });
  await app.register(twoFactorRoutes, { db, sessions, twoFactor, cookie: cookieOptions });
  await app.register(searchVisibilityRoutes, { db });
  const accountDeps = {
    db,
    sessions,
    tokens: createAccountTokensRepository(db),
    mail,
    cookie: cookieOptions,
    publicUrl: config.publicUrl,
    loginThrottle,
    twoFactor,
  };
  await app.register(signupRoutes, accountDeps);
  await app.register(emailCheckRoutes, { db, sessionSecret: config.sessionSecret });
  await app.register(activationRoutes, accountDeps);
  await app.register(passwordResetRoutes, accountDeps);
  await app.register(passwordChangeRoutes, accountDeps);
  await app.register(emailChangeRoutes, { ...accountDeps, notifier });
  await app.register(profileImagesRoutes, { db, media, loadUser });
  const memberAccounts = createMemberAccountActions({ db, sites, links: createAccountLinks(accountDeps), mail, media });
  await app.register(deleteAccountRoutes, { accounts: memberAccounts, cookie: cookieOptions });
  const dataExports = createDataExports({ db, media, mail, sites, publicUrl: config.publicUrl, log: app.log });
  app.decorate('dataExports', dataExports);
  app.addHook('onClose', async () => dataExports.settled());
  await app.register(dataExportRoutes, { exports: dataExports, media });
  // Tests run the job themselves, at the moment they choose.
  if (config.env !== 'test') {
    const exportJob = setInterval(dataExports.kick, DATA_EXPORT_JOB_INTERVAL_MS);
    exportJob.unref();
    app.addHook('onClose', async () => clearInterval(exportJob));
  }
  await app.register(contactRoutes, { mail });
  await app.register(mailRoutes, { mailbox: createLocalMailbox(config.dataDir), enabled: dev && !config.smtpUrl });
  await app.register(i18nRoutes, { catalogues, allowPseudo: config.pseudoLocale });
  await app.register(partnersRoutes, { db, ...partners });

  await app.register(likesRoutes, { db, events, notifier });
  const delivery = createMessageDelivery({ events, notifier, log: app.log });
  await app.register(chatsRoutes, { db, events, delivery });
  await app.register(creditsRoutes, { db });
  const orders = createOrdersRepository(db);
  const providers = createProviderRegistry(config.payments, config.sessionSecret);
  const mails = createPaymentMails({ db, mail, publicUrl: config.publicUrl });
  const processing = createPaymentProcessing({ db, events, log: app.log, onPaid: mails.sendReceipt });
  app.addHook('onClose', async () => processing.settled());
  const spending = createSpendingRepository(db);
  const discounts = createDiscountsRepository(db);
  const subscriptions = createSubscriptionsRepository(db);
  const recheck = createOrderRecheck({
    orders,
    providers,
    processing,
    log: app.log,
    recheckAfterMs: config.payments.recheckAfterMinutes * MINUTE_MS,
  });
  const runSubscriptions = createSubscriptionRenewal({
    db,
    subscriptions,
    orders,
    spending,
    providers,
    processing,
    mails,
    publicUrl: config.publicUrl,
    catalogues,
    log: app.log,
  });
  // One job: a renewal left pending is the re-check's to settle, in the same run's order. Once per
  // cluster at a time: overlapping runs would change nothing twice, but would ask providers twice.
  const recheckOrders = async (now?: number) => {
    await jobs.runExclusive('payments', async () => {
      await recheck(now);
      await runSubscriptions(now);
    });
  };
  app.decorate('payments', { providers, processing, recheckOrders });
  const startCheckout = createCheckoutStarter({
    processing,
    orders,
    spending,
    providers,
    publicUrl: config.publicUrl,
    catalogues,
  });
  await app.register(paymentsRoutes, {
    orders,
    spending,
    providers,
    processing,
    startCheckout,
    notifyPerMinute: config.payments.notifyPerMinute,
    discounts,
  });
  await app.register(premiumRoutes, { subscriptions, spending, providers, processing, startCheckout, mails });
  await app.register(spendingRoutes, { spending });
  await app.register(discountsRoutes, { discounts });
  if (providers.dev) {
    await app.register(devCheckoutRoutes, { dev: providers.dev, orders, catalogues, allowPseudo: config.pseudoLocale });
  }
  // Tests run the re-check themselves, at the moment they choose.
  if (config.env !== 'test') jobs.every('payments', RECHECK_INTERVAL_MS, () => recheckOrders());
  await app.register(safetyRoutes, { db, events });
  await app.register(complaintsRoutes, { db, mail });
  await app.register(notificationsRoutes, { db });
  await app.register(eventsRoutes, { db, events });
  await app.register(consoleInboxRoutes, { db, events, delivery });
  await app.register(consoleEventsRoutes, { db, events, staffSessions });
  await app.register(mediaRoutes, { db, media });

  await app.register(consolePersonasRoutes, { db, media, sites, events });
  await app.register(consoleAuthRoutes, {
    db,
    staffSessions,
    totpSecrets: createTotpSecretBox(config.sessionSecret),
    cookie: cookieOptions,
  });
  await app.register(consoleStaffRoutes, { db });
  await app.register(consoleAuditRoutes, { db });
  await app.register(consoleModerationRoutes, { db, sites, mail, publicUrl: config.publicUrl, media });
  await app.register(consoleSitesRoutes, { db, sites });
  await app.register(consoleDashboardRoutes, { db });
  await app.register(consoleMembersRoutes, {
    db,
    providers,
    processing,
    accounts: memberAccounts,
  });
  // Tests lift suspensions themselves, at the moment they choose.
  if (config.env !== 'test') {
    jobs.every('suspensions', SUSPENSION_CHECK_INTERVAL_MS, async () => {
      await liftEndedSuspensions(db, Date.now());
    });
  }

  app.setNotFoundHandler(async (request) => {
    throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });

  if (deps.web !== false) {
    await app.register(webRoutes, {
      db,
      sessions,
      cookie: cookieOptions,
      catalogues,
      webBuildDir: config.webBuildDir,
      devTools: dev,
      allowPseudo: config.pseudoLocale,
      clientId: CLIENT_ID,
      loadEntry: devServer?.loadEntry,
    });
  }
  return app;
}

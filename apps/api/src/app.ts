import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { getHeapStatistics } from 'node:v8';
import websocket from '@fastify/websocket';
import { WEBSOCKET_FRAME_MAX_BYTES } from '@teamhire/shared';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './db/database';
import type { AppDeps, Clock } from './platform/deps';
import { AppError } from './platform/errors';
import {
  AccessLogController,
  bufferedStandardOutput,
  loggerOptions,
  requestLoggerFactory,
} from './platform/logger';
import { createAccessTokens } from './platform/auth/access-tokens';
import { createPasswordHasher } from './platform/auth/password';
import { ensureSecret } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { avatarKey, avatarsDirectory, AVATAR_URL_PREFIX } from './modules/accounts/avatar-files';
import { activityRoutes } from './modules/activity/activity.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createMailer } from './platform/mail/mailer';
import { navigationRoutes } from './modules/navigation/navigation.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { packagesRoutes } from './modules/packages/packages.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { deliveriesRoutes } from './modules/deliveries/deliveries.routes';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { orderConversationRoutes } from './modules/orders/order-conversation.routes';
import { orderFilesRoutes } from './modules/orders/order-files.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { createOfferExpiry, type OfferExpiry } from './modules/offers/offers.service';
import { createOrderTimers, type OrderTimers } from './modules/orders/order-timers';
import { ordersContext } from './modules/orders/orders.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import {
  checkoutContext,
  createChargeReconciler,
  type ChargeReconciler,
} from './modules/checkout/checkout.service';
import { createPaymentProvider, type PaymentProvider } from './platform/payments/payment-provider';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { moneyRoutes } from './modules/payments/money.routes';
import { createPayouts, payoutsContext, type Payouts } from './modules/payments/payouts.service';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { teamProfilesRoutes } from './modules/team-profiles/team-profiles.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { createRateLimiter } from './platform/rate-limit/rate-limiter';
import { createRetention, type Retention } from './modules/retention/retention.service';
import { createInProcessBus, createRedisBus } from './platform/realtime/realtime-bus';
import { chatFilesRoutes } from './modules/chat/chat-files.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { guestUpgradeRoutes } from './modules/chat/guest-upgrade.routes';
import { chatSocketRoutes } from './modules/chat/chat-socket.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { createAuthenticator } from './platform/auth/authentication';
import {
  answerFrameworkError,
  OVERLOAD_RETRY_AFTER_SECONDS,
  registerErrorHandling,
} from './platform/http/errors';
import { jobTable } from './job-table';
import { subscribeActivityToOrderSteps } from './modules/activity/activity.service';
import { subscribeNotificationsToOrderSteps } from './modules/notifications/notifications.service';
import { createEventBus } from './platform/events';
import { subscribeMailToOrderSteps } from './platform/mail/order-step-mail';
import { subscribeRealtimeToOrderSteps } from './platform/realtime/order-step-updates';
import { startJobs, type Jobs } from './platform/jobs';
import { registerOpenApi } from './platform/http/openapi';
import { registerRouteAuthentication } from './platform/http/routes';
import { parseThenStringify } from './platform/http/response-serializer';
import { registerResponseHeaders } from './platform/http/security-headers';
import { registerStaticWeb } from './platform/http/static-web';
import { createStorage, type Storage } from './platform/storage';
import { registerTextRule } from './platform/http/text-rule';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The zod schemas the route declares (params, querystring, body), when it declares any. */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
    /** The order timers' sweeps, as the job runner calls them (tests call them too). */
    orderTimers: OrderTimers;
    /** The charge reconciliation (charges left open, refunds to send again), as the job runner calls it. */
    chargeReconciler: ChargeReconciler;
    /** The offer expiry job, as the job runner calls it (tests call it too). */
    offerExpiry: OfferExpiry;
    /** The payout job, as the job runner calls it (tests call it too). */
    payouts: Payouts;
    /** The retention sweep, as the job runner calls it (tests call it too). */
    retention: Retention;
    /** The job runner once started; undefined when JOBS_ENABLED is false or it could not start. */
    jobs: Promise<Jobs | undefined>;
  }
}

/**
 * Request ids shaped like UUIDs: a random prefix drawn once per process and a counter, so ids stay
 * unique across instances (about 70 random bits) without drawing random bytes for every request.
 */
export function requestIdGenerator(): () => string {
  const prefix = randomUUID().slice(0, 24);
  let counter = 0;
  return () => {
    counter = (counter + 1) % 2 ** 48;
    return prefix + counter.toString(16).padStart(12, '0');
  };
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go instead of standard output; tests read them to prove what is never logged. */
  logStream?: DestinationStream;
  /** The app's clock; tests pass one they move forward instead of waiting. */
  clock?: Clock;
  /** Replaces the gateway PAYMENT_PROVIDER names (e.g. one that records or fails charges). */
  paymentProvider?: PaymentProvider;
  /** Replaces the file store STORAGE_DRIVER names (e.g. one whose bucket cannot be reached). */
  storage?: Storage;
}

export async function buildApp({
  config,
  database,
  logStream,
  clock = () => new Date(),
  paymentProvider,
  storage: givenStorage,
}: BuildAppOptions): Promise<FastifyInstance> {
  const logController = new AccessLogController();
  const logging = config.logLevel !== 'silent';
  const output = logging && !logStream ? bufferedStandardOutput() : undefined;
  const app = Fastify({
    logger: logging ? { ...loggerOptions(config.logLevel), stream: logStream ?? output } : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(),
    ...(config.logLevel === 'silent' ? {} : { childLoggerFactory: requestLoggerFactory }),
    logController,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A malformed URL (`/api/teams/%zz`) answers in the one error shape too, with its code.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  logController.writeTo(app.log);
  // The lines still buffered are written when the app closes (and any logged later, at the exit).
  if (output) app.addHook('onClose', () => output.flushSync());

  // Every route, as registered: the authorization matrix test checks each one against its policy.
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.decorate('registeredRoutes', registeredRoutes);

  // An overloaded process refuses new work with 503 and Retry-After, rather than accepting requests it
  // would answer too late or not at all. The health check is exempt: it must tell how the server is.
  await app.register(underPressure, {
    maxEventLoopDelay: config.overload.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.overload.maxHeapBytes ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    pressureHandler: (request) =>
      request.url.startsWith('/api/health')
        ? undefined
        : Promise.reject(
            new AppError('unavailable', 'The server is busy. Please try again in a few seconds.'),
          ),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(parseThenStringify);
  registerResponseHeaders(app, config);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });
  await registerOpenApi(app);
  // Frames over 64 KiB close the socket with 1009 (message too big).
  await app.register(websocket, {
    options: { maxPayload: WEBSOCKET_FRAME_MAX_BYTES },
    errorHandler(error, socket, request) {
      // Protocol errors (a frame over the limit, a client gone mid-frame) are the client's doing;
      // anything else is ours and is logged as an error. Either way the socket ends.
      const fromClient =
        (error as { code?: string }).code?.startsWith('WS_ERR_') ||
        (error as { code?: string }).code === 'ECONNRESET';
      if (fromClient) request.log.debug({ err: error }, 'websocket closed by a protocol error');
      else request.log.error({ err: error }, 'websocket handler failed');
      socket.terminate();
    },
  });
  // Login accepts a form-encoded body too, as OAuth2 password-flow clients send it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const storage = givenStorage ?? createStorage(config, app.log);
  app.addHook('onClose', () => storage.close());
  if (storage.driver === 'local') {
    await mkdir(avatarsDirectory(config.uploadsDir), { recursive: true });
    await app.register(fastifyStatic, {
      root: avatarsDirectory(config.uploadsDir),
      prefix: AVATAR_URL_PREFIX,
      decorateReply: false,
      index: false,
      // Avatars get a new name on every upload, so they never change under a URL.
      maxAge: '365d',
      immutable: true,
    });
  } else {
    // Pictures are public as before; the process streams them from the bucket, which stays private.
    app.get(`${AVATAR_URL_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
      const key = avatarKey((request.params as { name: string }).name);
      if (!key) throw new AppError('not_found', 'File not found');
      const found = await storage.get(key);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(found.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.stream);
    });
  }

  // The error and not-found handlers must exist before the route plugins load: each plugin
  // captures the handlers in force when it is registered.
  const spaFallback = config.serveWeb ? await registerStaticWeb(app, config.webDistDir) : false;
  registerErrorHandling(app, { spaFallback });
  registerTextRule(app);

  const signingKey =
    config.jwtSecret ??
    (await ensureSecret(database.db, 'jwt_signing_key', randomBytes(48).toString('base64url')));
  const accessTokens = createAccessTokens(signingKey);
  const deps: AppDeps = {
    config,
    db: database.db,
    pool: database.pool,
    accessTokens,
    authenticator: createAuthenticator(database.db, accessTokens),
    mailer: createMailer({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      logger: app.log,
    }),
    passwordHasher: createPasswordHasher(config.passwordHashing),
    limiter: createRateLimiter(database.db, { addressScale: config.addressRateLimitScale }),
    bus: config.redisUrl ? createRedisBus(config.redisUrl, app.log) : createInProcessBus(),
    events: createEventBus(app.log),
    clock,
    paymentProvider: paymentProvider ?? createPaymentProvider(config),
    storage,
  };
  app.addHook('onClose', () => deps.bus.close());
  // Before the routes: each route that declares its authentication gets its caller resolved.
  registerRouteAuthentication(app, deps.authenticator);
  // What happens after an order's step is committed: each effect subscribes, the orders module names none.
  subscribeNotificationsToOrderSteps(deps.events, deps.bus);
  subscribeMailToOrderSteps(deps.events, deps.mailer, config.publicUrl);
  subscribeActivityToOrderSteps(deps.events, deps.db);
  subscribeRealtimeToOrderSteps(deps.events, deps.bus);
  const orderTimers = createOrderTimers(ordersContext(deps));
  app.decorate('orderTimers', orderTimers);
  const chargeReconciler = createChargeReconciler(checkoutContext(deps));
  app.decorate('chargeReconciler', chargeReconciler);
  const retention = createRetention(deps);
  app.decorate('retention', retention);
  const payouts = createPayouts(payoutsContext(deps));
  app.decorate('payouts', payouts);
  const offerExpiry = createOfferExpiry(deps);
  app.decorate('offerExpiry', offerExpiry);
  // The runner starts beside the routes rather than before them: requests are served at once, and a
  // runner that cannot start yet (its schema being created by another instance) holds nothing up.
  const jobs: Promise<Jobs | undefined> = config.jobsEnabled
    ? startJobs({
        pool: database.pool,
        jobs: jobTable({ timers: orderTimers, chargeReconciler, retention, payouts, offerExpiry }),
        logger: app.log,
      }).catch((error: unknown) => {
        app.log.error({ err: error }, 'the job runner did not start; timers wait for the next start');
        return undefined;
      })
    : Promise.resolve(undefined);
  app.decorate('jobs', jobs);
  // Stopped before the caller closes the pool: a sweep under way finishes first.
  app.addHook('onClose', async () => (await jobs)?.stop());
  await app.register(healthRoutes, deps);
  await app.register(catalogueRoutes, deps);
  await app.register(statisticsRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(accountsRoutes, deps);
  await app.register(navigationRoutes, deps);
  await app.register(activityRoutes, deps);
  await app.register(notificationsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(verificationRoutes, deps);
  await app.register(teamsRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(packagesRoutes, deps);
  await app.register(imagesRoutes, deps);
  await app.register(checkoutRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(orderFilesRoutes, deps);
  await app.register(orderConversationRoutes, deps);
  await app.register(deliveriesRoutes, deps);
  await app.register(disputesRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(moneyRoutes, deps);
  await app.register(reviewsRoutes, deps);
  await app.register(teamProfilesRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(chatRoutes, deps);
  await app.register(chatSocketRoutes, deps);
  await app.register(chatFilesRoutes, deps);
  await app.register(offersRoutes, deps);
  await app.register(guestUpgradeRoutes, deps);
  return app;
}

import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import { loggerOptions } from './logger';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
}

export async function buildApp({ config, database }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, config);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Please try again in ${context.after}.`),
  });
  await registerOpenApi(app);

  // The error and not-found handlers must exist before the route plugins load: each plugin
  // captures the handlers in force when it is registered.
  const spaFallback = config.serveWeb ? await registerStaticWeb(app, config.webDistDir) : false;
  registerErrorHandling(app, { spaFallback });

  const deps: AppDeps = { config, db: database.db, pool: database.pool };
  await app.register(healthRoutes, deps);
  await app.register(catalogueRoutes, deps);
  await app.register(statisticsRoutes, deps);
  await app.register(contactRoutes, deps);
  return app;
}

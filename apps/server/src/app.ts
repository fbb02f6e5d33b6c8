import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { Secrets } from './secrets.ts';
import { installErrorHandling } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { UserRepository } from './users/repository.ts';
import { CodeStore } from './auth/codes.ts';
import { TokenService } from './auth/tokens.ts';
import { AuthService } from './auth/service.ts';
import { authRoutes } from './auth/routes.ts';
import { userRoutes } from './users/routes.ts';
import { healthRoutes } from './health/routes.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** tests may pass their own; default from config */
  mailer?: Mailer;
  logger?: boolean;
}

/** 1 MiB is far above any form or JSON body this API takes. */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, secrets } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);
  installErrorHandling(app);

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const users = new UserRepository(database.db);
  const auth = new AuthService(
    users,
    new CodeStore(database.db, secrets.jwtSecret),
    new TokenService(secrets.jwtSecret, config.sessionTtlSeconds),
    mailer,
    config.appUrl,
    app.log,
  );

  await app.register(swagger, {
    openapi: { info: { title: 'Docent API', version: '1.2.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(formbody, { bodyLimit: BODY_LIMIT });
      await api.register(rateLimit, { global: false, hook: 'preHandler' });
      await api.register(healthRoutes(database));
      await api.register(authRoutes(auth, { loginRateLimitPerMinute: config.loginRateLimitPerMinute }));
      await api.register(userRoutes(auth, users));
    },
    { prefix: '/api' },
  );

  serveWebApp(app, config.webDist);
  return app;
}

/** The built SPA: static files, and index.html for every other non-API GET (client routing). */
function serveWebApp(app: FastifyInstance, dist: string): void {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ dist }, 'web app not built: run `npm run build` (npm start does it); serving the API only');
    return;
  }
  void app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  app.get('/*', (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.status(404).send({ detail: `No route ${req.method} ${req.url.split('?')[0]}.`, code: 'NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

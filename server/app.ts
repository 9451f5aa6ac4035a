// Builds the whole server: plugins in layers (HTTP conventions, then domains, then the
// hub and the client's static files). `start` (main.ts) only opens and listens.
import querystring from 'node:querystring';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { PrincipalCache } from './auth/principal-cache';
import { asSystem } from './db/tenant-fence';
import { createEpochReader } from './auth/epoch-reader';
import type { Logger } from 'pino';
import type { Config } from './config';
import { migrate } from './db/migrate';
import { openDatabase, type OpenDatabase } from './db/database';
import {
  answerClientError,
  NOT_FOUND_ANSWER,
  refusePlainTextCalls,
  refuseEncodedBodies,
  registerErrorHandler,
} from './http/error-handler';
import { openApiDocument } from './http/openapi';
import { registerMultipartBodies } from './http/multipart-body';
import { refuseRepeatedJsonKeys } from './http/json-body';
import { MAX_FILE_BYTES } from '../src/shared/uploads';
import { registerSecurityHeaders } from './http/security-headers';
import { createTenantDirectory } from './tenancy/tenants';
import { createCaptchaSigner } from './auth/captcha';
import { createLoginThrottle } from './auth/login-throttle';
import { loadSecret } from './auth/secret';
import { findPrincipal, liveSessionIds, tenantEpochs } from './auth/sessions';
import { createLogSmsSender, type SmsSender } from './sms/sms-sender';
import { createNotifier } from './notifications/notifier';
import { createFileStore } from './files/file-store';
import { seedDemoTenantLetters, seedIfEmpty } from './seed/seed';
import type { Services } from './services';
import { registerAuthRoutes } from './auth/routes';
import { registerAccountRoutes } from './account/routes';
import { registerMenuRoutes } from './menu/routes';
import { registerHomeRoutes } from './home/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerUserSettingRoutes } from './usersettings/routes';
import { registerMediaRoutes } from './media/routes';
import { registerMasterDataRoutes } from './masterdata/routes';
import { registerLookupRoutes } from './lookups/routes';
import { registerLetterRoutes } from './letters/routes';
import { createPrintWorkers } from './letters/print';
import { createInProcessBus, createPostgresBus, type EventBus } from './realtime/event-bus';
import { registerNotificationHub } from './realtime/notification-hub';

/** A query string or form body, bytes that are not UTF-8 decoded as «�» (which binding
 *  refuses: «… نویسه‌های نامعتبر دارد», as in a JSON body) — Fastify's own parser kept
 *  `caf%E9` as typed, and searched for it. */
const parseQuery = (text: string) => querystring.parse(text, '&', '=', { maxKeys: 0 });

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  database: OpenDatabase;
  bus: EventBus;
  close(): Promise<void>;
}

export interface BuildOptions {
  config: Config;
  log: Logger;
  /** Replace the SMS sender (tests read codes from the log sender by default). */
  sms?: SmsSender;
  /** Serve the built client from this folder when it exists. */
  clientDir?: string;
}

export async function buildApp({ config, log, sms, clientDir }: BuildOptions): Promise<BuiltApp> {
  const database = await openDatabase(config);
  let bus: EventBus | undefined;
  try {
    // Migrations, the secret and the first-start seed see every tenant (tenant-fence.ts).
    const applied = await asSystem(() =>
      migrate(database.db, (migration) => log.info({ migration }, 'applying a database migration')),
    );
    if (applied.length) log.info({ applied }, 'database migrated');
    const secret = await asSystem(() => loadSecret(database.db, config.secret));
    const resolvedConfig = { ...config, secret };
    const firstStart = await asSystem(() => seedIfEmpty(database.db, resolvedConfig));
    if (firstStart) log.info('first start: tenants and administrators created');

    if (database.url) {
      const postgresBus = createPostgresBus(database.url, { log, heartbeatMs: config.hubBusHeartbeatMs });
      bus = postgresBus;
      await postgresBus.ready(); // events published before LISTEN would be lost
    } else {
      bus = createInProcessBus();
    }
    const principals = new PrincipalCache();
    bus.subscribe((event) => principals.handle(event));
    const services: Services = {
      config: resolvedConfig,
      db: database.db,
      log,
      tenants: createTenantDirectory(database.db),
      captcha: createCaptchaSigner(secret),
      loginThrottle: createLoginThrottle({ delayUnitMs: config.loginDelayUnitMs }),
      sms: sms ?? createLogSmsSender(log),
      notifier: createNotifier(database.db, bus, principals),
      files: createFileStore(config.dataDir),
      principals,
      epochs: createEpochReader((tenantIds) => tenantEpochs(database.db, tenantIds)),
      printWorkers: createPrintWorkers(),
    };

    const app = Fastify({
      loggerInstance: log as unknown as FastifyBaseLogger,
      bodyLimit: MAX_FILE_BYTES + 1024 * 1024,
      // X-Forwarded-For only from the configured proxies (config.ts, TRUST_PROXY).
      trustProxy: config.trustProxy.length ? config.trustProxy : false,
      routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, querystringParser: parseQuery },
      clientErrorHandler: answerClientError,
    });
    registerSecurityHeaders(app);
    await app.register(formbody, { parser: parseQuery });
    refusePlainTextCalls(app);
    refuseEncodedBodies(app);
    refuseRepeatedJsonKeys(app);
    await registerMultipartBodies(app);
    registerErrorHandler(app);

    app.get('/healthz', async () => ({ status: 'ok', database: database.kind }));
    registerAuthRoutes(app, services);
    registerAccountRoutes(app, services);
    registerMenuRoutes(app, services);
    registerHomeRoutes(app, services);
    registerNotificationRoutes(app, services);
    registerUserSettingRoutes(app, services);
    registerMediaRoutes(app, services);
    registerMasterDataRoutes(app, services);
    registerLookupRoutes(app, services);
    registerLetterRoutes(app, services);
    // The demo organisation's letters go through the letters' own calls (seed/demo-letters.ts).
    if (firstStart && config.demoData) await seedDemoTenantLetters(services, config.adminUsername);
    app.get('/api/docs', async () => openApiDocument());
    await registerNotificationHub(app, {
      bus,
      authenticate: async (token) => {
        const principal = await findPrincipal(database.db, token);
        return principal
          ? { userId: principal.userId, tenantId: principal.tenantId, sessionId: principal.sessionId }
          : null;
      },
      // Revocations travel on the bus, which may lose one; expiry sends nothing at all.
      liveSessions: (sessionIds) => liveSessionIds(database.db, sessionIds),
      options: {
        maxConnectionsPerUser: resolvedConfig.hubConnectionsPerUser,
        sessionCheckMs: resolvedConfig.hubSessionCheckMs,
      },
    });
    if (clientDir && fs.existsSync(path.join(clientDir, 'index.html'))) await serveClient(app, clientDir);
    else app.setNotFoundHandler((_request, reply) => reply.code(404).send(NOT_FOUND_ANSWER));

    const openBus = bus;
    return {
      app,
      services,
      database,
      bus: openBus,
      async close() {
        await app.close();
        await services.printWorkers.close();
        await openBus.close();
        await database.close();
      },
    };
  } catch (error) {
    await bus?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}

/** The React app: static files, and index.html for every other non-API path (history routing). */
async function serveClient(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build wrote .br and .gz beside each asset (scripts/precompress.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) =>
      reply.header('Cache-Control', clientCacheControl(path.relative(clientDir, file))),
  });
  const indexHtml = currentFile(path.join(clientDir, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    if (request.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/hubs/')) {
      return reply.code(404).send(NOT_FOUND_ANSWER);
    }
    const pathname = request.url.split('?')[0];
    const file = path.join(clientDir, safeDecode(pathname));
    if (file.startsWith(clientDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(clientDir, file));
    }
    // A file that is not there (a script of an earlier build, asked for by a page opened
    // before a new one) is not found: answered with the app's page, it was run as a script
    // and the screen went blank. Only the app's own routes get the page.
    if (looksLikeFile(pathname))
      return reply.code(404).header('Cache-Control', 'no-cache').send(NOT_FOUND_ANSWER);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', clientCacheControl('index.html'))
      .send(indexHtml());
  });
}

/** A path naming a file: under assets/, or its last part with an extension (`/favicon.ico`).
 *  The app's routes have none (`/letter/false/AllMyMessage/4/12`). */
const looksLikeFile = (pathname: string) =>
  /^\/assets\//i.test(pathname) || /\.[a-z0-9]{1,8}$/i.test(pathname.split('/').pop() ?? '');

const safeDecode = (pathname: string) => {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

/** A file's bytes, read again when it changed on disk: a new build's index.html names the
 *  new build's scripts, and serving the one read at start would name files that are gone. */
function currentFile(file: string): () => Buffer {
  let bytes = fs.readFileSync(file);
  let changedAt = fs.statSync(file).mtimeMs;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs !== changedAt) {
      bytes = fs.readFileSync(file);
      changedAt = stat.mtimeMs;
    }
    return bytes;
  };
}

/**
 * Files under assets/ carry a hash of their content in their name, so a browser may keep
 * them for a year without asking; everything else (index.html above all, which names the
 * current hashes) is asked for again every time, so a new release is seen at once.
 */
export function clientCacheControl(relativePath: string): string {
  const hashed = /^assets[/\\][^/\\]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/.test(relativePath);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

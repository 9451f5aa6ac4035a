// Settings come from the environment only; every one is listed in .env.example.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  captchaEnabled: boolean;
  adminUsername: string;
  adminPassword: string;
  platformHost: string;
  demoData: boolean;
  logLevel: string;
  /** Secret for signed tokens (captcha); generated and kept in the database when unset. */
  secret: string | undefined;
}

export class ConfigError extends Error {}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['off', 'false', '0', 'no'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const embedded = !databaseUrl;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    captchaEnabled: flag(env.CAPTCHA, true),
    adminUsername: env.ADMIN_USERNAME ?? '09120000000',
    adminPassword: env.ADMIN_PASSWORD ?? (embedded ? 'admin123' : ''),
    platformHost: (env.PLATFORM_HOST ?? 'crm.localhost').toLowerCase(),
    demoData: flag(env.DEMO_DATA, embedded),
    logLevel: env.LOG_LEVEL ?? 'info',
    secret: env.SECRET || undefined,
  };
}

// Everything a route module needs, built once at start and passed down explicitly.
import type { Logger } from 'pino';
import type { Config } from './config';
import type { DB } from './db/database';
import type { TenantDirectory } from './tenancy/tenants';
import type { createCaptchaSigner } from './auth/captcha';
import type { LoginThrottle } from './auth/login-throttle';
import type { SmsSender } from './sms/sms-sender';
import type { Notifier } from './notifications/notifier';
import type { FileStore } from './files/file-store';
import type { PrincipalCache } from './auth/principal-cache';
import type { EpochReader } from './auth/epoch-reader';
import type { TenantEpochs } from './auth/sessions';
import type { PrintWorkers } from './letters/print';

export interface Services {
  config: Config;
  db: DB;
  log: Logger;
  tenants: TenantDirectory;
  captcha: ReturnType<typeof createCaptchaSigner>;
  loginThrottle: LoginThrottle;
  sms: SmsSender;
  notifier: Notifier;
  files: FileStore;
  /** Principals of recent tokens (auth/principal-cache.ts). */
  principals: PrincipalCache;
  /** A tenant's sign-in and menu epochs, read for calls that arrive together at once. */
  epochs: EpochReader<TenantEpochs>;
  /** The worker threads that fill letters' Word templates (letters/print.ts). */
  printWorkers: PrintWorkers;
}

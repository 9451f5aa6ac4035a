// Starts the server: read settings, build the app, listen, and close gracefully.
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { buildApp } from './app';
import { DataDirLockedError } from './db/data-dir-lock';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  try {
    const built = await buildApp({ config, log, clientDir: path.resolve('dist/client') });
    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) log.error({ err }, 'closing after an error');
      else log.info({ signal }, 'closing');
      await built.close();
    });
    await built.app.listen({ port: config.port, host: config.host });
    log.info(`Dabir is listening on http://localhost:${config.port} (${built.database.kind})`);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      log.fatal(error.message);
      process.stderr.write(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

void main();

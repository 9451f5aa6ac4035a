// npm run db:migrate — applies pending migrations to DATABASE_URL or the embedded database.
import { asSystem } from './tenant-fence';
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrate } from './migrate';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const applied = await asSystem(() => migrate(database.db));
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}

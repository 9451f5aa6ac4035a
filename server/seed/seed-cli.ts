// npm run db:seed — migrates, then creates the first tenants if the database has none.
import { asSystem } from '../db/tenant-fence';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from './seed';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const seeded = await asSystem(async () => {
    await migrate(database.db);
    return seedIfEmpty(database.db, config);
  });
  console.log(
    seeded ? 'Seeded the platform and demo tenants.' : 'The database already has tenants; nothing to seed.',
  );
} finally {
  await database.close();
}

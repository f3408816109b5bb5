import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openMemoryStorage } from '../src/storage/memory';
import { renderStoredTables, STORED_TABLES_FILE, storedColumns } from './stored-tables';

// Part of `npm run generate`: the row types and column types of the tables mappings/ stores in.
const storage = await openMemoryStorage();
try {
  const path = fileURLToPath(new URL(`../${STORED_TABLES_FILE}`, import.meta.url));
  await writeFile(path, renderStoredTables(await storedColumns(storage.db)));
  console.log(`wrote ${STORED_TABLES_FILE}`);
} finally {
  await storage.close();
}

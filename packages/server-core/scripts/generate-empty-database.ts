import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { migratedEmptyDatabase } from '../src/storage/memory';
import { EMPTY_DATABASE_FILE, renderEmptyDatabase } from './empty-database';

// Part of `npm run generate`: the image of the migrated empty database that in-memory storage opens.
const path = fileURLToPath(new URL(`../${EMPTY_DATABASE_FILE}`, import.meta.url));
await writeFile(path, renderEmptyDatabase(await migratedEmptyDatabase()));
console.log(`wrote ${EMPTY_DATABASE_FILE}`);

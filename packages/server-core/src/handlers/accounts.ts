import type { AccountCreate, AccountUpdate, accountOperations } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { PasswordHasher } from '../auth/passwords';
import { ApiError, notFound, stopIfAbandoned } from '../errors';
import { accountDefaults, accountMapping, toAccount, toAccountWorkspace } from '../mappings/accounts';
import { changesOf, toRow } from '../mappings/mapping';
import * as accounts from '../sql/accounts';
import type { Schema } from '../storage/schema';
import { forEachDistinctItem, forEachItem } from './batch';
import type { Handlers } from './handler';

type Db = Kysely<Schema>;
type NewAccount = z.output<typeof AccountCreate>;
type AccountChanges = z.output<typeof AccountUpdate>;
type UniqueValues = { [F in accounts.UniqueField]?: string | undefined };

const UNIQUE_FIELDS: readonly accounts.UniqueField[] = ['uid', 'username', 'phone', 'email'];
const USERNAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function taken(field: accounts.UniqueField, value: string | undefined): ApiError {
  const message = `${field}${value === undefined ? '' : ` "${value}"`} is already used by another account`;
  return new ApiError(409, message, 'conflict', [{ path: `body.${field}`, message }]);
}

/** `user_` + 10 random lowercase letters and digits (the modulo bias is irrelevant for a name). */
function randomUsername(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `user_${Array.from(bytes, (byte) => USERNAME_ALPHABET[byte % USERNAME_ALPHABET.length]).join('')}`;
}

async function freeUsername(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = randomUsername();
    if (!(await accounts.isTaken(db, 'username', username))) return username;
  }
  throw new ApiError(500, 'could not generate a free username; send one', 'internal');
}

/** 409 naming the first unique value another account holds. Empty phone and e-mail are never unique. */
async function requireFree(db: Db, values: UniqueValues, selfUid?: string): Promise<void> {
  for (const field of UNIQUE_FIELDS) {
    const value = values[field];
    if (value === undefined || value === '') continue;
    if (await accounts.isTaken(db, field, value, selfUid)) throw taken(field, value);
  }
}

/**
 * Runs a write; a unique-constraint violation is answered as 409 too. The check before the write
 * covers the usual case with a clear message; the constraint covers concurrent writes.
 */
async function guardUnique<T>(values: UniqueValues, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = accounts.violatedUniqueField(error);
    if (field) throw taken(field, values[field]);
    throw error;
  }
}

/**
 * Hashes outside the transaction, one at a time: hashing is deliberately slow and memory-hungry,
 * and a write transaction must not wait on it. Stops at the next password once the client has
 * gone: a hung-up batch of 1,000 would otherwise keep the CPU busy for minutes for nobody.
 */
async function hashPasswords(
  passwords: PasswordHasher,
  items: readonly { password?: string | undefined }[],
  signal: AbortSignal,
): Promise<Array<string | undefined>> {
  const hashes: Array<string | undefined> = [];
  for (const item of items) {
    stopIfAbandoned(signal);
    hashes.push(item.password === undefined ? undefined : await passwords.hash(item.password, signal));
  }
  stopIfAbandoned(signal);
  return hashes;
}

async function createOne(db: Db, input: NewAccount, passwordHash: string | undefined, now: Date) {
  const values = {
    uid: input.uid ?? crypto.randomUUID(),
    username: input.username ?? (await freeUsername(db)),
    phone: input.phone ?? '',
    email: input.email ?? '',
  };
  await requireFree(db, values);
  // The password's entry is 'apart': its hash comes in already made, outside the transaction.
  const row = toRow(
    accountMapping,
    { ...input, ...values },
    {
      ...accountDefaults(now.toISOString()),
      ...values,
      password_hash: passwordHash ?? null,
    },
  );
  return guardUnique(values, () => accounts.insertAccount(db, row));
}

async function updateOne(
  db: Db,
  uid: string,
  changes: AccountChanges,
  passwordHash: string | undefined,
  now: Date,
) {
  if (!(await accounts.findAccount(db, uid))) throw notFound(`account ${uid}`);
  const values = { username: changes.username, phone: changes.phone, email: changes.email };
  await requireFree(db, values, uid);
  const row = await guardUnique(values, () =>
    accounts.updateAccount(db, uid, {
      // Every mapped field the contract accepts is written: a new one cannot be dropped here.
      ...changesOf(accountMapping, changes),
      ...(passwordHash !== undefined && { password_hash: passwordHash }),
      updated_at: now.toISOString(),
    }),
  );
  if (!row) throw notFound(`account ${uid}`);
  return row;
}

export const accountHandlers: Handlers<keyof typeof accountOperations> = {
  async createAccount({ body }, context) {
    const [hash] = await hashPasswords(context.passwords, [body], context.signal);
    const now = context.clock.now();
    const row = await context.storage.writeTransaction('unscoped', (trx) => {
      // The write lock may have kept us waiting: a client gone meanwhile gets nothing written.
      stopIfAbandoned(context.signal);
      return createOne(trx, body, hash, now);
    });
    return toAccount(row);
  },

  async createAccounts({ body }, context) {
    const hashes = await hashPasswords(context.passwords, body.accounts, context.signal);
    const now = context.clock.now();
    // Items are inserted in order inside one transaction, so a value repeated within the batch is
    // found taken by the earlier item and the batch is refused naming the later index.
    const rows = await context.storage.writeTransaction('unscoped', (trx) =>
      forEachItem(
        'accounts',
        body.accounts,
        (item, index) => createOne(trx, item, hashes[index], now),
        context.signal,
      ),
    );
    return rows.map(toAccount);
  },

  async updateAccount({ params, body }, context) {
    const [hash] = await hashPasswords(context.passwords, [body], context.signal);
    const now = context.clock.now();
    const row = await context.storage.writeTransaction('unscoped', (trx) => {
      stopIfAbandoned(context.signal);
      return updateOne(trx, params.account_uid, body, hash, now);
    });
    return toAccount(row);
  },

  async updateAccounts({ body }, context) {
    const hashes = await hashPasswords(context.passwords, body.accounts, context.signal);
    const now = context.clock.now();
    const rows = await context.storage.writeTransaction('unscoped', (trx) =>
      forEachItem(
        'accounts',
        body.accounts,
        ({ uid, ...changes }, index) => updateOne(trx, uid, changes, hashes[index], now),
        context.signal,
      ),
    );
    return rows.map(toAccount);
  },

  async listAccounts({ query }, { storage }) {
    return (await accounts.listAccounts(storage, query.q)).map(toAccount);
  },

  async getAccount({ params }, { db }) {
    const row = await accounts.findAccount(db, params.account_uid);
    if (!row) throw notFound(`account ${params.account_uid}`);
    return toAccount(row);
  },

  async fetchAccount({ body }, { db }) {
    const row = await accounts.fetchAccount(db, body.username);
    return row ? toAccount(row) : null;
  },

  async deleteAccount({ params }, context) {
    const deleted = await context.storage.writeTransaction('unscoped', (trx) =>
      accounts.deleteAccount(trx, params.account_uid),
    );
    if (deleted === 0) throw notFound(`account ${params.account_uid}`);
  },

  async deleteAccounts({ body }, context) {
    await context.storage.writeTransaction('unscoped', (trx) =>
      forEachDistinctItem(
        'accountUids',
        body.accountUids,
        async (uid) => {
          if ((await accounts.deleteAccount(trx, uid)) === 0) throw notFound(`account ${uid}`);
        },
        context.signal,
      ),
    );
  },

  async listAccountWorkspaces({ params, query }, { db, key }) {
    if (!(await accounts.findAccount(db, params.account_uid))) {
      throw notFound(`account ${params.account_uid}`);
    }
    // Workspaces outside the calling key's set are left out rather than refused: the list is
    // about the account, and the key may still manage the account itself.
    const rows = await accounts.listAccountWorkspaces(db, params.account_uid, {
      role: query.role,
      workspaceIds: key.workspaceIds,
      offset: query.offset,
      limit: query.limit,
    });
    return rows.map(toAccountWorkspace);
  },
};

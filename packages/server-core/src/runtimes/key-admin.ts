import { successEnvelope } from '@wsadmin/contract';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { constantTimeEqual } from '../auth/digest';
import { createKey, listKeys, type NewKey, publicKeyOf, revokeKey } from '../auth/keys';
import { checkedNewKey, type NewKeyField, NewKeyRuleError, type NewKeyValues } from '../auth/new-key-rules';
import type { Clock } from '../clock';
import { ApiError, invalid, notFound } from '../errors';
import type { AppEnv } from '../http/app-env';
import { headerOf } from '../http/request-headers';
import type { Storage } from '../storage/storage';
import { invalidInput } from '../zod-issues';

/** Where a Worker's keys are managed: no shell reaches its database (decision 0029). */
export const KEY_ADMIN_PATH = '/__admin__/keys/';

/** The body's shape; the rules of a key are new-key-rules.ts's, as for `wsadmin-keys create`. */
const NewKeyBody = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  permissions: z.array(z.string()).nullable().optional(),
  workspaceIds: z.array(z.number()).nullable().optional(),
  expiresAt: z.string().nullable().optional(),
});

const BODY_FIELDS: Record<NewKeyField, string> = {
  name: 'body.name',
  description: 'body.description',
  permissions: 'body.permissions',
  workspaceIds: 'body.workspaceIds',
  expiresAt: 'body.expiresAt',
};

const KeyId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * `wsadmin-keys` over HTTP, for a server without a shell on its database (a Worker): list, create
 * and revoke keys, each request authenticated by the bootstrap secret (`WSADMIN_BOOTSTRAP_KEY`) and
 * nothing else, so an access key can never make more keys. A created key's secret is in the answer
 * to the caller only: the request log names the route and status, never a body.
 */
export function mountKeyAdmin(
  app: Hono,
  storage: () => Storage,
  clock: Clock,
  bootstrapSecret: string | undefined,
): void {
  app.use(`${KEY_ADMIN_PATH}*`, async (c: Context<AppEnv>, next) => {
    c.get('facts').route = `${KEY_ADMIN_PATH}…`;
    const given = /^Bearer\s+(.+)$/i.exec(headerOf(c, 'authorization')?.trim() ?? '')?.[1] ?? '';
    if (bootstrapSecret === undefined || !constantTimeEqual(given, bootstrapSecret)) {
      throw new ApiError(
        401,
        'managing keys needs "Authorization: Bearer <WSADMIN_BOOTSTRAP_KEY>"',
        'unauthorized',
      );
    }
    await next();
  });
  app.get(KEY_ADMIN_PATH, async (c) => {
    const keys = await listKeys(storage().db);
    return c.json(successEnvelope(keys.map(publicKeyOf), true));
  });
  app.post(KEY_ADMIN_PATH, async (c) => {
    const parsed = NewKeyBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw invalidInput('body', parsed.error);
    const key = newKeyOf(parsed.data, clock.now());
    const created = await storage().writeTransaction('unscoped', (trx) => createKey(trx, clock.now(), key));
    return c.json(successEnvelope({ id: created.id, secret: created.secret }, true));
  });
  app.post(`${KEY_ADMIN_PATH}:id/revoke/`, async (c) => {
    const id = KeyId.safeParse(c.req.param('id'));
    if (!id.success) throw invalidInput('path.id', id.error);
    const revoked = await storage().writeTransaction('unscoped', (trx) =>
      revokeKey(trx, id.data, clock.now()),
    );
    if (!revoked) throw notFound(`access key ${id.data}`);
    return c.json(successEnvelope(undefined, false));
  });
}

function newKeyOf(values: NewKeyValues, now: Date): NewKey {
  try {
    return checkedNewKey(values, now, BODY_FIELDS);
  } catch (error) {
    if (!(error instanceof NewKeyRuleError)) throw error;
    throw invalid(error.message, [{ path: BODY_FIELDS[error.field], message: error.message }]);
  }
}

import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { FeaturePermission, Id } from '../primitives';
import { API } from './common';

export const AccessKeyScope = z
  .object({
    id: z.string().meta({ description: 'Key id (never the key itself).' }),
    name: z.string(),
    desc: z.string(),
    expired_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: 'Expiry (ISO 8601 with offset); null when no expiry is set.' }),
    permissions: z
      .array(FeaturePermission)
      .meta({ description: 'Feature permissions; an empty array means they are not restricted.' }),
    workspaces: z
      .array(z.object({ id: Id, name: z.string(), desc: z.string() }))
      .meta({ description: 'Accessible workspaces: all of them when the key has no workspace restriction.' }),
  })
  .meta({
    id: 'AccessKeyScope',
    description: 'Scope of the calling key. The key value itself is never returned.',
  });

export const scopeOperations = {
  getScope: defineOperation({
    method: 'get',
    path: `${API}/scopes/`,
    tag: 'Scopes',
    summary: 'Get the scope of the calling access key',
    description: 'Accepts only `Authorization: Bearer <key>`; a JWT-shaped bearer is refused with 401.',
    permission: null,
    workspaceScope:
      "`workspaces` lists the workspaces in the key's set (all of them for a key without a workspace restriction).",
    storedDataRead: true,
    keyForm: 'bearer',
    data: AccessKeyScope,
  }),
};

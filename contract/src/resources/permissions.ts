import { z } from 'zod';
import { MatchOperator, NonEmptyShortText, ShortText } from '../primitives';

/** Row and model permission shapes shared by member groups and members. */

export const RowPermissionMode = z.union([z.literal(1), z.literal(2)]).meta({
  id: 'RowPermissionMode',
  description: '1 = all conditions must hold; 2 = any one condition suffices.',
});

export const ModelUid = NonEmptyShortText.meta({
  description: 'Model uid (`definition.uid` of a management model).',
});

const ruleFields = {
  effect: z.enum(['allow', 'deny']),
  resource: NonEmptyShortText.meta({
    description:
      'Dimension property identifier: the keyword (first entry of `names`) of a dimension of the workspace.',
  }),
  values: z
    .array(z.union([ShortText, z.number()]))
    .max(1000)
    .meta({ description: 'Contents the rule matches.' }),
  operator: MatchOperator,
};

export const RowPermissionRuleInput = z
  .strictObject({
    ...ruleFields,
    modelUids: z.array(ModelUid).min(1).max(1000).optional().meta({
      description:
        'Models the rule applies to; a non-empty array when given, all models when omitted. Each model must exist and contain the rule dimension.',
    }),
    modelUid: ModelUid.optional().meta({
      deprecated: true,
      description:
        'Legacy single-model form, still accepted; stored as `modelUids: [modelUid]`. Not together with `modelUids`.',
    }),
  })
  // The server refuses both together (handlers/row-permission-rules.ts); say so in the document.
  // (`properties` restated inside `not` only for Redocly's no-required-schema-properties-undefined.)
  .meta({
    id: 'RowPermissionRuleInput',
    not: { properties: { modelUids: {}, modelUid: {} }, required: ['modelUids', 'modelUid'] },
  });

export const RowPermissionRule = z
  .object({
    ...ruleFields,
    resourceLabel: z.string().meta({ description: 'Display label of the dimension (its keyword).' }),
    modelUids: z
      .array(z.string())
      .optional()
      .meta({ description: 'Absent when the rule applies to all models.' }),
  })
  .meta({ id: 'RowPermissionRule' });

export const RowPermissionSetting = z
  .object({ rowPermissionMode: RowPermissionMode, rowPermission: z.array(RowPermissionRule) })
  .meta({ id: 'RowPermissionSetting' });

export const RowPermissionSettingInput = z
  .strictObject({
    rowPermissionMode: RowPermissionMode,
    rowPermission: z.array(RowPermissionRuleInput).max(1000),
  })
  .meta({ id: 'RowPermissionSettingInput' });

export const ModelPermissionEffect = z.enum(['allow', 'deny']).meta({
  id: 'ModelPermissionEffect',
  description:
    'allow = only the listed models may be used; deny = the listed models may not be used (the spec does not show the forbid literal).',
});

export const ModelPermission = z
  .object({ effect: ModelPermissionEffect, resource: z.array(z.string()) })
  .meta({ id: 'ModelPermission' });

export const ModelPermissionInput = z
  .strictObject({
    effect: ModelPermissionEffect,
    resource: z
      .array(ModelUid)
      .max(1000)
      .meta({ description: 'Model uids; each must exist in the workspace.' }),
  })
  .meta({ id: 'ModelPermissionInput' });

export const RowPermissionSwitch = z
  .object({ enableRowPermission: z.boolean() })
  .meta({ id: 'RowPermissionSwitch' });
export const RowPermissionSwitchInput = z.strictObject({ enableRowPermission: z.boolean() });

export const ModelPermissionSwitch = z
  .object({ enableModelPermission: z.boolean() })
  .meta({ id: 'ModelPermissionSwitch' });
export const ModelPermissionSwitchInput = z.strictObject({ enableModelPermission: z.boolean() });

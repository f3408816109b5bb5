import { clean, freshWorkspace } from './arrange';
import { type Body, bodySchema } from './schemas';
import { readAt, type SettingGroup } from './settings';

type Ctx = { workspaceId: number };
const path = (ctx: Ctx) => ({ workspaceId: ctx.workspaceId });

/** The source catalogue of a workspace (an extension): table names are unique by design (400). */
export const sourceSettings: SettingGroup<Ctx> = {
  label: 'source catalogue',
  arrange: freshWorkspace,
  clean,
  settings: [
    {
      write: 'setSourceCatalogue',
      schema: bodySchema('setSourceCatalogue'),
      params: path,
      valid: (body) => {
        const names = (body.tables as Body[]).map((table) => String(table.name).trim());
        return new Set(names).size === names.length;
      },
      readBack: readAt('getSourceCatalogue', path),
    },
  ],
};

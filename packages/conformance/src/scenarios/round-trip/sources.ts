import { clean, freshWorkspace } from './arrange';
import { type Body, bodySchema } from './schemas';
import { readAt, type SettingGroup } from './settings';

type Ctx = { workspaceId: number };
const path = (ctx: Ctx) => ({ workspaceId: ctx.workspaceId });

/** Code point order (UTF-8 byte order, as SQLite and PostgreSQL's "C" collation sort text). */
function byCodePoint(a: string, b: string): number {
  const [x, y] = [Array.from(a, (c) => c.codePointAt(0) ?? 0), Array.from(b, (c) => c.codePointAt(0) ?? 0)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}

/**
 * The source catalogue of a workspace (an extension). Table names are unique by design (400), and
 * tables are answered by name (docs/spec-gaps.md, Management interface).
 */
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
      readBack: (sent, ctx) => {
        const tables = [...(sent.tables as Array<{ name: string }>)].sort((a, b) =>
          byCodePoint(a.name, b.name),
        );
        return readAt('getSourceCatalogue', path)({ tables }, ctx);
      },
    },
  ],
};

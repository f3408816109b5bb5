import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { workspaceOf } from './fixtures';

/** The source catalogue (an extension): the tables follow-up tasks check bound sources against. */
export function sourceCatalogueScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const workspace = workspaceOf(api);

  describe('source catalogue (extension)', () => {
    it('starts empty, is replaced as a whole, and answers sorted by table name', async () => {
      const ws = await workspace();
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual({ tables: [] });
      const tables = [
        { name: 'fact_orders', fields: ['amount'] },
        { name: 'dim_region', fields: ['region_id'] },
      ];
      await api.ok('setSourceCatalogue', { params: { workspaceId: ws }, body: { tables } });
      const want = { tables: [tables[1], tables[0]] };
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual(want);
      await api.ok('setSourceCatalogue', { params: { workspaceId: ws }, body: { tables: [] } });
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual({ tables: [] });
    });

    it('answers a write in the order its read answers, by code point (also beyond UTF-16 order)', async () => {
      const ws = await workspace();
      // UTF-16 puts `😀` (a surrogate pair, U+1F600) before `Ａ` (U+FF21); code points the other way.
      const tables = [
        { name: '😀', fields: [] },
        { name: 'Ａ', fields: [] },
      ];
      const written = await api.ok('setSourceCatalogue', { params: { workspaceId: ws }, body: { tables } });
      const read = await api.ok('getSourceCatalogue', { params: { workspaceId: ws } });
      expect(read).toEqual({ tables: [tables[1], tables[0]] });
      expect(written).toEqual(read);
    });

    it('refuses a table listed twice, naming it, and keeps the catalogue', async () => {
      const ws = await workspace();
      const tables = [{ name: 't', fields: [] }];
      await api.ok('setSourceCatalogue', { params: { workspaceId: ws }, body: { tables } });
      const answer = await api.fails('setSourceCatalogue', 400, {
        params: { workspaceId: ws },
        body: {
          tables: [
            { name: 'a', fields: [] },
            { name: 'a', fields: ['x'] },
          ],
        },
      });
      expect(answer.errmsg).toContain('tables.1.name');
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual({ tables });
    });

    it('answers 404 for an unknown workspace', async () => {
      await api.fails('getSourceCatalogue', 404, { params: { workspaceId: 1_999_999_998 } });
    });
  });
}

import type { Answer } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { managementClient, type Preview } from './management-fixtures';

/** Commits of one preview sent at once: one effect, every other answer a 409. */
export function managementConcurrencyScenarios(target: () => ScenarioTarget) {
  const { api, idem, okAs, workspace } = managementClient(target);

  describe('management: concurrency', () => {
    it('applies exactly one of two commits of one preview sent at once with different keys', async () => {
      const ws = await workspace();
      const preview = await okAs<Preview>('previewCorpusChange', {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { title: 'race', content: 'c' } },
      });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          api.call('createManagedCorpus', {
            params: { workspaceId: ws },
            body: { changes: { title: 'race', content: 'c' }, planToken: preview.planToken },
            headers: { 'Idempotency-Key': idem() },
          }),
        ),
      );
      expect(answers.filter((a) => a.errcode === 200)).toHaveLength(1);
      for (const a of answers.filter((a) => a.errcode !== 200)) expect(a.errcode).toBe(409);
      expect(await okAs<unknown[]>('listManagedCorpus', { params: { workspaceId: ws } })).toHaveLength(1);
    });

    it('gives N parallel identical requests with one key one effect: each answer is the result or 409', async () => {
      const ws = await workspace();
      const preview = await okAs<Preview>('previewCorpusChange', {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { title: 'same', content: 'c' } },
      });
      const key = idem();
      const send = () =>
        api.call('createManagedCorpus', {
          params: { workspaceId: ws },
          body: { changes: { title: 'same', content: 'c' }, planToken: preview.planToken },
          headers: { 'Idempotency-Key': key },
        });
      const answers: Answer[] = await Promise.all(Array.from({ length: 12 }, send));
      const successes = answers.filter((a) => a.errcode === 200);
      expect(successes.length).toBeGreaterThanOrEqual(1);
      for (const a of successes) expect(a.data).toEqual(successes[0]?.data);
      for (const a of answers.filter((a) => a.errcode !== 200)) expect(a.errcode).toBe(409);
      expect((await send()).data).toEqual(successes[0]?.data);
      expect(await okAs<unknown[]>('listManagedCorpus', { params: { workspaceId: ws } })).toHaveLength(1);
    });
  });
}

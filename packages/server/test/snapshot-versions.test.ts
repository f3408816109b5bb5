import { describe, expect, it } from 'vitest';
import { SnapshotVersions } from '../src/snapshot-versions';

/** Version reads the test settles by hand, in the order they started. */
function manualReads() {
  const reads: Array<{ settle: (snapshot: string) => void; fail: () => void }> = [];
  const versions = new SnapshotVersions(
    () =>
      new Promise<string>((resolve, reject) => {
        reads.push({ settle: resolve, fail: () => reject(new Error('Connection terminated unexpectedly')) });
      }),
  );
  const read = (index: number) => {
    const found = reads[index];
    if (!found) throw new Error(`read ${index} has not started (${reads.length} started)`);
    return found;
  };
  return { versions, reads, read };
}

/** Records when a promise settles, without awaiting it. */
function watch(promise: Promise<unknown>) {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('PostgreSQL change versions read per request, coalesced', () => {
  it('never settles a request on a read that started before it arrived', async () => {
    const { versions, reads, read } = manualReads();
    const first = watch(versions.fresh());
    // Arrives while read 0 is in flight: a commit may have completed after read 0 took its snapshot.
    const second = watch(versions.fresh());
    read(0).settle('10:12:');
    await turn();
    expect(first.settled).toBe(true);
    expect(second.settled).toBe(false);
    expect(versions.current()).toBe('0 10:12:');
    expect(reads).toHaveLength(2);
    read(1).settle('10:13:');
    await turn();
    expect(second.settled).toBe(true);
    expect(versions.current()).toBe('0 10:13:');
  });

  it('serves every request waiting meanwhile with one read in flight and one queued', async () => {
    const { versions, reads, read } = manualReads();
    const waiting = Array.from({ length: 50 }, () => watch(versions.fresh()));
    expect(reads).toHaveLength(1);
    read(0).settle('1:1:');
    await turn();
    expect(reads).toHaveLength(2);
    read(1).settle('1:1:');
    await turn();
    expect(waiting.every((request) => request.settled)).toBe(true);
    expect(reads).toHaveLength(2);
  });

  it.each([
    ['a write of this process completed after the read started', (v: SnapshotVersions) => v.wrote()],
    ['a connection was lost after the read started', (v: SnapshotVersions) => v.lost()],
  ])('keeps nothing under a version read before %s', async (_case, event) => {
    const { versions, read } = manualReads();
    const request = versions.fresh();
    event(versions);
    read(0).settle('5:5:');
    await request;
    expect(versions.current()).toBeUndefined();
    const next = versions.fresh();
    read(1).settle('5:5:');
    await next;
    expect(versions.current()).toMatch(/ 5:5:$/);
  });

  it('gives no version while the database cannot be asked, and never again one from before', async () => {
    const { versions, read } = manualReads();
    const before = versions.fresh();
    read(0).settle('7:7:');
    await before;
    const kept = versions.current();
    expect(kept).toBeDefined();

    const during = versions.fresh();
    read(1).fail();
    await during;
    expect(versions.current()).toBeUndefined();

    // The same snapshot text after the loss (a server promoted in a failover may hand out the same
    // transaction ids): a new version all the same, so nothing kept before the loss is used.
    const after = versions.fresh();
    read(2).settle('7:7:');
    await after;
    expect(versions.current()).toBeDefined();
    expect(versions.current()).not.toBe(kept);
  });
});

import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESTATE_BEFORE_ALL_MS, RESTATE_START_BUDGET_MS, startRestateCluster } from './restate-cluster.js';

// The start of a restate cluster has one deadline for all its waits (the server's admin API, each
// worker listening, the deployment registering), and a beforeAll that starts one gives it more
// time than that deadline, so a slow start fails with the helper's message and its kept logs,
// not with vitest's hook timeout. Before: three waits of 60 s each (one per worker) under a 120 s beforeAll.

describe('startRestateCluster: one deadline for the whole start', () => {
  it('the beforeAll timeout is larger than the start budget', () => {
    expect(RESTATE_BEFORE_ALL_MS).toBeGreaterThan(RESTATE_START_BUDGET_MS);
  });

  it('a start past its budget fails with a message naming the wait, the budget and the kept logs', async () => {
    const failed = await startRestateCluster({ workers: 2, startBudgetMs: 0 }).then(
      async (cluster) => void (await cluster.stop()),
      (error: unknown) => error as Error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed!.message).toMatch(/^the restate cluster did not start within its budget of 0 ms: timed out waiting for (restate-server admin API|worker-1 to listen|worker-2 to listen|the deployment to register)\n/);
    const kept = /restate cluster logs kept in (\S+) /.exec(failed!.message);
    expect(kept, failed!.message).not.toBeNull();
    rmSync(kept![1]!, { recursive: true, force: true });
  }, RESTATE_BEFORE_ALL_MS);
});

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createLiveTurnHub } from '../../src/restate/index.js';
import { freePort, RESTATE_BEFORE_ALL_MS, startRestateCluster, type RestateCluster } from './restate-cluster.js';

/**
 * A live-turn hub served by this test process on a free local port, and a restate-server with
 * `workers` workers publishing their executions' stream parts to it (LIVE_URL). `stop()` stops
 * every process and the hub, on every exit path of the test file (call it in afterAll).
 */
export async function startLiveHubCluster(workers: number): Promise<{ readonly cluster: RestateCluster; readonly hubUrl: string; stop(): Promise<void> }> {
  const hub = createLiveTurnHub();
  const port = await freePort();
  const hubServer: Server = createServer(hub.handler);
  await new Promise<void>((resolve) => hubServer.listen(port, '127.0.0.1', resolve));
  const hubUrl = `http://127.0.0.1:${port}`;
  const closeHub = async () => {
    hubServer.closeAllConnections();
    await new Promise((resolve) => hubServer.close(resolve));
  };
  let cluster: RestateCluster;
  try {
    cluster = await startRestateCluster({ workers, workerEnv: { LIVE_URL: hubUrl } });
  } catch (error) {
    await closeHub();
    throw error;
  }
  return {
    cluster,
    hubUrl,
    stop: async () => {
      await cluster.stop();
      await closeHub();
    },
  };
}

/**
 * {@link startLiveHubCluster} for one test file: started in `beforeAll`, stopped in `afterAll`.
 * Read `cluster` and `hubUrl` inside the tests (they are set once `beforeAll` ran).
 */
export function liveHubClusterForFile(workers: number): { cluster: RestateCluster | undefined; hubUrl: string } {
  const state: { cluster: RestateCluster | undefined; hubUrl: string } = { cluster: undefined, hubUrl: '' };
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startLiveHubCluster(workers);
    Object.assign(state, { cluster: started.cluster, hubUrl: started.hubUrl });
    stop = started.stop;
  }, RESTATE_BEFORE_ALL_MS);
  afterAll(async () => {
    await stop?.();
  }, 60_000);
  return state;
}

import { afterEach } from 'vitest';
import type { FakeProviderServer } from './fake-provider-server.js';

/**
 * A list to push each test's fake provider servers onto; every server on it is closed after each
 * test of the calling file (vitest's `afterEach`, registered by this call), and the list emptied.
 */
export function serversClosedAfterEach(): FakeProviderServer[] {
  const servers: FakeProviderServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return servers;
}

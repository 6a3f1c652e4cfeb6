#!/usr/bin/env node
// The `turnscope` executable. In a checkout (tsx installed as a dev dependency) it runs the
// TypeScript sources through tsx's loader, so `npx turnscope demo` needs no build step and
// never runs stale output; in an installed package (no tsx) it runs the compiled `dist/`.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

if (canResolve('tsx/esm/api')) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
} else {
  await import('../dist/src/cli/main.js');
}

function canResolve(specifier) {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

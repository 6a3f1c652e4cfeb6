// `@/lib/runtime` of the README's Next.js route (test/ui/readme-route.test.ts): one runtime per server.
import { createToolSearchRuntime } from '../../../../src/index.js';
import { sampleTools } from '../../../helpers/sample-tools.js';

const { tools, groups } = sampleTools();
export const runtime = createToolSearchRuntime({ tools, groups });

import { jsonSchema, tool, type Tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolCatalog, createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { thrownBy } from '../helpers/thrown-by.js';

// Options that cannot be read (a getter or Proxy trap that throws, a revoked Proxy) are
// configuration mistakes: an InvalidOptionError naming the option path, never the raw Error.
// Before: `hints: { get ship() { throw … } }` surfaced as `Error: getter hints`.

const shipTool = (): Tool => tool({ description: 'Ship an order', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'x' });
const trap = () => {
  throw new Error('trap refuses');
};
const throwingProxy = () => new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
const revoked = () => {
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  return revocable.proxy;
};
const throwingKey = (key: string, message: string) =>
  Object.defineProperty({}, key, {
    enumerable: true,
    get() {
      throw new Error(message);
    },
  });

describe('options that cannot be read', () => {
  const cases: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
    ['a hints object with a throwing getter', { hints: throwingKey('ship', 'getter hints') }, 'hints.ship'],
    ['a hint with a throwing alwaysLoad getter', { hints: { ship: throwingKey('alwaysLoad', 'getter alwaysLoad') } }, 'hints.ship.alwaysLoad'],
    ['a hints Proxy whose traps throw', { hints: throwingProxy() }, 'hints'],
    ['a hint that is a Proxy whose traps throw', { hints: { ship: throwingProxy() } }, 'hints.ship'],
    ['a revoked Proxy as hints', { hints: revoked() }, 'hints'],
    ['a tools record with a throwing getter', { tools: Object.defineProperty({ other: shipTool() }, 'ship', { enumerable: true, get: trap }) }, 'tools.ship'],
    ['groups with a throwing getter', { groups: throwingKey('g', 'getter groups') }, 'groups.g'],
    ['a group list that is a throwing Proxy', { groups: { g: new Proxy(['ship'], { get: trap }) } }, 'groups.g'],
    ['sources with a throwing getter', { sources: throwingKey('ship', 'getter sources') }, 'sources.ship'],
    ['aliases with a throwing Proxy list', { aliases: { ship: new Proxy(['s'], { get: trap }) } }, 'aliases.ship'],
    ['direct as a throwing Proxy', { direct: new Proxy(['ship'], { get: trap }) }, 'direct'],
    ['direct as a Proxy claiming a length of 1e12', { direct: new Proxy(['ship'], { get: (target, key) => (key === 'length' ? 1e12 : Reflect.get(target, key)) }) }, 'direct'],
    ['search with a throwing getter', { search: throwingKey('defaultLimit', 'getter search') }, 'search.defaultLimit'],
    ['inventory.groupDescriptions with a throwing getter', { inventory: { groupDescriptions: throwingKey('g', 'getter gd') } }, 'inventory.groupDescriptions.g'],
    ['prefetch as a throwing Proxy', { prefetch: throwingProxy() }, 'prefetch'],
    ['profiles with a throwing getter', { profiles: throwingKey('p', 'getter profiles') }, 'profiles.p'],
  ];
  it.each(cases)('%s is an InvalidOptionError naming the option path', (_label, extra, option) => {
    const error = thrownBy(() => createToolSearchRuntime({ tools: { ship: shipTool(), other: shipTool() }, ...extra } as never));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option.startsWith(option)).toBe(true);
    expect((error as Error).message).toMatch(/cannot be read \(reading it threw: .+\); expected plain data/);
  });

  it('the options object itself as a throwing Proxy is an InvalidOptionError naming options', () => {
    const error = thrownBy(() => createToolSearchRuntime(throwingProxy() as never));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option).toBe('options');
  });

  it('createToolCatalog alone reads its options the same way', () => {
    const error = thrownBy(() => createToolCatalog({ tools: { ship: shipTool() }, hints: throwingKey('ship', 'x') as never }));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option).toBe('hints.ship');
    expect(thrownBy(() => createToolCatalog(null as never))).toBeInstanceOf(InvalidOptionError);
  });

  it('a hint is checked and used as read once: a getter answering differently on its second read cannot slip a non-boolean past the check', () => {
    let reads = 0;
    const shifty = {
      get alwaysLoad() {
        reads += 1;
        return reads === 1 ? true : 'yes';
      },
    };
    const runtime = createToolSearchRuntime({ tools: { ship: shipTool(), other: shipTool() }, hints: { ship: shifty as never } });
    expect(reads).toBe(1);
    expect(runtime.catalog.direct).toEqual(['ship']);
  });

  it('a non-enumerable hint, which the check does not see, is not used either', () => {
    const hints = Object.defineProperty({}, 'ship', { enumerable: false, value: { alwaysLoad: 'yes' } });
    const runtime = createToolSearchRuntime({ tools: { ship: shipTool(), other: shipTool() }, hints });
    expect(runtime.catalog.direct).toEqual([]);
  });
});

describe('tools and client tools whose fields cannot be read', () => {
  const unreadableField = (field: 'description' | 'inputSchema' | '_meta') =>
    Object.defineProperty({ ...shipTool() }, field, { enumerable: true, get: trap }) as unknown as Tool;

  it.each(['description', 'inputSchema'] as const)('a bound tool whose %s getter throws is an InvalidOptionError naming tools.NAME', (field) => {
    // before: the raw Error of the getter
    const error = thrownBy(() => createToolSearchRuntime({ tools: { ship: unreadableField(field), other: shipTool() } }));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option).toBe('tools.ship');
  });

  it.each([
    ['a client tool whose _meta getter throws', () => ({ ui_chart: unreadableField('_meta') }), 'clientTools.ui_chart'],
    ['a client tool whose description getter throws', () => ({ ui_chart: unreadableField('description') }), 'clientTools.ui_chart'],
    ['a clientTools record with a throwing getter', () => Object.defineProperty({}, 'ui_chart', { enumerable: true, get: trap }), 'clientTools.ui_chart'],
    ['a clientTools Proxy whose traps throw', throwingProxy, 'clientTools'],
  ] as const)('send() with %s throws an InvalidOptionError naming %s', async (_label, clientTools, option) => {
    // before: send() threw the raw Error of the getter or trap
    const runtime = createToolSearchRuntime({ tools: { ship: shipTool(), other: shipTool() } });
    const { createScriptedModel } = await import('../../src/testing/index.js');
    const model = createScriptedModel({ steps: [{ text: 'x' }] }).model;
    const error = thrownBy(() => runtime.send({ model, prompt: 'x', clientTools: clientTools() as never, clientId: 'ui' }));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option).toBe(option);
  });
});

/**
 * Values a careless or hostile callback may throw or return, each built fresh (a revoked Proxy
 * cannot be reused): `String()` of most of them throws, `JSON.stringify` of the rest does.
 */
export const HOSTILE_VALUES: Readonly<Record<string, () => unknown>> = {
  'Object.create(null)': () => Object.create(null),
  'an object whose toString throws': () => ({
    toString() {
      throw new Error('toString refuses');
    },
  }),
  'an object whose toString throws a null-prototype object': () => ({
    toString() {
      throw Object.create(null);
    },
  }),
  'an object whose Symbol.toPrimitive throws': () => ({
    [Symbol.toPrimitive]() {
      throw new Error('no primitive');
    },
  }),
  'a revoked Proxy': () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  },
  'a Proxy whose traps throw': () => {
    const trap = () => {
      throw new Error('trap');
    };
    return new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
  },
  'a Symbol': () => Symbol('hostile'),
  'a BigInt': () => 10n ** 30n,
  'an Error whose message getter throws': () => {
    const error = new Error('hidden');
    Object.defineProperty(error, 'message', {
      get() {
        throw new Error('message getter');
      },
    });
    return error;
  },
  'an object holding a BigInt and a cycle': () => {
    const value: Record<string, unknown> = { code: 7n };
    value.self = value;
    return value;
  },
  undefined: () => undefined,
  null: () => null,
  'a function': () =>
    function hostile() {
      return 1;
    },
  'the string __proto__': () => '__proto__',
};

export const HOSTILE_NAMES = Object.keys(HOSTILE_VALUES);

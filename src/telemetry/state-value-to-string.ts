import type { StateValue } from 'xstate';

/**
 * Renders an xstate state value as a dotted path: `'completed'` → `completed`,
 * `{ awaitingStep: 'backingOff' }` → `awaitingStep.backingOff`. Parallel regions (none in the
 * turn machine) are joined with `,`.
 */
export function stateValueToString(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateValueToString(child as StateValue)}`))
    .join(',');
}

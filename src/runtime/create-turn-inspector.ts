import type { InspectionEvent, Observer } from 'xstate';
import type { TurnError } from '../../machines/turn-types.js';
import { describeThrown } from '../errors/describe-thrown.js';

/** What `send({ inspect })` accepts: an xstate inspection observer or a plain function. */
export type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * The one inspector a turn actor gets: the caller's `inspect` (a function or an observer's
 * `next`) and the runtime's own, called in that order for every inspection event.
 *
 * The caller's observer runs inside xstate's event processing, where a throw would escape from
 * `send()`, from a promise callback (an unhandled rejection) or stall the actor. So its throw
 * is caught here: `onInspectError` gets it as the turn's error (once; the observer is not
 * called again) and the turn fails with it (`execution-error`, see startTurn). An async observer
 * whose promise rejects is treated the same (the turn fails if it is still running; the
 * rejection is never left unhandled).
 *
 * @param options.inspect the caller's observer. Default: none.
 * @param options.internal the runtime's own inspector (telemetry); expected not to throw. Default: none.
 * @param options.onInspectError told the first time the caller's observer throws.
 * @returns undefined when there is neither inspector (the actor then skips inspection).
 */
export function createTurnInspector(options: {
  readonly inspect: Inspector | undefined;
  readonly internal: ((event: InspectionEvent) => void) | undefined;
  readonly onInspectError: (error: TurnError) => void;
}): ((event: InspectionEvent) => void) | undefined {
  const { inspect, internal, onInspectError } = options;
  if (inspect === undefined) return internal;
  let broken = false;
  const fail = (event: InspectionEvent, error: unknown, verb: string) => {
    if (broken) return;
    broken = true;
    const message = describeThrown(error);
    onInspectError({ name: 'InspectError', code: 'inspect-observer', message: `The inspect observer ${verb} on ${event.type}: ${message}`, isRetryable: false });
  };
  return (event) => {
    if (!broken) {
      try {
        const returned: unknown = typeof inspect === 'function' ? inspect(event) : inspect.next?.(event);
        // an async observer: its rejection must not become an unhandled rejection (which ends the process)
        if (typeof (returned as PromiseLike<unknown> | undefined)?.then === 'function') {
          (returned as PromiseLike<unknown>).then(undefined, (error: unknown) => fail(event, error, 'rejected'));
        }
      } catch (error) {
        fail(event, error, 'threw');
      }
    }
    internal?.(event);
  };
}

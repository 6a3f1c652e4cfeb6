/**
 * Whether a producer's wait (`whenRoom()`, a UI chunk demand) has ended after the event loop has
 * turned five times: `'no wait'` for `undefined` (nothing to wait for), else `'resolved'` or
 * `'pending'`. Five turns give every pending read, pull and resolve its chance to run; no timing.
 */
export async function settledNow(promise: Promise<void> | undefined): Promise<'no wait' | 'resolved' | 'pending'> {
  if (promise === undefined) return 'no wait';
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  return settled ? 'resolved' : 'pending';
}

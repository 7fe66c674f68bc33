/**
 * The iterator of an async or a sync iterable, whichever it is: one with `Symbol.asyncIterator`
 * (a stream, an async generator) is read as async, any other (an array, a generator) as sync.
 *
 * @param source - The iterable.
 * @returns Its iterator; `await iterator.next()` reads either kind.
 * @throws Only what the iterable's own iterator method throws.
 * @example
 * const iterator = iteratorOf(batches)
 * for (let step = await iterator.next(); !step.done; step = await iterator.next()) use(step.value)
 */
export function iteratorOf<T>(source: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
}

/**
 * `items.map(fn)` for an async `fn`, one item at a time: the first refusal is the one a caller
 * sees (as with the synchronous map it replaces), and queries never pile up on the connection.
 */
export async function mapInOrder<T, U>(items: readonly T[], fn: (item: T, index: number) => Promise<U>): Promise<U[]> {
  const out: U[] = []
  for (let i = 0; i < items.length; i++) out.push(await fn(items[i], i))
  return out
}

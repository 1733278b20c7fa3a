/**
 * `items.map(fn)` for an async `fn`, one item at a time: the first refusal is the one a caller
 * sees (as with the synchronous map it replaces), and queries never pile up on the connection.
 */
export async function mapInOrder<T, U>(items: readonly T[], fn: (item: T, index: number) => Promise<U>): Promise<U[]> {
  const out: U[] = []
  for (const [i, item] of items.entries()) out.push(await fn(item, i))
  return out
}

/** Wait until `fn` holds, polling every 25 ms; fails naming `what` after `ms` (cross-process state arrives by events). */
export async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 15000): Promise<void> {
  const end = Date.now() + ms
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise(r => setTimeout(r, 25))
  }
}

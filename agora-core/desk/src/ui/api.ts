/**
 * The desk's only door to the hub: same-origin fetch with the HttpOnly session cookie (the page
 * never holds a key), the x-agora-desk header on writes, and the hub's `detail` as the error text.
 */
export class HubRefusal extends Error {
  constructor(readonly status: number, detail: string) {
    super(detail)
  }
}

function detailOf(body: unknown, status: number): string {
  const d = (body as {detail?: unknown} | null)?.detail
  if (typeof d === 'string') return d
  if (Array.isArray(d)) return d.map(x => (x as {msg?: string}).msg ?? JSON.stringify(x)).join('; ')
  return `the hub answered ${status}`
}

export async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const text = await callText(method, path, body)
  return (text ? JSON.parse(text) : null) as T
}

export async function callText(method: string, path: string, body?: unknown): Promise<string> {
  const headers: Record<string, string> = {'x-agora-desk': '1'}
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(path, {method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body)})
  const text = await res.text()
  if (!res.ok) {
    let parsed: unknown = null
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = {detail: text}
    }
    throw new HubRefusal(res.status, detailOf(parsed, res.status))
  }
  return text
}

export const enc = encodeURIComponent

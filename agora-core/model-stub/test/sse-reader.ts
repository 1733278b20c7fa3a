/** Test helper: POSTs JSON and splits an SSE reply into {event, data} records. */
export interface SseEvent {
  event: string | null
  data: any
}

export async function postSse(url: string, body: unknown): Promise<{status: number; type: string | null; events: SseEvent[]}> {
  const res = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)})
  const text = await res.text()
  const events: SseEvent[] = []
  for (const block of text.split('\n\n')) {
    if (block.trim() === '') continue
    let event: string | null = null
    let data = ''
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7)
      if (line.startsWith('data: ')) data += line.slice(6)
    }
    events.push({event, data: data === '[DONE]' ? data : JSON.parse(data)})
  }
  return {status: res.status, type: res.headers.get('content-type'), events}
}

/**
 * Read a secret from stdin: a pipe or redirect (`printf %s "$KEY" | …`, `< key.txt`). A terminal
 * gets a prompt with echo left as is, so pasting there is the user's choice; argv is never read.
 */
export async function readSecretFromStdin(stdin: NodeJS.ReadStream = process.stdin, prompt?: (text: string) => void): Promise<string> {
  if (stdin.isTTY && prompt) prompt('paste the seat key (agora_…) and press Enter, then Ctrl-D: ')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += buf.length
    // A key is 54 characters; anything this large is not one, and reading on would be unbounded.
    if (size > 4096) throw new Error('stdin holds more than 4 KiB, which is not a seat key; pipe only the key')
    chunks.push(buf)
  }
  return Buffer.concat(chunks).toString('utf8').trim()
}

import ansis from 'ansis'

/** Paints a word, or leaves it alone. */
export type Paint = (kind: 'pass' | 'warn' | 'fail' | 'skip', text: string) => string

export const plain: Paint = (_kind, text) => text

/**
 * Colour for a terminal that wants it: never under NO_COLOR (any value) or TERM=dumb, always under
 * FORCE_COLOR (other than 0), else only when the stream is a TTY. ansis draws the escape codes.
 */
export function colourFor(stream: {isTTY?: boolean}, env: NodeJS.ProcessEnv = process.env): Paint {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0'
  const wanted = env.NO_COLOR === undefined && env.TERM !== 'dumb' && (forced || stream.isTTY === true)
  if (!wanted) return plain
  const codes = {pass: ansis.green, warn: ansis.yellow, fail: ansis.red, skip: ansis.dim}
  return (kind, text) => codes[kind](text)
}

import {PaneParser} from './pane-input.js'
import type {PaneEvent} from './pane-input.js'

/** The pane's input stream: the process's stdin under OpenRig. */
export interface PaneStream {
  isTTY?: boolean
  setRawMode?(mode: boolean): unknown
  setEncoding(encoding: BufferEncoding): unknown
  on(event: 'data', listener: (chunk: string) => void): unknown
  on(event: 'end', listener: () => void): unknown
  removeAllListeners(event: string): unknown
  pause(): unknown
  resume(): unknown
}

/**
 * Read the pane: on a TTY put it in raw mode and turn bracketed paste on (so a pasted message
 * arrives between markers and its newlines stay inside one block); without one, line by line.
 * Returns the function that puts the terminal back.
 */
export function readPane(stream: PaneStream, write: (text: string) => void, onEvent: (event: PaneEvent) => void): () => void {
  const tty = stream.isTTY === true && typeof stream.setRawMode === 'function'
  const parser = new PaneParser(tty, onEvent)
  if (tty) {
    stream.setRawMode!(true)
    write('\x1b[?2004h')
  }
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => parser.feed(chunk))
  stream.on('end', () => parser.end())
  stream.resume()
  return () => {
    stream.removeAllListeners('data')
    stream.removeAllListeners('end')
    stream.pause()
    if (tty) {
      write('\x1b[?2004l')
      stream.setRawMode!(false)
    }
  }
}

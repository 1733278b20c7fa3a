import {expect} from 'chai'
import {mkdirSync, mkdtempSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {readSeatRecord, seatRecordPath, writeSeatRecord} from '../src/seat-record.js'

describe('seat-record', () => {
  let ws: string
  const put = (value: unknown): void => {
    mkdirSync(join(ws, '.agora'), {recursive: true})
    writeFileSync(seatRecordPath(ws), JSON.stringify(value))
  }
  const good = {schema: 1 as const, agent_id: 'alice', url: 'http://h:1', about: 'x', harnesses: ['h1', 'h2'], default_drive_harness: 'h1'}

  beforeEach(() => {
    ws = mkdtempSync(join(tmpdir(), 'agora-ws-'))
  })

  it('round-trips a record and normalizes the url', () => {
    writeSeatRecord(ws, {...good, schema: 1, url: 'http://h:1/'})
    expect(readSeatRecord(ws)).to.deep.equal(good)
    expect(statSync(seatRecordPath(ws)).mode & 0o777).to.equal(0o600)
  })

  it('answers undefined when the folder has no seat record', () => {
    expect(readSeatRecord(ws)).to.equal(undefined)
  })

  it('rejects a wrong schema', () => {
    put({...good, schema: 2})
    expect(() => readSeatRecord(ws)).to.throw(/unsupported schema 2/)
  })

  it('rejects harnesses that are not a list', () => {
    put({...good, harnesses: 'h1'})
    expect(() => readSeatRecord(ws)).to.throw(/harnesses must be a list/)
  })

  it('rejects a default drive harness outside the list', () => {
    put({...good, default_drive_harness: 'h3'})
    expect(() => readSeatRecord(ws)).to.throw(/default_drive_harness "h3" is not in harnesses/)
    expect(() => writeSeatRecord(ws, {...good, default_drive_harness: 'h3'} as never)).to.throw(/not in harnesses/)
  })

  it('filters harness names outside the known list', () => {
    put({...good, harnesses: ['h1', 'future']})
    expect(readSeatRecord(ws, {knownHarnesses: ['h1', 'h2']})?.harnesses).to.deep.equal(['h1'])
  })

  it('refuses corrupt JSON naming the file', () => {
    mkdirSync(join(ws, '.agora'))
    writeFileSync(seatRecordPath(ws), '{')
    expect(() => readSeatRecord(ws)).to.throw(seatRecordPath(ws))
  })
})

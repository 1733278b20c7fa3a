import {cacheKey} from '@agora/home'
import {Flags} from '@oclif/core'
import {spawn} from 'node:child_process'

import {listRoles} from '../hub-calls.js'
import {DEFAULT_DESK_SEAT, mintDeskLogin} from '../desk-login.js'
import type {DeskLogin} from '../desk-login.js'
import {OperatorCommand} from '../operator-command.js'
import {cleanLine} from '@agora/command'

export interface UiResult {
  url: string
  seat: string
  admin: boolean
  expires_at: number
}

/** The platform's "open this URL" command; the URL is an argument, never a shell string. */
function opener(): [string, string[]] {
  if (process.platform === 'darwin') return ['open', []]
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '']]
  return ['xdg-open', []]
}

export default class Ui extends OperatorCommand {
  static override summary = "Open the operator's web desk: print a one-time login link to /ui/ (valid 2 minutes, once)."
  static override description = [
    'The link carries a short-lived token, never a seat key; opening it trades the token for an HttpOnly, SameSite=Strict session cookie.',
    'With the admin key (config.json on the hub machine) the desk logs in as the first operator seat, registering an operator seat `desk` if the hub has none, and may also pause and resume the hub.',
    '--as SEAT logs in as that seat: an operator seat through the admin key, any other seat with its own cached key (it then sees only what that seat may read).',
  ].join('\n\n')

  static override examples = ['<%= config.bin %> ui --open', '<%= config.bin %> ui --as bob', '<%= config.bin %> ui --json']
  static override flags = {
    as: Flags.string({description: 'the seat the desk logs in as (default: the first operator seat)', helpGroup: 'HUB'}),
    open: Flags.boolean({description: 'open the link in the default browser (xdg-open / open)'}),
  }

  async run(): Promise<UiResult> {
    const {flags} = await this.parse(Ui)
    const home = this.homeOf(flags)
    const url = this.urlOf(flags, home)
    const login = await this.mint(flags, home, url)
    const link = `${url.replace(/\/+$/, '')}${login.path}`
    const result: UiResult = {url: link, seat: login.seat, admin: login.admin, expires_at: login.expires_at}
    this.log(`desk login for ${cleanLine(login.seat)}${login.admin ? ' (operator, with admin routes)' : ''}: open within 2 minutes, works once`)
    this.log(link)
    if (flags.open) await this.openBrowser(link)
    return result
  }

  private async mint(flags: {as?: string; home?: string; url?: string}, home: string, url: string): Promise<DeskLogin> {
    let admin
    try {
      admin = this.adminClient(flags)
    } catch (err) {
      if (!flags.as) throw new Error(`${(err as Error).message}; or log in as your own seat: agora ui --as <seat>`)
      return mintDeskLogin(await this.seatClient(flags), flags.as, false)
    }
    const roles = await listRoles(admin, true)
    if (flags.as) {
      if (roles.find(r => r.id === flags.as)?.operator) return mintDeskLogin(admin, flags.as, true)
      return mintDeskLogin(await this.seatClient(flags), flags.as, false)
    }
    let seat = roles.find(r => r.operator)?.id
    if (!seat) {
      const created = await admin.registerAgent({id: DEFAULT_DESK_SEAT, operator: true, about: 'the operator desk'})
      cacheKey(home, url, created.agent.id, created.api_key)
      seat = created.agent.id
      this.log(`no operator seat on this hub yet: registered ${seat} (operator) for the desk; its key is cached, never shown`)
    }
    return mintDeskLogin(admin, seat, true)
  }

  /** Run the opener; if it fails at once (no browser, no display), say so instead of staying silent. */
  private async openBrowser(link: string): Promise<void> {
    const [cmd, args] = opener()
    const child = spawn(cmd, [...args, link], {stdio: 'ignore', detached: true})
    const outcome = await new Promise<string | null>(done => {
      const timer = setTimeout(() => done(null), 1500)
      child.once('error', err => {
        clearTimeout(timer)
        done(`could not run ${cmd} (${(err as NodeJS.ErrnoException).code ?? err.message})`)
      })
      child.once('exit', code => {
        clearTimeout(timer)
        done(code === 0 ? null : `${cmd} could not open a browser (exit ${code})`)
      })
    })
    child.unref()
    if (outcome) this.warn(`${outcome}; open the link above yourself`)
  }
}

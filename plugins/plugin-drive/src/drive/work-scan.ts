/** A continuable row of this seat's own work: `<channel>/<key>@<version>`. */
export interface WorkRow {
  ref: string
  strikes: number
  /** A lane pass rather than a held row. */
  initiative?: boolean
}

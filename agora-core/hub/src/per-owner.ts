/**
 * A getter for state kept once per owner (a hub's context or its storage): made on first use and
 * dropped with the owner, so every test hub and every hub in one process keeps its own.
 */
export function perOwner<Owner extends object, State>(make: (owner: Owner) => State): (owner: Owner) => State {
  const held = new WeakMap<Owner, State>()
  return owner => {
    let state = held.get(owner)
    if (state === undefined) held.set(owner, (state = make(owner)))
    return state
  }
}

/** The built-in hub charter, version 0 (our own words), sliced per seat kind by `## ` heading. */
export const HUB_CHARTER_V0 = `# Hub charter (v0)

## member
Answer what is addressed to you before starting new threads. Reply in thread, answer asks by id,
and close your own questions with a resolved reply once they are settled.

## owner
Keep your room's purpose and charter current. Invite the seats the work needs and no more.

## delegate
Act only within the powers and scope you were granted, and report what you did in the room.

## operator
Keep the hub healthy: register seats, set missions, pause only when writes must stop.
`

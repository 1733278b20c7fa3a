"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.setWakeWriter = setWakeWriter;
exports.reemitWake = reemitWake;
/**
 * The hub's per-seat wake channel for re-emitted wakes (escalation bands, dropped wakes): the notify
 * file writer registers here when notify files are on. Kept apart from the bus, which fans a new
 * message out to every member, because a re-wake is for one seat only.
 */
var writers = new WeakMap();
function setWakeWriter(ctx, writer) {
    if (writer)
        writers.set(ctx, writer);
    else
        writers.delete(ctx);
}
/** Re-emit one message's wake line to one seat; false when no wake channel is configured. */
function reemitWake(ctx, agent, m) {
    var w = writers.get(ctx);
    if (!w)
        return false;
    w(agent, m);
    return true;
}

"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.completionReportGate = completionReportGate;
exports.addresseeEvidenceGate = addresseeEvidenceGate;
var context_js_1 = require("../context.js");
var evidence_js_1 = require("../evidence.js");
var delegations_js_1 = require("../governance/delegations.js");
var delegations_js_2 = require("../governance/delegations.js");
/**
 * The completion-report gate. A reporting delegate's `resolved` reply citing verified evidence on an
 * operator's open request is a completion report that discharges it, so it must show its working:
 * - a `plan:` store row among the evidence (the plan it followed), and
 * - when other non-operator seats are in the room, a verified artifact one of them authored, so the
 *   report is never only the delegate's own word.
 * Operators, the asker and ruling/operational delegates close by authority and are not gated. Runs on the
 * hub-stamped evidence (authors come from the hub's rows), so it needs no further reads.
 */
function completionReportGate(ctx, data, channel, sender, status, parent) {
    if (status !== 'resolved' || !parent || parent.channel !== channel || !ctx.cache.isOperator(parent.sender))
        return;
    if (!['open', 'blocked'].includes(parent.status) || !(0, evidence_js_1.citesEvidence)(data))
        return;
    if (sender === parent.sender || ctx.cache.isOperator(sender) || (0, delegations_js_2.holdsChannelPower)(ctx, sender, channel, ['ruling', 'operational']))
        return;
    if (!(0, delegations_js_1.reportsIn)(ctx, sender, channel))
        return;
    var refs = data.evidence.filter(function (e) { return e && e.verified === true; });
    if (!refs.some(function (e) { return e.kind === 'store' && typeof e.ref === 'string' && e.ref.startsWith('plan:'); })) {
        (0, context_js_1.fail)(403, "a reporting delegate's completion report cites the plan it followed: write a plan:<slug> row in '".concat(channel, "' and add {\"kind\":\"store\",\"ref\":\"plan:<slug>\"} to data.evidence"));
    }
    var peers = ctx.cache.membersOf(channel).map(function (m) { return m.agent_id; })
        .filter(function (id) { var _a; return id !== sender && !ctx.cache.isOperator(id) && ((_a = ctx.cache.agents.get(id)) === null || _a === void 0 ? void 0 : _a.retired_at) == null; });
    if (peers.length === 0)
        return;
    var byOthers = refs.some(function (e) {
        var author = e.kind === 'blob' ? e.created_by : e.updated_by;
        return typeof author === 'string' && author !== sender && author !== 'hub';
    });
    if (!byOthers) {
        (0, context_js_1.fail)(403, "with peers in '".concat(channel, "' (").concat(peers.slice(0, 5).join(', '), "), a completion report also cites an artifact one of them authored (their file, store row or upload), not only your own"));
    }
}
/**
 * The addressee gate: a seat the operator named (in `to`, or as an ask's `to`/`assignee`) that marks the
 * operator's open request `resolved` must show verifiable evidence (an fs, store or blob ref the hub
 * stamped `verified`); its word alone does not close an operator's request. The asker, operators and
 * ruling/operational delegates close by authority and are not gated. 403, nothing posted.
 */
function addresseeEvidenceGate(ctx, data, channel, sender, status, parent) {
    if (status !== 'resolved' || !parent || parent.channel !== channel || !ctx.cache.isOperator(parent.sender))
        return;
    if (!['open', 'blocked'].includes(parent.status) || (0, evidence_js_1.citesEvidence)(data))
        return;
    if (sender === parent.sender || ctx.cache.isOperator(sender) || (0, delegations_js_2.holdsChannelPower)(ctx, sender, channel, ['ruling', 'operational']))
        return;
    if (!namedBy(parent, sender))
        return;
    (0, context_js_1.fail)(403, "".concat(parent.sender, "'s request names you, so resolving it needs verifiable evidence: add data.evidence [{\"kind\":\"fs|store|blob\",\"ref\":\"...\"}] ") +
        'citing what you delivered (external refs alone are not verifiable), or post status=reply instead');
}
function namedBy(m, seat) {
    var _a, _b;
    if (((_a = m.to) !== null && _a !== void 0 ? _a : []).includes(seat))
        return true;
    var asks = Array.isArray((_b = m.data) === null || _b === void 0 ? void 0 : _b.asks) ? m.data.asks : [];
    return asks.some(function (a) { return !!a && (a.assignee === seat || (Array.isArray(a.to) && a.to.includes(seat))); });
}

"use strict";
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.matchItem = matchItem;
exports.parseBallot = parseBallot;
exports.ballotOf = ballotOf;
exports.foldBallots = foldBallots;
var protocol_1 = require("@agora/protocol");
var WRAP = /^[\s"'`“”‘’([{<]+|[\s"'`“”‘’)\]}>.,;!?]+$/g;
function clean(text) {
    return text.normalize('NFKC').toLowerCase().replace(WRAP, '').trim();
}
/** Match one ballot item to an option index: exact text, 1-based number, "N. text", or a unique prefix (≥2 chars). */
function matchItem(item, options) {
    var t = clean(item);
    if (!t)
        return null;
    var opts = options.map(clean);
    var exact = opts.indexOf(t);
    if (exact >= 0)
        return exact;
    if (/^\d+$/.test(t)) {
        var n = Number(t);
        return n >= 1 && n <= options.length ? n - 1 : null;
    }
    var numbered = /^(\d+)\.\s*(.*)$/.exec(t);
    if (numbered) {
        var n = Number(numbered[1]);
        if (n >= 1 && n <= options.length && (numbered[2] === '' || opts[n - 1].startsWith(numbered[2])))
            return n - 1;
    }
    if (t.length >= 2) {
        var hits = opts.map(function (o, i) { return (o.startsWith(t) ? i : -1); }).filter(function (i) { return i >= 0; });
        if (hits.length === 1)
            return hits[0];
    }
    return null;
}
/** Parse a choice (`a` or a ranking `a > b > c`); any unmatched item rejects the whole ballot. */
function parseBallot(choice, options) {
    var items = Array.isArray(choice) ? choice.map(String) : String(choice).split('>');
    var out = [];
    for (var _i = 0, items_1 = items; _i < items_1.length; _i++) {
        var item = items_1[_i];
        var idx = matchItem(item, options);
        if (idx === null || out.includes(idx))
            return null;
        out.push(idx);
    }
    return out.length ? out : null;
}
/** The ballot text a message carries for this vote, or undefined when it carries none. */
function ballotOf(m, root, spec) {
    var data = m.data ? (0, protocol_1.toPlain)(m.data) : {};
    var inRoom = m.channel === root.channel;
    if (inRoom) {
        if (m.reply_to !== root.id)
            return undefined;
        if (data.vote !== undefined && typeof data.vote !== 'object')
            return data.vote;
        if (Array.isArray(data.vote))
            return data.vote;
        return lastLine(m.body, /^\s*vote\s*:\s*(.+)$/i);
    }
    var qualified = "".concat(root.seq, "@").concat(root.channel);
    var tagged = new RegExp("^\\s*vote\\s+(?:".concat(escape(spec.tag), "|").concat(escape(qualified), ")\\s*:\\s*(.+)$"), 'i');
    var line = lastLine(m.body, tagged);
    if (line !== undefined)
        return line;
    var namesTag = data.tag === spec.tag || m.body.includes(spec.tag) || m.title.includes(spec.tag);
    if (namesTag && (typeof data.vote === 'string' || Array.isArray(data.vote)))
        return data.vote;
    return undefined;
}
function lastLine(body, re) {
    var found;
    for (var _i = 0, _a = body.split('\n'); _i < _a.length; _i++) {
        var line = _a[_i];
        var m = re.exec(line);
        if (m)
            found = m[1].trim();
    }
    return found;
}
function escape(s) {
    return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** Fold ballots (messages sorted by time): the last readable ballot per eligible voter counts. */
function foldBallots(messages, root, spec, eligible) {
    var last = new Map();
    for (var _i = 0, messages_1 = messages; _i < messages_1.length; _i++) {
        var m = messages_1[_i];
        if (m.retracted_at != null || m.kind !== 'message' || !eligible.has(m.sender))
            continue;
        var b = ballotOf(m, root, spec);
        if (b !== undefined)
            last.set(m.sender, b);
    }
    var fold = { ballots: {}, seen: __spreadArray([], last.keys(), true).sort(), rejected: [] };
    for (var _a = 0, _b = fold.seen; _a < _b.length; _a++) {
        var voter = _b[_a];
        var parsed = parseBallot(last.get(voter), spec.options);
        if (parsed)
            fold.ballots[voter] = parsed;
        else
            fold.rejected.push({ voter: voter, ballot: String(last.get(voter)) });
    }
    return fold;
}

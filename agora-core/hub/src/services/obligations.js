"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.isObligation = isObligation;
exports.asksOf = asksOf;
exports.answersOf = answersOf;
exports.substantiveAnswers = substantiveAnswers;
exports.discharge = discharge;
exports.authoritativeResolution = authoritativeResolution;
exports.inheritsFromOperator = inheritsFromOperator;
exports.closed = closed;
exports.threadState = threadState;
exports.threadStateOf = threadStateOf;
exports.asksNaming = asksNaming;
exports.pendingAskNames = pendingAskNames;
exports.refreshClosed = refreshClosed;
exports.isDirectiveFor = isDirectiveFor;
var messages_js_1 = require("./messages.js");
var delegations_js_1 = require("./governance/delegations.js");
var evidence_js_1 = require("./evidence.js");
function isObligation(m) {
    return (m.status === 'open' || m.status === 'blocked') && m.retracted_at == null;
}
function asksOf(m) {
    var _a;
    if (m.status !== 'open' && m.status !== 'blocked')
        return [];
    var asks = (_a = m.data) === null || _a === void 0 ? void 0 : _a.asks;
    return Array.isArray(asks) ? asks : [];
}
function stringList(v) {
    return Array.isArray(v) ? v.filter(function (x) { return typeof x === 'string'; }) : [];
}
function answersOf(r) {
    var _a;
    return stringList((_a = r.data) === null || _a === void 0 ? void 0 : _a.answers);
}
/** Answers minus declines: what a reply answered in substance. */
function substantiveAnswers(r) {
    var _a;
    var declines = new Set(stringList((_a = r.data) === null || _a === void 0 ? void 0 : _a.declines));
    return answersOf(r).filter(function (a) { return !declines.has(a); });
}
/** ONE discharge rule: binary table when there are no asks, the canvass rule per ask otherwise. */
function discharge(ctx, m, replies) {
    var _a, _b;
    var others = replies.filter(function (r) { return r.sender !== m.sender; });
    var fromOperator = ctx.cache.isOperator(m.sender);
    var asks = asksOf(m);
    var operatorSettled = fromOperator && others.some(function (r) { return ctx.cache.isOperator(r.sender) || isCompletionReport(ctx, m, asks, r); });
    if (asks.length === 0) {
        var discharged_1;
        if (fromOperator)
            discharged_1 = operatorSettled;
        else if (m.kind === 'system' && m.to.length)
            discharged_1 = others.some(function (r) { return m.to.includes(r.sender); });
        else if (m.to.length)
            discharged_1 = false;
        else
            discharged_1 = others.length > 0;
        return { discharged: discharged_1, pending: [], declined: [] };
    }
    var answeredBy = new Map();
    var substantive = new Set();
    for (var _i = 0, others_1 = others; _i < others_1.length; _i++) {
        var r = others_1[_i];
        for (var _c = 0, _d = answersOf(r); _c < _d.length; _c++) {
            var id = _d[_c];
            if (!answeredBy.has(id))
                answeredBy.set(id, new Set());
            answeredBy.get(id).add(r.sender);
        }
        for (var _e = 0, _f = substantiveAnswers(r); _e < _f.length; _e++) {
            var id = _f[_e];
            substantive.add(id);
        }
    }
    var pending = [];
    var declined = [];
    var _loop_1 = function (ask) {
        var by = (_a = answeredBy.get(ask.id)) !== null && _a !== void 0 ? _a : new Set();
        var answered = ((_b = ask.to) === null || _b === void 0 ? void 0 : _b.length) ? ask.to.every(function (t) { return by.has(t); }) : by.size > 0;
        if (!answered)
            pending.push(ask.id);
        else if (!substantive.has(ask.id))
            declined.push(ask.id);
    };
    for (var _g = 0, asks_1 = asks; _g < asks_1.length; _g++) {
        var ask = asks_1[_g];
        _loop_1(ask);
    }
    var discharged = pending.length === 0 && (!fromOperator || operatorSettled);
    return { discharged: discharged, pending: pending, declined: declined };
}
/**
 * Does reply `r` settle operator message `m` as a completion report (docs/protocol.md#discharge-and-closure)? It is `resolved`, cites
 * evidence the hub verified, and comes from a seat `m` names or from a reporting delegate (judged
 * by the grant in force when `r` was posted).
 */
function isCompletionReport(ctx, m, asks, r) {
    if (r.status !== 'resolved' || !(0, evidence_js_1.citesEvidence)(r.data))
        return false;
    var named = m.to.includes(r.sender) || asks.some(function (a) { var _a; return a.assignee === r.sender || ((_a = a.to) !== null && _a !== void 0 ? _a : []).includes(r.sender); });
    return named || (0, delegations_js_1.reportedIn)(ctx, r.sender, m.channel, r.created_at);
}
/**
 * The reply that closes `m` with authority: a `resolved` from the asker, an operator, or a
 * ruling/operational delegate scoped here; or, on an operator's message, a reporting delegate's
 * `resolved` carrying `settled_by` and verified evidence.
 */
function authoritativeResolution(ctx, m, replies) {
    return replies.find(function (r) {
        var _a;
        return r.status === 'resolved' && (r.sender === m.sender || ctx.cache.isOperator(r.sender) ||
            (0, delegations_js_1.holdsChannelPower)(ctx, r.sender, m.channel, ['ruling', 'operational']) ||
            (!!((_a = r.data) === null || _a === void 0 ? void 0 : _a.settled_by) && ctx.cache.isOperator(m.sender) && (0, evidence_js_1.citesEvidence)(r.data) && (0, delegations_js_1.reportedIn)(ctx, r.sender, m.channel, r.created_at)));
    });
}
/** Does `viewer` inherit `m` as a reporting delegate: an operator's message in a channel the viewer's grant reaches? */
function inheritsFromOperator(ctx, m, viewer) {
    return m.sender !== viewer && ctx.cache.isOperator(m.sender) && (0, delegations_js_1.reportsIn)(ctx, viewer, m.channel);
}
/** ONE closure rule: discharged, or resolved with authority. */
function closed(ctx, m, replies) {
    var resolution = authoritativeResolution(ctx, m, replies);
    if (resolution)
        return { closed: true, closedBy: resolution.sender, withAuthority: true };
    return { closed: discharge(ctx, m, replies).discharged, closedBy: null, withAuthority: false };
}
/** The thread's state, reading its replies unless the caller already has them. */
function threadState(ctx, m, replies) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = threadStateOf;
                    _b = [ctx, m];
                    if (!(replies !== null && replies !== void 0)) return [3 /*break*/, 1];
                    _c = replies;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, messages_js_1.repliesTo)(ctx, m.id)];
                case 2:
                    _c = _d.sent();
                    _d.label = 3;
                case 3: return [2 /*return*/, _a.apply(void 0, _b.concat([_c]))];
            }
        });
    });
}
/** The closure engine proper: synchronous, from the root and its replies (grants come from the cache). */
function threadStateOf(ctx, m, replies) {
    var d = discharge(ctx, m, replies);
    var c = closed(ctx, m, replies);
    return {
        asks: asksOf(m),
        replies: replies,
        pending: d.pending, declined: d.declined, discharged: d.discharged,
        closed: c.closed, closedBy: c.closedBy, closedWithAuthority: c.withAuthority,
        hasResolvedReply: replies.some(function (r) { return r.status === 'resolved'; }),
    };
}
/** Pending asks that name `viewer` through `to` (assignee does not count). */
function asksNaming(state, viewer) {
    var pending = new Set(state.pending);
    return state.asks.filter(function (a) { var _a; return pending.has(a.id) && ((_a = a.to) !== null && _a !== void 0 ? _a : []).includes(viewer); }).map(function (a) { return a.id; }).sort();
}
/** Does a still-pending ask name `viewer` (to or assignee)? */
function pendingAskNames(state, viewer) {
    var pending = new Set(state.pending);
    return state.asks.some(function (a) { var _a; return pending.has(a.id) && (((_a = a.to) !== null && _a !== void 0 ? _a : []).includes(viewer) || a.assignee === viewer); });
}
/** Keep the `closed` column (which drives the open-obligation index) in step after a reply. */
function refreshClosed(ctx, rootId, root) {
    return __awaiter(this, void 0, void 0, function () {
        var m, state;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    m = root !== null && root !== void 0 ? root : undefined;
                    if (!m || !isObligation(m))
                        return [2 /*return*/];
                    return [4 /*yield*/, threadState(ctx, m)];
                case 1:
                    state = _a.sent();
                    return [4 /*yield*/, ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', state.closed ? 1 : 0, rootId)];
                case 2:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** A directive debt D obliges `viewer` (docs/protocol.md#discharge-and-closure) — the message-level test, before clearing. */
function isDirectiveFor(ctx, d, viewer, parentSender) {
    if (d.kind !== 'message' || d.retracted_at != null || d.sender === viewer)
        return false;
    if (d.status !== 'reply' && d.status !== 'fyi')
        return false;
    if (!d.to.includes(viewer) && !inheritsFromOperator(ctx, d, viewer))
        return false;
    if (answersOf(d).length > 0)
        return false;
    if (ctx.cache.isOperator(d.sender))
        return true;
    return d.status === 'reply' && parentSender !== viewer;
}

"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
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
exports.NOTICE_KINDS = void 0;
exports.normalizeStructured = normalizeStructured;
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var messages_js_1 = require("./messages.js");
var obligations_js_1 = require("./obligations.js");
var attachments_js_1 = require("./attachments.js");
var evidence_js_1 = require("./evidence.js");
var completion_report_js_1 = require("./work/completion-report.js");
var delegations_js_1 = require("./governance/delegations.js");
exports.NOTICE_KINDS = ['job', 'announcement', 'problem', 'resolution', 'consensus', 'milestone', 'delivery'];
var STRUCTURED_KEYS = ['asks', 'answers', 'declines', 'consumes', 'attachments', 'evidence', 'settled_by', 'signature', 'notice'];
var NOTICE_KEY = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,159}$/;
function strList(v, field, max) {
    if (!Array.isArray(v))
        (0, context_js_1.fail)(400, "".concat(field, " must be a list of strings"));
    if (v.length > max)
        (0, context_js_1.fail)(400, "".concat(field, " has ").concat(v.length, " entries; the limit is ").concat(max));
    for (var _i = 0, v_1 = v; _i < v_1.length; _i++) {
        var x = v_1[_i];
        if (typeof x !== 'string' || !x)
            (0, context_js_1.fail)(400, "".concat(field, " entries must be non-empty strings"));
    }
    return __spreadArray([], new Set(v), true);
}
/** Validate and normalize the structured keys the hub understands, on the MERGED data. */
function normalizeStructured(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var data, _i, STRUCTURED_KEYS_1, k, channel, sender, status, parent, isMember, asks, ids_1, consumeTargets, _a, _b, dedupeKey, n;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    data = __assign({}, input.data);
                    // A null structured key means absent, as the reference's pydantic models read it (`data: {asks: null}`).
                    for (_i = 0, STRUCTURED_KEYS_1 = STRUCTURED_KEYS; _i < STRUCTURED_KEYS_1.length; _i++) {
                        k = STRUCTURED_KEYS_1[_i];
                        if (data[k] === null)
                            delete data[k];
                    }
                    channel = input.channel, sender = input.sender, status = input.status, parent = input.parent;
                    isMember = function (a) { return ctx.cache.isMember(channel, a); };
                    if ('asks' in data) {
                        if (status !== 'open' && status !== 'blocked')
                            (0, context_js_1.fail)(400, "asks belong on status open or blocked, not '".concat(status, "'; post the question as open"));
                        asks = data.asks;
                        if (!Array.isArray(asks))
                            (0, context_js_1.fail)(400, 'asks must be a list of {id, text, assignee?, to?}');
                        if (asks.length > 20)
                            (0, context_js_1.fail)(400, "a message carries at most 20 asks; this one has ".concat(asks.length, ", split it"));
                        ids_1 = new Set();
                        data.asks = asks.map(function (a, i) {
                            var _a;
                            if (!a || typeof a !== 'object' || Array.isArray(a))
                                (0, context_js_1.fail)(400, "asks[".concat(i, "] must be an object {id, text, assignee?, to?}"));
                            var ask = a;
                            if (typeof ask.id !== 'string' || !ask.id)
                                (0, context_js_1.fail)(400, "asks[".concat(i, "].id must be a non-empty string"));
                            if (ids_1.has(ask.id))
                                (0, context_js_1.fail)(400, "ask id '".concat(ask.id, "' appears twice; give every ask a unique id"));
                            ids_1.add(ask.id);
                            var text = (_a = ask.text) !== null && _a !== void 0 ? _a : '';
                            if (typeof text !== 'string')
                                (0, context_js_1.fail)(400, "asks[".concat(i, "].text must be a string"));
                            if (text.length > 500)
                                (0, context_js_1.fail)(400, "asks[".concat(i, "].text is ").concat(text.length, " characters; the limit is 500"));
                            var out = { id: ask.id, text: text };
                            if (ask.assignee !== undefined && ask.assignee !== null) {
                                if (typeof ask.assignee !== 'string' || !isMember(ask.assignee))
                                    (0, context_js_1.fail)(400, "asks[".concat(i, "].assignee must be a member of '").concat(channel, "'"));
                                if (ask.assignee === sender)
                                    (0, context_js_1.fail)(400, "asks[".concat(i, "].assignee cannot be yourself"));
                                out.assignee = ask.assignee;
                            }
                            if (ask.to !== undefined && ask.to !== null) {
                                var to = strList(ask.to, "asks[".concat(i, "].to"), 3);
                                for (var _i = 0, to_1 = to; _i < to_1.length; _i++) {
                                    var t = to_1[_i];
                                    if (t === sender)
                                        (0, context_js_1.fail)(400, "asks[".concat(i, "].to cannot name yourself"));
                                    if (!isMember(t))
                                        (0, context_js_1.fail)(400, "asks[".concat(i, "].to names '").concat(t, "', who is not a member of '").concat(channel, "'; invite them first"));
                                }
                                if (to.length)
                                    out.to = to;
                            }
                            for (var _b = 0, _c = Object.keys(ask); _b < _c.length; _b++) {
                                var k = _c[_b];
                                if (!['id', 'text', 'assignee', 'to'].includes(k))
                                    (0, context_js_1.fail)(400, "asks[".concat(i, "] has unknown field '").concat(k, "'; allowed: id, text, assignee, to"));
                            }
                            return out;
                        });
                        if (data.asks.length === 0)
                            delete data.asks;
                    }
                    if ('answers' in data || 'declines' in data)
                        normalizeAnswers(ctx, data, sender, status, parent);
                    consumeTargets = [];
                    if (!('consumes' in data)) return [3 /*break*/, 2];
                    return [4 /*yield*/, resolveConsumes(ctx, data, channel, sender)];
                case 1:
                    consumeTargets = _c.sent();
                    _c.label = 2;
                case 2:
                    if (!('attachments' in data)) return [3 /*break*/, 4];
                    _a = data;
                    return [4 /*yield*/, (0, attachments_js_1.normalizeAttachments)(ctx, channel, data.attachments)];
                case 3:
                    _a.attachments = _c.sent();
                    _c.label = 4;
                case 4:
                    if (!('evidence' in data)) return [3 /*break*/, 6];
                    _b = data;
                    return [4 /*yield*/, (0, evidence_js_1.normalizeEvidence)(ctx, channel, data.evidence)];
                case 5:
                    _b.evidence = _c.sent();
                    if (data.evidence.length === 0)
                        delete data.evidence;
                    _c.label = 6;
                case 6:
                    if (!('settled_by' in data)) return [3 /*break*/, 8];
                    return [4 /*yield*/, checkSettledBy(ctx, data, channel, sender, status, parent)];
                case 7:
                    _c.sent();
                    _c.label = 8;
                case 8:
                    if ('evidence' in data)
                        (0, completion_report_js_1.completionReportGate)(ctx, data, channel, sender, status, parent);
                    (0, completion_report_js_1.addresseeEvidenceGate)(ctx, data, channel, sender, status, parent);
                    if ('signature' in data) {
                        if (typeof data.signature !== 'string')
                            (0, context_js_1.fail)(400, 'signature must be a string');
                        if (data.signature.length > 1024)
                            (0, context_js_1.fail)(400, "signature is ".concat(data.signature.length, " characters; the limit is 1024"));
                    }
                    if ('notice' in data) {
                        n = data.notice;
                        if (parent)
                            (0, context_js_1.fail)(400, 'notice belongs on a root post; drop reply_to or drop notice');
                        if (!n || typeof n !== 'object' || !exports.NOTICE_KINDS.includes(n.kind))
                            (0, context_js_1.fail)(400, "notice.kind must be one of ".concat(exports.NOTICE_KINDS.join(', ')));
                        if (typeof n.key !== 'string' || !NOTICE_KEY.test(n.key))
                            (0, context_js_1.fail)(400, 'notice.key must match [A-Za-z0-9][A-Za-z0-9._:/-]{0,159}');
                        dedupeKey = "notice:".concat(n.kind, ":").concat(n.key);
                    }
                    return [2 /*return*/, { data: data, consumeTargets: consumeTargets, dedupeKey: dedupeKey }];
            }
        });
    });
}
function normalizeAnswers(ctx, data, sender, status, parent) {
    var _a;
    if ((status !== 'reply' && status !== 'resolved') || !parent) {
        (0, context_js_1.fail)(400, 'answers and declines go on a reply or resolved message with reply_to naming the question');
    }
    var answers = 'answers' in data ? strList(data.answers, 'answers', 20) : [];
    var declines = 'declines' in data ? strList(data.declines, 'declines', 20) : [];
    var all = __spreadArray([], new Set(__spreadArray(__spreadArray([], answers, true), declines, true)), true);
    if (all.length === 0)
        (0, context_js_1.fail)(400, 'answers is empty; list the ask ids you are answering, or drop the field');
    if (parent.sender === sender)
        (0, context_js_1.fail)(400, 'you cannot answer your own asks; post a resolved reply to close your thread instead');
    var asks = (0, obligations_js_1.asksOf)(parent);
    if (asks.length === 0)
        (0, context_js_1.fail)(400, 'the message you reply to has no asks; drop answers/declines and just reply');
    var _loop_1 = function (id) {
        var ask = asks.find(function (a) { return a.id === id; });
        if (!ask)
            (0, context_js_1.fail)(400, "ask id '".concat(id, "' is not one of the parent's asks (").concat(asks.map(function (a) { return a.id; }).join(', '), "); use those ids"));
        if (((_a = ask.to) === null || _a === void 0 ? void 0 : _a.length) && !ask.to.includes(sender)) {
            (0, context_js_1.fail)(400, "ask '".concat(id, "' is addressed to ").concat(ask.to.join(', '), ", not you; reply without answering it, or ask them"));
        }
    };
    for (var _i = 0, all_1 = all; _i < all_1.length; _i++) {
        var id = all_1[_i];
        _loop_1(id);
    }
    data.answers = all;
    if (declines.length)
        data.declines = declines;
    else
        delete data.declines;
}
/**
 * `settled_by` on a resolved reply: closing a question by pointer is the asker's, an operator's
 * or a ruling delegate's act; a reporting delegate may do it on an operator's request only with
 * verifiable evidence. Everyone else is refused, and nothing is written.
 */
function checkSettledBy(ctx, data, channel, sender, status, parent) {
    return __awaiter(this, void 0, void 0, function () {
        var asker, closer, target;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (status !== 'resolved' || !parent)
                        (0, context_js_1.fail)(400, 'settled_by goes on a resolved reply: status=resolved with reply_to naming the question it settles');
                    if (typeof data.settled_by !== 'string' || !data.settled_by)
                        (0, context_js_1.fail)(400, 'settled_by must name the message that settled the question: its id, #seq or channel#seq');
                    asker = parent.sender;
                    closer = asker === sender || ctx.cache.isOperator(sender) || (0, delegations_js_1.holdsChannelPower)(ctx, sender, channel, ['ruling', 'operational']);
                    if (!closer) {
                        if (!(0, delegations_js_1.reportsIn)(ctx, sender, channel)) {
                            (0, context_js_1.fail)(403, "settled_by closes a question, which only its asker (".concat(asker, "), an operator or a ruling delegate here may do; post resolved without settled_by"));
                        }
                        if (!ctx.cache.isOperator(asker)) {
                            (0, context_js_1.fail)(403, "a reporting delegate uses settled_by only on an operator's request, and this question is ".concat(asker, "'s; post resolved without settled_by"));
                        }
                        if (!(0, evidence_js_1.citesEvidence)(data)) {
                            (0, context_js_1.fail)(403, "settled_by on an operator's request needs verifiable evidence: cite what was delivered in data.evidence as {kind: fs|store|blob, ref} (external refs alone are not verifiable)");
                        }
                    }
                    return [4 /*yield*/, resolveRef(ctx, data.settled_by, channel)];
                case 1:
                    target = _a.sent();
                    if (!target || target.channel !== channel || target.retracted_at != null) {
                        (0, context_js_1.fail)(400, "settled_by must name a live message in '".concat(channel, "'; give its id, #seq or ").concat(channel, "#seq"));
                    }
                    if (target.id === parent.id)
                        (0, context_js_1.fail)(400, 'settled_by names the question itself; point it at the message that settled it, or drop settled_by');
                    data.settled_by = target.id;
                    return [2 /*return*/];
            }
        });
    });
}
var CONSUME_REFUSAL = 'consumes names something you do not owe consumption for; list answers to your own open questions (id, channel#seq or #seq) or your own thread root';
function resolveRef(ctx, ref, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var ch, seqText, at, r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if ((0, protocol_1.isLosslessNumber)(ref))
                        ref = ref.value;
                    if (typeof ref === 'number')
                        ref = String(ref);
                    if (typeof ref !== 'string' || !ref)
                        return [2 /*return*/, undefined];
                    ch = channel;
                    seqText = ref;
                    if (ref.includes('#')) {
                        at = ref.lastIndexOf('#');
                        if (at > 0)
                            ch = ref.slice(0, at);
                        seqText = ref.slice(at + 1);
                    }
                    if (!/^\d+$/.test(seqText)) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.get('SELECT * FROM messages WHERE channel = ? AND seq = ?', ch, Number(seqText))];
                case 1:
                    r = _a.sent();
                    return [2 /*return*/, r ? (0, messages_js_1.fromRow)(r) : undefined];
                case 2: return [2 /*return*/, (0, messages_js_1.getMessage)(ctx, ref)];
            }
        });
    });
}
/** consumes: each ref is an answer to the sender's own question, or the sender's own thread root. */
function resolveConsumes(ctx, data, channel, sender) {
    return __awaiter(this, void 0, void 0, function () {
        var refs, ids, targets, _i, refs_1, ref, m, _a, _b, r, root, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    refs = data.consumes;
                    if (!Array.isArray(refs))
                        (0, context_js_1.fail)(400, 'consumes must be a list of message refs');
                    if (refs.length > 32)
                        (0, context_js_1.fail)(400, "consumes lists ".concat(refs.length, " refs; the limit is 32"));
                    ids = [];
                    targets = [];
                    _i = 0, refs_1 = refs;
                    _d.label = 1;
                case 1:
                    if (!(_i < refs_1.length)) return [3 /*break*/, 12];
                    ref = refs_1[_i];
                    return [4 /*yield*/, resolveRef(ctx, ref, channel)];
                case 2:
                    m = _d.sent();
                    if (!m || m.retracted_at != null || !ctx.cache.isMember(m.channel, sender))
                        (0, context_js_1.fail)(400, CONSUME_REFUSAL);
                    if (!(m.sender === sender && (m.status === 'open' || m.status === 'blocked'))) return [3 /*break*/, 7];
                    ids.push(m.id);
                    _a = 0;
                    return [4 /*yield*/, ctx.db.all('SELECT id FROM messages WHERE reply_to = ? AND sender != ? AND retracted_at IS NULL', m.id, sender)];
                case 3:
                    _b = _d.sent();
                    _d.label = 4;
                case 4:
                    if (!(_a < _b.length)) return [3 /*break*/, 6];
                    r = _b[_a];
                    targets.push(r.id);
                    _d.label = 5;
                case 5:
                    _a++;
                    return [3 /*break*/, 4];
                case 6: return [3 /*break*/, 11];
                case 7:
                    if (!m.reply_to) return [3 /*break*/, 9];
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, m.reply_to)];
                case 8:
                    _c = _d.sent();
                    return [3 /*break*/, 10];
                case 9:
                    _c = undefined;
                    _d.label = 10;
                case 10:
                    root = _c;
                    if (!root || root.sender !== sender || m.sender === sender || (root.status !== 'open' && root.status !== 'blocked'))
                        (0, context_js_1.fail)(400, CONSUME_REFUSAL);
                    ids.push(m.id);
                    targets.push(m.id);
                    _d.label = 11;
                case 11:
                    _i++;
                    return [3 /*break*/, 1];
                case 12:
                    data.consumes = __spreadArray([], new Set(ids), true);
                    return [2 /*return*/, targets];
            }
        });
    });
}

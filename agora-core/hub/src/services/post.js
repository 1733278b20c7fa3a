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
exports.DATA_CAP = exports.BODY_CAP = void 0;
exports.postMessage = postMessage;
var limits_js_1 = require("../limits.js");
Object.defineProperty(exports, "BODY_CAP", { enumerable: true, get: function () { return limits_js_1.BODY_CAP; } });
Object.defineProperty(exports, "DATA_CAP", { enumerable: true, get: function () { return limits_js_1.DATA_CAP; } });
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var agents_js_1 = require("./agents.js");
var channels_js_1 = require("./channels.js");
var messages_js_1 = require("./messages.js");
var normalize_js_1 = require("./normalize.js");
var mentions_js_1 = require("./mentions.js");
var obligations_js_1 = require("./obligations.js");
var receipts_js_1 = require("./governance/receipts.js");
var post_gates_js_1 = require("./work/post-gates.js");
var TYPED_KEYS = ['asks', 'answers', 'declines', 'consumes', 'attachments', 'notice', 'signature'];
/** The post pipeline in order (docs/protocol.md#messages): the first failing step decides the error; a refusal writes nothing. */
function postMessage(ctx, principal, named, input) {
    return __awaiter(this, void 0, void 0, function () {
        var channel, me, ch, state, to, peer, registered, member, title, body, bodyBytes, status, parent, merged, _i, TYPED_KEYS_1, k, hasData, norm, dataBytes, _a, to_1, t, spend, grant, urgency, downgraded, m, err_1;
        var _this = this;
        var _b, _c, _d, _e, _f, _g, _h;
        return __generator(this, function (_j) {
            switch (_j.label) {
                case 0:
                    channel = named.normalize('NFC');
                    me = (0, agents_js_1.requireSeat)(principal).id;
                    ch = (0, channels_js_1.requireMember)(ctx, channel, me);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, principal.operator, channel)];
                case 1:
                    _j.sent();
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 2:
                    state = _j.sent();
                    if (state === 'archived')
                        (0, context_js_1.fail)(409, "'".concat(channel, "' is archived; history is kept but it takes no new posts"));
                    if (state === 'closed')
                        (0, context_js_1.fail)(409, "'".concat(channel, "' is closed (channel:meta.state); ask its owner to reopen it"));
                    to = __spreadArray([], new Set((_b = input.to) !== null && _b !== void 0 ? _b : []), true);
                    if ((0, channels_js_1.isDm)(channel)) {
                        peer = (0, channels_js_1.dmPeer)(channel, me);
                        if (((_c = ctx.cache.agents.get(peer)) === null || _c === void 0 ? void 0 : _c.retired_at) != null)
                            (0, context_js_1.fail)(409, "'".concat(peer, "' has been retired; this DM takes no new posts"));
                        if (to.length === 0)
                            to = [peer];
                    }
                    return [4 /*yield*/, (0, post_gates_js_1.rulingsGate)(ctx, channel, me)];
                case 3:
                    _j.sent();
                    registered = function (id) { return ctx.cache.agents.has(id); };
                    member = function (id) { return ctx.cache.isMember(channel, id); };
                    if (!(0, channels_js_1.isDm)(channel))
                        to = (0, mentions_js_1.mergeMentions)(to, (_d = input.body) !== null && _d !== void 0 ? _d : '', me, registered, member);
                    return [4 /*yield*/, (0, receipts_js_1.charterGate)(ctx, channel, me)];
                case 4:
                    _j.sent();
                    if (input.address_dark)
                        (0, context_js_1.fail)(400, 'address_dark is not supported by this hub; address the seat with to instead');
                    title = (0, context_js_1.sanitize)((_e = input.title) !== null && _e !== void 0 ? _e : '');
                    if (title.length > 120)
                        (0, context_js_1.fail)(400, "title is ".concat(title.length, " characters; the limit is 120, move detail into the body"));
                    body = (_f = input.body) !== null && _f !== void 0 ? _f : '';
                    bodyBytes = Buffer.byteLength(body);
                    if (bodyBytes > limits_js_1.BODY_CAP)
                        (0, context_js_1.fail)(413, "body is ".concat(bodyBytes, " bytes; the cap is 65536, put long content in a file (PUT /channels/").concat(channel, "/fs/{path}) and link it"));
                    status = (_g = input.status) !== null && _g !== void 0 ? _g : 'fyi';
                    if (status === 'reply' && !input.reply_to) {
                        (0, context_js_1.fail)(400, 'bare reply: status=reply needs reply_to naming the message you answer (or use status=fyi for a new thread)');
                    }
                    if (!input.reply_to) return [3 /*break*/, 6];
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, input.reply_to)];
                case 5:
                    parent = _j.sent();
                    if (!parent || parent.channel !== channel)
                        (0, context_js_1.fail)(400, "reply_to does not name a message in '".concat(channel, "'; replies stay in the parent's channel"));
                    _j.label = 6;
                case 6:
                    merged = input.data ? __assign({}, input.data) : {};
                    for (_i = 0, TYPED_KEYS_1 = TYPED_KEYS; _i < TYPED_KEYS_1.length; _i++) {
                        k = TYPED_KEYS_1[_i];
                        if (input[k] !== undefined)
                            merged[k] = input[k];
                    }
                    if (!(0, channels_js_1.isDm)(channel) && merged.asks !== undefined)
                        merged.asks = (0, mentions_js_1.mergeAskMentions)(merged.asks, me, registered, member);
                    hasData = input.data != null || TYPED_KEYS.some(function (k) { return input[k] !== undefined; });
                    return [4 /*yield*/, (0, normalize_js_1.normalizeStructured)(ctx, { channel: channel, sender: me, status: status, parent: parent, data: merged })];
                case 7:
                    norm = _j.sent();
                    return [4 /*yield*/, (0, post_gates_js_1.noticeboardGate)(ctx, channel, parent !== undefined, norm.data)];
                case 8:
                    _j.sent();
                    if (!(0, protocol_1.allNumbersFinite)(norm.data))
                        (0, context_js_1.fail)(400, 'data must be strict JSON: NaN and Infinity are not numbers here');
                    dataBytes = hasData ? Buffer.byteLength((0, protocol_1.stringifyWire)(norm.data)) : 0;
                    if (dataBytes > limits_js_1.DATA_CAP)
                        (0, context_js_1.fail)(413, "data is ".concat(dataBytes, " bytes; the cap is 65536, store bulk content in a file"));
                    for (_a = 0, to_1 = to; _a < to_1.length; _a++) {
                        t = to_1[_a];
                        if (!ctx.cache.isMember(channel, t))
                            (0, context_js_1.fail)(400, "to names '".concat(t, "', who is not a member of '").concat(channel, "'; invite them or DM them"));
                    }
                    spend = { critical: !!input.critical, operator: principal.operator, urgency: (_h = input.urgency) !== null && _h !== void 0 ? _h : 'inbox' };
                    return [4 /*yield*/, ctx.budgets.spendPost(me, spend)];
                case 9:
                    grant = _j.sent();
                    urgency = grant.urgency, downgraded = grant.downgraded;
                    _j.label = 10;
                case 10:
                    _j.trys.push([10, 12, , 14]);
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var row, _a, _b, _c, _i, _d, id;
                            var _e;
                            return __generator(this, function (_f) {
                                switch (_f.label) {
                                    case 0: return [4 /*yield*/, (0, messages_js_1.insertMessage)(ctx, { channel: channel, sender: me, kind: 'message', status: status, urgency: urgency, critical: !!input.critical, downgraded: downgraded, to: to, title: title, body: body, data: hasData ? norm.data : null, reply_to: (_e = parent === null || parent === void 0 ? void 0 : parent.id) !== null && _e !== void 0 ? _e : null, dedupeKey: norm.dedupeKey })];
                                    case 1:
                                        row = _f.sent();
                                        if (!parent) return [3 /*break*/, 7];
                                        if (!!parent.critical) return [3 /*break*/, 3];
                                        return [4 /*yield*/, (0, messages_js_1.recordRead)(ctx, parent.id, me)];
                                    case 2:
                                        _f.sent();
                                        _f.label = 3;
                                    case 3: return [4 /*yield*/, ctx.db.run('UPDATE message_to SET cleared = 1 WHERE message_id = ? AND agent_id = ?', parent.id, me)];
                                    case 4:
                                        _f.sent();
                                        if (!(0, obligations_js_1.isObligation)(parent)) return [3 /*break*/, 7];
                                        _b = (_a = ctx.db).run;
                                        _c = ['UPDATE messages SET closed = ? WHERE id = ?'];
                                        return [4 /*yield*/, (0, obligations_js_1.threadState)(ctx, parent)];
                                    case 5: return [4 /*yield*/, _b.apply(_a, _c.concat([(_f.sent()).closed ? 1 : 0, parent.id]))];
                                    case 6:
                                        _f.sent();
                                        _f.label = 7;
                                    case 7:
                                        _i = 0, _d = norm.consumeTargets;
                                        _f.label = 8;
                                    case 8:
                                        if (!(_i < _d.length)) return [3 /*break*/, 11];
                                        id = _d[_i];
                                        return [4 /*yield*/, (0, messages_js_1.recordRead)(ctx, id, me)];
                                    case 9:
                                        _f.sent();
                                        _f.label = 10;
                                    case 10:
                                        _i++;
                                        return [3 /*break*/, 8];
                                    case 11:
                                        (0, messages_js_1.afterCommit)(ctx, row);
                                        return [2 /*return*/, row];
                                }
                            });
                        }); })];
                case 11:
                    m = _j.sent();
                    return [3 /*break*/, 14];
                case 12:
                    err_1 = _j.sent();
                    return [4 /*yield*/, ctx.budgets.refundPost(me, spend, grant)];
                case 13:
                    _j.sent();
                    if (err_1.dedupe)
                        (0, context_js_1.fail)(409, "you already posted a notice with key '".concat(norm.dedupeKey, "' in '").concat(channel, "'; reply to it instead"));
                    throw err_1;
                case 14: return [2 /*return*/, m];
            }
        });
    });
}

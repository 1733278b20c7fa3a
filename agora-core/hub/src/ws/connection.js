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
var __rest = (this && this.__rest) || function (s, e) {
    var t = {};
    for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0)
        t[p] = s[p];
    if (s != null && typeof Object.getOwnPropertySymbols === "function")
        for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
            if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i]))
                t[p[i]] = s[p[i]];
        }
    return t;
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
exports.Connection = exports.ERROR_DETAIL_MAX = exports.OVERFLOW_REASON = exports.OVERFLOW_CLOSE = exports.QUEUE_LIMIT = void 0;
var protocol_1 = require("@agora/protocol");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var messages_js_1 = require("../services/messages.js");
var envelopes_js_1 = require("../services/envelopes.js");
var post_js_1 = require("../services/post.js");
var ack_js_1 = require("../services/ack.js");
var schemas_js_1 = require("../http/schemas.js");
var app_js_1 = require("../http/app.js");
var text_js_1 = require("../http/text.js");
var seq_set_js_1 = require("./seq-set.js");
var backlog_js_1 = require("./backlog.js");
/** Live frames a connection may have written but not yet flushed to its peer. */
exports.QUEUE_LIMIT = 1000;
/**
 * Close code for a peer too slow to take its live frames: nothing is dropped silently; the
 * client reconnects at once and resumes with `since` (its per-channel resume point).
 */
exports.OVERFLOW_CLOSE = 4408;
exports.OVERFLOW_REASON = 'send queue overflowed; reconnect at once and resume with since';
/** Every WS error frame's detail is cut to this many characters, so one frame stays small. */
exports.ERROR_DETAIL_MAX = 1000;
/** Fields of an envelope that differ between viewers; equal fields mean an identical frame. */
var VIEWER_FIELDS = ['body', 'escalated', 'effective_urgency', 'to_me', 'reply_to_me', 'redelivery', 'your_pending_asks'];
/** One fan-out serializes each distinct envelope once, not once per socket. */
var frameMemo = new WeakMap();
function envelopeFrame(m, envelope) {
    var key = VIEWER_FIELDS.map(function (f) { return (f === 'body' ? envelope.body === null : JSON.stringify(envelope[f])); }).join('|');
    var byKey = frameMemo.get(m);
    if (!byKey)
        frameMemo.set(m, (byKey = new Map()));
    var text = byKey.get(key);
    if (text === undefined) {
        text = (0, protocol_1.stringifyWire)({ type: 'envelope', envelope: envelope });
        byKey.set(key, text);
    }
    return text;
}
/**
 * One authenticated socket (docs/protocol.md#websocket): identity fan-out, membership re-checked per delivery, own
 * messages never pushed, tombstones deduped by id. Each channel's sent seqs are tracked exactly
 * (SeqSet), so a backlog read after a live push still sends every seq below it, once.
 */
var Connection = /** @class */ (function () {
    function Connection(ctx, ws, principal, queueLimit) {
        if (queueLimit === void 0) { queueLimit = exports.QUEUE_LIMIT; }
        var _this = this;
        this.ctx = ctx;
        this.ws = ws;
        this.principal = principal;
        this.queueLimit = queueLimit;
        this.sent = new Map();
        this.tombstones = new Set();
        /** Live frames written but not yet flushed; the backlog is flow-controlled by Backlog instead. */
        this.liveInflight = 0;
        /** Envelopes are built asynchronously (they read the store) but written in the order admitted here. */
        this.outbound = Promise.resolve();
        /** Admitted frames not yet written: bounded like the socket queue. */
        this.pending = 0;
        this.inbound = Promise.resolve();
        this.backlog = new backlog_js_1.Backlog({
            read: function (channel, after, limit) { return __awaiter(_this, void 0, void 0, function () {
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, this.ctx.db.all('SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq LIMIT ?', channel, after, limit)];
                        case 1: return [2 /*return*/, (_a.sent()).map(messages_js_1.fromRow)];
                    }
                });
            }); },
            deliver: function (m) { return _this.deliver(m, false); },
            open: function () { return _this.ws.readyState === _this.ws.OPEN; },
            fail: function () { return _this.ws.close(1011, 'delivery failed; reconnect and catch up with since'); },
        });
        this.off = ctx.bus.on(function (m) { return _this.deliver(m, true); });
        // Frames are handled one at a time, in arrival order: a client's posts keep their order.
        ws.on('message', function (raw, isBinary) {
            var text = isBinary ? '' : raw.toString('utf8');
            _this.inbound = _this.inbound.then(function () { return _this.onFrame(text); });
        });
        ws.on('close', function () { return _this.off(); });
        ws.on('error', function () { return _this.off(); });
    }
    Object.defineProperty(Connection.prototype, "agent", {
        get: function () {
            return this.principal.id;
        },
        enumerable: false,
        configurable: true
    });
    Connection.prototype.frame = function (value, live) {
        var _this = this;
        if (live === void 0) { live = false; }
        var text = (0, protocol_1.stringifyWire)(value);
        // Behind envelopes still being built, a reply frame waits its turn: frames leave in the order produced.
        if (this.pending === 0)
            this.sendText(text, live);
        else
            this.outbound = this.outbound.then(function () { _this.sendText(text, live); });
    };
    /** False when the frame could not be queued: the socket is closing (overflow included). */
    Connection.prototype.sendText = function (text, live) {
        var _this = this;
        if (this.ws.readyState !== this.ws.OPEN)
            return false;
        if (!live) {
            this.backlog.sending();
            this.ws.send(text, function () { return _this.backlog.flushed(); });
            return true;
        }
        if (this.liveInflight >= this.queueLimit) {
            this.ws.close(exports.OVERFLOW_CLOSE, exports.OVERFLOW_REASON);
            return false;
        }
        this.liveInflight++;
        this.ws.send(text, function () { _this.liveInflight--; });
        return true;
    };
    Connection.prototype.seqs = function (channel) {
        var set = this.sent.get(channel);
        if (!set)
            this.sent.set(channel, (set = new seq_set_js_1.SeqSet()));
        return set;
    };
    /**
     * Push one message to this viewer if the delivery rules allow it. The rules are decided here,
     * synchronously, in publish order (the seq is accounted for at once); the envelope is built
     * and written in the same order through `outbound`.
     */
    Connection.prototype.deliver = function (m, live) {
        var _this = this;
        var tomb = m.retracted_at != null;
        if (tomb) {
            if (this.tombstones.has(m.id))
                return;
        }
        else if (m.sender === this.agent) {
            this.seqs(m.channel).add(m.seq); // accounted for: keeps the runs contiguous
            return;
        }
        if (!this.ctx.cache.isMember(m.channel, this.agent))
            return;
        if (live && this.backlog.holds(m.channel, m.seq))
            return; // the backlog reader sends it, in order
        if (!tomb && this.seqs(m.channel).has(m.seq))
            return;
        if (this.ws.readyState !== this.ws.OPEN)
            return;
        if (live && this.pending >= this.queueLimit) {
            this.ws.close(exports.OVERFLOW_CLOSE, exports.OVERFLOW_REASON);
            return;
        }
        if (tomb)
            this.tombstones.add(m.id);
        this.seqs(m.channel).add(m.seq);
        if (!live)
            this.backlog.sending();
        this.pending++;
        var envelope = (0, envelopes_js_1.buildEnvelope)(this.ctx, m, this.agent);
        this.outbound = this.outbound.then(function () { return __awaiter(_this, void 0, void 0, function () {
            var _a, _b, _c, _d;
            return __generator(this, function (_e) {
                switch (_e.label) {
                    case 0:
                        _e.trys.push([0, 2, 3, 4]);
                        _a = this.write;
                        _b = envelopeFrame;
                        _c = [m];
                        return [4 /*yield*/, envelope];
                    case 1:
                        _a.apply(this, [_b.apply(void 0, _c.concat([_e.sent()])), live]);
                        return [3 /*break*/, 4];
                    case 2:
                        _d = _e.sent();
                        if (!live)
                            this.backlog.flushed();
                        this.ws.close(1011, 'delivery failed; reconnect and catch up with since');
                        return [3 /*break*/, 4];
                    case 3:
                        this.pending--;
                        return [7 /*endfinally*/];
                    case 4: return [2 /*return*/];
                }
            });
        }); });
    };
    /** Write an admitted envelope frame; backlog frames were counted as sending when admitted. */
    Connection.prototype.write = function (text, live) {
        var _this = this;
        if (this.ws.readyState !== this.ws.OPEN) {
            if (!live)
                this.backlog.flushed();
            return;
        }
        if (!live) {
            this.ws.send(text, function () { return _this.backlog.flushed(); });
            return;
        }
        if (this.liveInflight >= this.queueLimit) {
            this.ws.close(exports.OVERFLOW_CLOSE, exports.OVERFLOW_REASON);
            return;
        }
        this.liveInflight++;
        this.ws.send(text, function () { _this.liveInflight--; });
    };
    Connection.prototype.error = function (detail, status, retryAfter) {
        var text = typeof detail === 'string' ? detail : JSON.stringify(detail);
        if (text.length > exports.ERROR_DETAIL_MAX) {
            text = "".concat(text.slice(0, exports.ERROR_DETAIL_MAX - 1), "\u2026");
            detail = text;
        }
        this.frame(__assign(__assign({ type: 'error', detail: detail }, (status ? { status: status } : {})), (status === 429 ? { retry_after: retryAfter !== null && retryAfter !== void 0 ? retryAfter : 1 } : {})));
    };
    Connection.prototype.onFrame = function (text) {
        return __awaiter(this, void 0, void 0, function () {
            var refused, msg, lossless, agent, err_1, e;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        refused = (0, text_js_1.frameTextViolation)(text);
                        if (refused)
                            return [2 /*return*/, this.error([refused], 422)];
                        try {
                            msg = JSON.parse(text);
                            lossless = (0, protocol_1.parseJsonLossless)(text);
                            if (!msg || typeof msg !== 'object' || Array.isArray(msg))
                                throw new Error('not an object');
                        }
                        catch (_b) {
                            return [2 /*return*/, this.error('frames are JSON objects with a "type"; this one did not parse', 400)];
                        }
                        agent = this.ctx.cache.agents.get(this.agent);
                        return [4 /*yield*/, (0, agents_js_1.activeHubBlock)(this.ctx, this.agent)];
                    case 1:
                        if ((_a.sent()) || !agent || agent.retired_at != null) {
                            return [2 /*return*/, this.error('you are blocked from this hub or retired; ask an operator', 403)];
                        }
                        this.principal = __assign(__assign({}, this.principal), { operator: agent.operator, agent: agent });
                        _a.label = 2;
                    case 2:
                        _a.trys.push([2, 4, , 5]);
                        return [4 /*yield*/, this.handle(msg, lossless)];
                    case 3:
                        _a.sent();
                        return [3 /*break*/, 5];
                    case 4:
                        err_1 = _a.sent();
                        e = (0, app_js_1.mapError)(err_1);
                        this.error(e.detail, e.status, e.retryAfter);
                        return [3 /*break*/, 5];
                    case 5: return [2 /*return*/];
                }
            });
        });
    };
    Connection.prototype.handle = function (msg, lossless) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, _t, channel, rest, input, m, body, _b;
            var _c;
            return __generator(this, function (_d) {
                switch (_d.label) {
                    case 0:
                        _a = msg.type;
                        switch (_a) {
                            case 'ping': return [3 /*break*/, 1];
                            case 'subscribe': return [3 /*break*/, 2];
                            case 'post': return [3 /*break*/, 3];
                            case 'presence': return [3 /*break*/, 5];
                            case 'ack': return [3 /*break*/, 6];
                        }
                        return [3 /*break*/, 8];
                    case 1: return [2 /*return*/, this.frame({ type: 'pong' })];
                    case 2: return [2 /*return*/, this.subscribe(msg)];
                    case 3:
                        _t = msg.type, channel = msg.channel, rest = __rest(msg, ["type", "channel"]);
                        if (typeof channel !== 'string')
                            throw new protocol_1.AgoraError(422, [{ loc: ['frame', 'channel'], msg: 'channel is required', type: 'missing' }]);
                        input = (0, schemas_js_1.validate)('post', rest);
                        if (lossless.data !== undefined)
                            input.data = lossless.data;
                        return [4 /*yield*/, (0, post_js_1.postMessage)(this.ctx, this.principal, channel, input)];
                    case 4:
                        m = _d.sent();
                        return [2 /*return*/, this.frame({ type: 'posted', id: m.id, seq: m.seq })];
                    case 5:
                        if (msg.state !== 'idle' && msg.state !== 'working')
                            throw new protocol_1.AgoraError(400, 'presence state must be idle or working');
                        this.ctx.presence.declare(this.agent, msg.state);
                        return [2 /*return*/];
                    case 6:
                        body = (0, schemas_js_1.validate)('ack', { cursors: msg.cursors });
                        _b = this.frame;
                        _c = { type: 'acked' };
                        return [4 /*yield*/, (0, ack_js_1.ack)(this.ctx, this.agent, body.cursors)];
                    case 7: return [2 /*return*/, _b.apply(this, [(_c.acked = _d.sent(), _c)])];
                    case 8: throw new protocol_1.AgoraError(400, "unknown frame type '".concat(String(msg.type), "'; use subscribe, post, presence, ack or ping"));
                }
            });
        });
    };
    /**
     * Membership per channel, one error frame for all refused ones, then the backlog (Backlog holds
     * the channel's live frames until its reader catches up). Pushes sent before this frame are in
     * the SeqSet and skipped; everything else after since is sent.
     */
    Connection.prototype.subscribe = function (msg) {
        return __awaiter(this, void 0, void 0, function () {
            var frame, channels, since, ok, refused, _i, channels_1, c;
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        frame = (0, schemas_js_1.validate)('subscribe', msg);
                        channels = __spreadArray([], new Set(frame.channels), true);
                        since = (_a = frame.since) !== null && _a !== void 0 ? _a : {};
                        ok = [];
                        refused = [];
                        for (_i = 0, channels_1 = channels; _i < channels_1.length; _i++) {
                            c = channels_1[_i];
                            try {
                                (0, channels_js_1.requireMember)(this.ctx, c, this.agent);
                                ok.push(c);
                            }
                            catch (_c) {
                                refused.push(c);
                            }
                        }
                        if (refused.length > 0)
                            this.error(refusal(refused), 403);
                        this.frame({ type: 'subscribed', channels: ok });
                        this.backlog.add(ok.filter(function (c) { return since[c] !== undefined; }).sort().map(function (c) { return [c, since[c]]; }));
                        return [4 /*yield*/, this.backlog.pump()];
                    case 1:
                        _b.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    Connection.prototype.close = function () {
        this.off();
    };
    return Connection;
}());
exports.Connection = Connection;
/** One sentence for every channel a subscribe could not take, naming the first few. */
function refusal(channels) {
    var shown = channels.slice(0, 10).map(function (c) { return JSON.stringify(c.length > 64 ? "".concat(c.slice(0, 63), "\u2026") : c); });
    var more = channels.length > shown.length ? " and ".concat(channels.length - shown.length, " more") : '';
    var noun = channels.length === 1 ? 'channel' : 'channels';
    return "not subscribed to ".concat(channels.length, " ").concat(noun, " (").concat(shown.join(', ')).concat(more, "): each is unknown or you are not a member; join it first");
}

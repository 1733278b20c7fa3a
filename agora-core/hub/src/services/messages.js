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
exports.newMessageId = newMessageId;
exports.parseData = parseData;
exports.messageColumns = messageColumns;
exports.fromArray = fromArray;
exports.jsonValues = jsonValues;
exports.selectMessages = selectMessages;
exports.fromRow = fromRow;
exports.hashPayload = hashPayload;
exports.insertMessage = insertMessage;
exports.postSystem = postSystem;
exports.afterCommit = afterCommit;
exports.getMessage = getMessage;
exports.getBySeq = getBySeq;
exports.repliesTo = repliesTo;
exports.repliesToMany = repliesToMany;
exports.sendersOf = sendersOf;
exports.readSet = readSet;
exports.headSeq = headSeq;
exports.isRead = isRead;
exports.recordRead = recordRead;
exports.wireMessage = wireMessage;
var node_crypto_1 = require("node:crypto");
var ulid_1 = require("ulid");
var protocol_1 = require("@agora/protocol");
var SELECT = 'SELECT * FROM messages';
/** ulid's default PRNG makes one crypto call per character; draw from a pooled CSPRNG buffer instead. */
var pool = (0, node_crypto_1.randomBytes)(4096);
var poolAt = 0;
function pooledRandom() {
    if (poolAt + 4 > pool.length) {
        pool = (0, node_crypto_1.randomBytes)(4096);
        poolAt = 0;
    }
    var v = pool.readUInt32BE(poolAt);
    poolAt += 4;
    return v / 4294967296;
}
function newMessageId() {
    return (0, ulid_1.ulid)(undefined, pooledRandom);
}
var PARSED_LIMIT = 20000;
var parsed = new Map();
/**
 * Parse stored `data` text losslessly, memoized by the exact text (so an edited row can never
 * be served from the memo). Parsed objects are shared: callers copy before changing them.
 */
function parseData(text) {
    if (text == null)
        return null;
    var v = parsed.get(text);
    if (!v) {
        v = (0, protocol_1.parseJsonLossless)(text);
        if (parsed.size >= PARSED_LIMIT)
            parsed.delete(parsed.keys().next().value);
        parsed.set(text, v);
    }
    return v;
}
var COLUMNS = ['id', 'channel', 'seq', 'sender', 'kind', 'status', 'urgency', 'critical', 'downgraded', 'to_json', 'title',
    'body', 'data_json', 'reply_to', 'created_at', 'hash', 'retracted_at', 'retracted_by'];
/** The message column list, optionally qualified (`m.id, m.channel, ...`), in `fromArray` order. */
function messageColumns(alias) {
    if (alias === void 0) { alias = ''; }
    return COLUMNS.map(function (c) { return (alias ? "".concat(alias, ".").concat(c) : c); }).join(', ');
}
/** Build from a raw-mode row selected with `messageColumns()`. */
function fromArray(r) {
    var _a, _b, _c, _d, _e;
    return {
        id: r[0], channel: r[1], seq: r[2], sender: r[3],
        kind: r[4], status: r[5], urgency: r[6],
        critical: !!r[7], downgraded: !!r[8], to: r[9] === '[]' ? [] : JSON.parse(r[9]),
        title: r[10], body: r[11], data: parseData((_a = r[12]) !== null && _a !== void 0 ? _a : null),
        reply_to: (_b = r[13]) !== null && _b !== void 0 ? _b : null, created_at: r[14], hash: (_c = r[15]) !== null && _c !== void 0 ? _c : null,
        retracted_at: (_d = r[16]) !== null && _d !== void 0 ? _d : null, retracted_by: (_e = r[17]) !== null && _e !== void 0 ? _e : null,
    };
}
/**
 * A subquery yielding the elements of one bound JSON array of strings (`x IN (${jsonValues(ctx)})`):
 * one statement text for any list length, so the prepared-statement cache does not grow with it.
 */
function jsonValues(ctx) {
    // json_each is SQLite's table-valued JSON function; PostgreSQL spells it json_array_elements_text.
    return ctx.db.dialect === 'sqlite' ? 'SELECT value FROM json_each(?)' : 'SELECT json_array_elements_text(CAST(? AS json))';
}
/** `SELECT <message columns> <tail>` in raw mode; `tail` starts at FROM. */
function selectMessages(ctx, tail) {
    var params = [];
    for (var _i = 2; _i < arguments.length; _i++) {
        params[_i - 2] = arguments[_i];
    }
    return __awaiter(this, void 0, void 0, function () {
        var alias;
        var _a;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    alias = (_c = (_b = /^FROM messages (m)\b/.exec(tail)) === null || _b === void 0 ? void 0 : _b[1]) !== null && _c !== void 0 ? _c : '';
                    return [4 /*yield*/, (_a = ctx.db).rows.apply(_a, __spreadArray(["SELECT ".concat(messageColumns(alias), " ").concat(tail)], params, false))];
                case 1: return [2 /*return*/, (_d.sent()).map(fromArray)];
            }
        });
    });
}
function fromRow(r) {
    var _a, _b, _c, _d, _e;
    return {
        id: r.id, channel: r.channel, seq: r.seq, sender: r.sender,
        kind: r.kind, status: r.status,
        urgency: r.urgency, critical: !!r.critical, downgraded: !!r.downgraded,
        to: JSON.parse(r.to_json), title: r.title, body: r.body,
        data: parseData((_a = r.data_json) !== null && _a !== void 0 ? _a : null),
        reply_to: (_b = r.reply_to) !== null && _b !== void 0 ? _b : null, created_at: r.created_at,
        hash: (_c = r.hash) !== null && _c !== void 0 ? _c : null, retracted_at: (_d = r.retracted_at) !== null && _d !== void 0 ? _d : null,
        retracted_by: (_e = r.retracted_by) !== null && _e !== void 0 ? _e : null,
    };
}
/** The 15 hashed fields (docs/protocol.md#the-chain), from stored values. */
function hashPayload(m) {
    return {
        id: m.id, channel: m.channel, seq: m.seq, sender: m.sender, kind: m.kind, status: m.status,
        urgency: m.urgency, critical: m.critical ? 1 : 0, downgraded: m.downgraded ? 1 : 0, to: m.to,
        title: m.title, body: m.body, data: m.data, reply_to: m.reply_to, created_at: (0, protocol_1.pyFloat)(m.created_at),
    };
}
/** Assign the next seq and chain the hash. Call inside a transaction (the caller's or ours). */
function insertMessage(ctx, n) {
    return __awaiter(this, void 0, void 0, function () {
        var _this = this;
        return __generator(this, function (_a) {
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var head, dataText, m, dup, _i, _a, a;
                    var _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m;
                    return __generator(this, function (_o) {
                        switch (_o.label) {
                            case 0: return [4 /*yield*/, ctx.db.get('SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1', n.channel)];
                            case 1:
                                head = _o.sent();
                                dataText = n.data == null ? null : (0, protocol_1.stringifyWire)(n.data);
                                m = {
                                    id: newMessageId(), channel: n.channel, seq: ((_b = head === null || head === void 0 ? void 0 : head.seq) !== null && _b !== void 0 ? _b : 0) + 1, sender: n.sender, kind: (_c = n.kind) !== null && _c !== void 0 ? _c : 'message',
                                    status: (_d = n.status) !== null && _d !== void 0 ? _d : 'fyi', urgency: (_e = n.urgency) !== null && _e !== void 0 ? _e : 'inbox', critical: (_f = n.critical) !== null && _f !== void 0 ? _f : false,
                                    downgraded: (_g = n.downgraded) !== null && _g !== void 0 ? _g : false, to: (_h = n.to) !== null && _h !== void 0 ? _h : [], title: (_j = n.title) !== null && _j !== void 0 ? _j : '', body: (_k = n.body) !== null && _k !== void 0 ? _k : '',
                                    data: dataText == null ? null : (0, protocol_1.parseJsonLossless)(dataText),
                                    reply_to: (_l = n.reply_to) !== null && _l !== void 0 ? _l : null, created_at: ctx.now(), hash: null, retracted_at: null, retracted_by: null,
                                };
                                m.hash = (0, protocol_1.ledgerHash)((_m = head === null || head === void 0 ? void 0 : head.hash) !== null && _m !== void 0 ? _m : '', hashPayload(m));
                                if (!n.dedupeKey) return [3 /*break*/, 4];
                                return [4 /*yield*/, ctx.db.get('SELECT message_id FROM message_dedupe WHERE channel = ? AND sender = ? AND key = ?', n.channel, n.sender, n.dedupeKey)];
                            case 2:
                                dup = _o.sent();
                                if (dup)
                                    throw Object.assign(new Error('duplicate'), { dedupe: true });
                                return [4 /*yield*/, ctx.db.run('INSERT INTO message_dedupe (channel, sender, key, message_id) VALUES (?, ?, ?, ?)', n.channel, n.sender, n.dedupeKey, m.id)];
                            case 3:
                                _o.sent();
                                _o.label = 4;
                            case 4: return [4 /*yield*/, ctx.db.run("INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json,\n      title, body, data_json, reply_to, created_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", m.id, m.channel, m.seq, m.sender, m.kind, m.status, m.urgency, m.critical ? 1 : 0, m.downgraded ? 1 : 0, JSON.stringify(m.to), m.title, m.body, dataText, m.reply_to, m.created_at, m.hash)];
                            case 5:
                                _o.sent();
                                _i = 0, _a = new Set(m.to);
                                _o.label = 6;
                            case 6:
                                if (!(_i < _a.length)) return [3 /*break*/, 9];
                                a = _a[_i];
                                return [4 /*yield*/, ctx.db.run('INSERT INTO message_to (message_id, agent_id, channel, seq) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', m.id, a, m.channel, m.seq)];
                            case 7:
                                _o.sent();
                                _o.label = 8;
                            case 8:
                                _i++;
                                return [3 /*break*/, 6];
                            case 9: return [2 /*return*/, m];
                        }
                    });
                }); })];
        });
    });
}
/** Insert and wake subscribers once the transaction has committed. */
function postSystem(ctx_1, channel_1, body_1) {
    return __awaiter(this, arguments, void 0, function (ctx, channel, body, extra) {
        var m;
        if (extra === void 0) { extra = {}; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, insertMessage(ctx, __assign({ channel: channel, sender: 'hub', kind: 'system', status: 'fyi', body: body }, extra))];
                case 1:
                    m = _a.sent();
                    afterCommit(ctx, m);
                    return [2 /*return*/, m];
            }
        });
    });
}
/** Publish after the outermost transaction commits (immediately when there is none). */
function afterCommit(ctx, m) {
    ctx.db.defer(function () { return ctx.bus.publish(m); });
}
function getMessage(ctx, id) {
    return __awaiter(this, void 0, void 0, function () {
        var r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get("".concat(SELECT, " WHERE id = ?"), id)];
                case 1:
                    r = _a.sent();
                    return [2 /*return*/, r ? fromRow(r) : undefined];
            }
        });
    });
}
function getBySeq(ctx, channel, seq) {
    return __awaiter(this, void 0, void 0, function () {
        var r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get("".concat(SELECT, " WHERE channel = ? AND seq = ?"), channel, seq)];
                case 1:
                    r = _a.sent();
                    return [2 /*return*/, r ? fromRow(r) : undefined];
            }
        });
    });
}
function repliesTo(ctx, id) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, selectMessages(ctx, 'FROM messages WHERE reply_to = ? AND retracted_at IS NULL ORDER BY seq', id)];
        });
    });
}
/** Replies to many roots in one pass (ids bound as one JSON array), grouped by root id in seq order. */
function repliesToMany(ctx, ids) {
    return __awaiter(this, void 0, void 0, function () {
        var out, rows, _i, rows_1, r;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    out = new Map(ids.map(function (id) { return [id, []]; }));
                    if (ids.length === 0)
                        return [2 /*return*/, out];
                    return [4 /*yield*/, selectMessages(ctx, "FROM messages WHERE reply_to IN (".concat(jsonValues(ctx), ")\n    AND retracted_at IS NULL ORDER BY seq"), JSON.stringify(ids))];
                case 1:
                    rows = _b.sent();
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        (_a = out.get(r.reply_to)) === null || _a === void 0 ? void 0 : _a.push(r);
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
/** Sender of each of `ids` that exists (one pass). */
function sendersOf(ctx, ids) {
    return __awaiter(this, void 0, void 0, function () {
        var rows;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (ids.length === 0)
                        return [2 /*return*/, new Map()];
                    return [4 /*yield*/, ctx.db.all("SELECT id, sender FROM messages WHERE id IN (".concat(jsonValues(ctx), ")"), JSON.stringify(__spreadArray([], new Set(ids), true)))];
                case 1:
                    rows = _a.sent();
                    return [2 /*return*/, new Map(rows.map(function (r) { return [r.id, r.sender]; }))];
            }
        });
    });
}
/** Which of `ids` the agent holds a read receipt on. */
function readSet(ctx, agent, ids) {
    return __awaiter(this, void 0, void 0, function () {
        var rows;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (ids.length === 0)
                        return [2 /*return*/, new Set()];
                    return [4 /*yield*/, ctx.db.rows("SELECT message_id FROM reads WHERE agent = ? AND message_id IN (".concat(jsonValues(ctx), ")"), agent, JSON.stringify(ids))];
                case 1:
                    rows = _a.sent();
                    return [2 /*return*/, new Set(rows.map(function (r) { return r[0]; }))];
            }
        });
    });
}
function headSeq(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT MAX(seq) AS s FROM messages WHERE channel = ?', channel)];
                case 1: return [2 /*return*/, (_b = (_a = (_c.sent())) === null || _a === void 0 ? void 0 : _a.s) !== null && _b !== void 0 ? _b : 0];
            }
        });
    });
}
function isRead(ctx, messageId, agent) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT 1 FROM reads WHERE message_id = ? AND agent = ?', messageId, agent)];
                case 1: return [2 /*return*/, !!(_a.sent())];
            }
        });
    });
}
function recordRead(ctx, messageId, agent) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run('INSERT INTO reads (message_id, agent, read_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', messageId, agent, ctx.now())];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** The Message wire shape (docs/protocol.md#messages); retracted rows become tombstones on every surface. */
function wireMessage(m) {
    var _a;
    var gone = m.retracted_at != null;
    return {
        id: m.id, channel: m.channel, seq: m.seq, sender: m.sender, kind: m.kind,
        status: gone ? 'fyi' : m.status, urgency: m.urgency, critical: m.critical, downgraded: m.downgraded,
        to: m.to, title: gone ? '' : m.title, body: gone ? "[retracted by ".concat((_a = m.retracted_by) !== null && _a !== void 0 ? _a : 'unknown', "]") : m.body,
        data: gone ? null : m.data, reply_to: m.reply_to, created_at: m.created_at,
        retracted: gone, retracted_at: m.retracted_at,
    };
}

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
exports.retractMessage = retractMessage;
exports.retractThread = retractThread;
var context_js_1 = require("./context.js");
var messages_js_1 = require("./messages.js");
var obligations_js_1 = require("./obligations.js");
var in_order_js_1 = require("./in-order.js");
/**
 * Retract one message (docs/protocol.md#governance): the author or an operator; system and fs rows operators only.
 * Idempotent (the first retractor and time are kept). The stored bytes and hash stay, so the
 * ledger still verifies; every read surface serves the tombstone, and it is re-published.
 */
function retractMessage(ctx, p, m) {
    return __awaiter(this, void 0, void 0, function () {
        var at, gone;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (m.retracted_at != null)
                        return [2 /*return*/, m];
                    if (m.kind !== 'message' && !p.operator)
                        (0, context_js_1.fail)(403, 'system and fs records can be retracted by operators only');
                    if (m.sender !== p.id && !p.operator)
                        (0, context_js_1.fail)(403, "only the author (".concat(m.sender, ") or an operator can retract this message"));
                    at = ctx.now();
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var root, _a, _b, _c, _d;
                            return __generator(this, function (_e) {
                                switch (_e.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run('UPDATE messages SET retracted_at = ?, retracted_by = ? WHERE id = ? AND retracted_at IS NULL', at, p.id, m.id)];
                                    case 1:
                                        _e.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM message_dedupe WHERE message_id = ?', m.id)
                                            // A retracted reply may reopen its root: recompute the stored `closed` flag.
                                        ];
                                    case 2:
                                        _e.sent();
                                        if (!m.reply_to) return [3 /*break*/, 4];
                                        return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, m.reply_to)];
                                    case 3:
                                        _a = _e.sent();
                                        return [3 /*break*/, 5];
                                    case 4:
                                        _a = undefined;
                                        _e.label = 5;
                                    case 5:
                                        root = _a;
                                        if (!(root && (0, obligations_js_1.isObligation)(root))) return [3 /*break*/, 8];
                                        _c = (_b = ctx.db).run;
                                        _d = ['UPDATE messages SET closed = ? WHERE id = ?'];
                                        return [4 /*yield*/, (0, obligations_js_1.threadState)(ctx, root)];
                                    case 6: return [4 /*yield*/, _c.apply(_b, _d.concat([(_e.sent()).closed ? 1 : 0, root.id]))];
                                    case 7:
                                        _e.sent();
                                        _e.label = 8;
                                    case 8: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, m.id)];
                case 2:
                    gone = _a.sent();
                    ctx.bus.publish(gone);
                    return [2 /*return*/, gone];
            }
        });
    });
}
/** The message plus all transitive replies inside its channel, in seq order. */
function trail(ctx, root) {
    return __awaiter(this, void 0, void 0, function () {
        var out, queue, id, _i, _a, r;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    out = [root];
                    queue = [root.id];
                    _b.label = 1;
                case 1:
                    if (!queue.length) return [3 /*break*/, 6];
                    id = queue.shift();
                    _i = 0;
                    return [4 /*yield*/, (0, messages_js_1.selectMessages)(ctx, 'FROM messages WHERE reply_to = ? AND channel = ? ORDER BY seq', id, root.channel)];
                case 2:
                    _a = _b.sent();
                    _b.label = 3;
                case 3:
                    if (!(_i < _a.length)) return [3 /*break*/, 5];
                    r = _a[_i];
                    out.push(r);
                    queue.push(r.id);
                    _b.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 3];
                case 5: return [3 /*break*/, 1];
                case 6: return [2 /*return*/, out.sort(function (a, b) { return a.seq - b.seq; })];
            }
        });
    });
}
/**
 * Retract a thread, all or nothing (docs/protocol.md#governance): a non-operator is refused (403, nothing retracted)
 * when the trail holds anyone else's message. System and fs rows are skipped and counted.
 */
function retractThread(ctx, p, root) {
    return __awaiter(this, void 0, void 0, function () {
        var all, messages, already, at, targets, served, _loop_1, _i, served_1, m;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, trail(ctx, root)];
                case 1:
                    all = _a.sent();
                    messages = all.filter(function (m) { return m.kind === 'message'; });
                    if (!p.operator && messages.some(function (m) { return m.sender !== p.id; })) {
                        (0, context_js_1.fail)(403, 'this thread holds other seats\' messages; retract your own messages one by one, or ask an operator');
                    }
                    already = messages.filter(function (m) { return m.retracted_at != null; }).length;
                    at = ctx.now();
                    targets = messages.filter(function (m) { return m.retracted_at == null; });
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, targets_1, m, parent, _a, _b, _c, _d;
                            return __generator(this, function (_e) {
                                switch (_e.label) {
                                    case 0:
                                        _i = 0, targets_1 = targets;
                                        _e.label = 1;
                                    case 1:
                                        if (!(_i < targets_1.length)) return [3 /*break*/, 5];
                                        m = targets_1[_i];
                                        return [4 /*yield*/, ctx.db.run('UPDATE messages SET retracted_at = ?, retracted_by = ? WHERE id = ? AND retracted_at IS NULL', at, p.id, m.id)];
                                    case 2:
                                        _e.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM message_dedupe WHERE message_id = ?', m.id)];
                                    case 3:
                                        _e.sent();
                                        _e.label = 4;
                                    case 4:
                                        _i++;
                                        return [3 /*break*/, 1];
                                    case 5:
                                        if (!root.reply_to) return [3 /*break*/, 7];
                                        return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, root.reply_to)];
                                    case 6:
                                        _a = _e.sent();
                                        return [3 /*break*/, 8];
                                    case 7:
                                        _a = undefined;
                                        _e.label = 8;
                                    case 8:
                                        parent = _a;
                                        if (!(parent && (0, obligations_js_1.isObligation)(parent))) return [3 /*break*/, 11];
                                        _c = (_b = ctx.db).run;
                                        _d = ['UPDATE messages SET closed = ? WHERE id = ?'];
                                        return [4 /*yield*/, (0, obligations_js_1.threadState)(ctx, parent)];
                                    case 9: return [4 /*yield*/, _c.apply(_b, _d.concat([(_e.sent()).closed ? 1 : 0, parent.id]))];
                                    case 10:
                                        _e.sent();
                                        _e.label = 11;
                                    case 11: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, in_order_js_1.mapInOrder)(messages, function (m) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, m.id)];
                                case 1: return [2 /*return*/, _a.sent()];
                            }
                        }); }); })];
                case 3:
                    served = _a.sent();
                    _loop_1 = function (m) {
                        if (targets.some(function (t) { return t.id === m.id; }))
                            ctx.bus.publish(m);
                    };
                    for (_i = 0, served_1 = served; _i < served_1.length; _i++) {
                        m = served_1[_i];
                        _loop_1(m);
                    }
                    return [2 /*return*/, { count: targets.length, already_retracted: already, skipped_non_messages: all.length - messages.length,
                            messages: served.map(messages_js_1.wireMessage) }];
            }
        });
    });
}

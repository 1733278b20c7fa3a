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
exports.THREAD_LIMIT = void 0;
exports.resolveThread = resolveThread;
var context_js_1 = require("./context.js");
var messages_js_1 = require("./messages.js");
var obligations_js_1 = require("./obligations.js");
var post_js_1 = require("./post.js");
/** Nodes walked per call; past it the answer says `truncated:true` and a second call continues. */
exports.THREAD_LIMIT = 200;
function walk(ctx, root) {
    return __awaiter(this, void 0, void 0, function () {
        var nodes, queue, _i, _a, r;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    nodes = [root];
                    queue = [root.id];
                    _b.label = 1;
                case 1:
                    if (!(queue.length > 0)) return [3 /*break*/, 6];
                    _i = 0;
                    return [4 /*yield*/, (0, messages_js_1.repliesTo)(ctx, queue.shift())];
                case 2:
                    _a = _b.sent();
                    _b.label = 3;
                case 3:
                    if (!(_i < _a.length)) return [3 /*break*/, 5];
                    r = _a[_i];
                    if (r.channel !== root.channel)
                        return [3 /*break*/, 4];
                    if (nodes.length >= exports.THREAD_LIMIT)
                        return [2 /*return*/, { nodes: nodes, truncated: true }];
                    nodes.push(r);
                    queue.push(r.id);
                    _b.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 3];
                case 5: return [3 /*break*/, 1];
                case 6: return [2 /*return*/, { nodes: nodes, truncated: false }];
            }
        });
    });
}
/** Claims whose `source_message_id` names a closed node (by id or `chan#seq`): the work they tracked is settled. */
function claimsOn(ctx, channel, closed) {
    return __awaiter(this, void 0, void 0, function () {
        var refs, rows, out, _i, rows_1, r, v;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    refs = new Set(closed.flatMap(function (m) { return [m.id, "".concat(m.channel, "#").concat(m.seq)]; }));
                    return [4 /*yield*/, ctx.db.all("SELECT key, value_json FROM store WHERE channel = ? AND key LIKE 'claim:%' ORDER BY key", channel)];
                case 1:
                    rows = _b.sent();
                    out = [];
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        v = r.value_json ? JSON.parse(r.value_json) : null;
                        if (v && typeof v.source_message_id === 'string' && refs.has(v.source_message_id)) {
                            out.push({ key: r.key, owner: (_a = v.owner) !== null && _a !== void 0 ? _a : null, source_message_id: v.source_message_id });
                        }
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
/**
 * Close every open node of a thread with a `resolved` reply from the caller. The caller must be
 * the asker of every open node, or an operator: otherwise 403 and nothing is closed.
 */
function resolveThread(ctx, p, root, body) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, nodes, truncated, open, _i, nodes_1, m, foreign, closed, _b, open_1, m, reply, settled;
        var _c;
        var _this = this;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, walk(ctx, root)];
                case 1:
                    _a = _d.sent(), nodes = _a.nodes, truncated = _a.truncated;
                    open = [];
                    _i = 0, nodes_1 = nodes;
                    _d.label = 2;
                case 2:
                    if (!(_i < nodes_1.length)) return [3 /*break*/, 5];
                    m = nodes_1[_i];
                    if (m.kind !== 'message' || m.retracted_at != null || !(0, obligations_js_1.isObligation)(m))
                        return [3 /*break*/, 4];
                    return [4 /*yield*/, (0, obligations_js_1.threadState)(ctx, m)];
                case 3:
                    if (!(_d.sent()).closed)
                        open.push(m);
                    _d.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5:
                    foreign = open.filter(function (m) { return m.sender !== p.id; });
                    if (!p.operator && foreign.length > 0) {
                        (0, context_js_1.fail)(403, "#".concat(foreign[0].seq, " is ").concat(foreign[0].sender, "'s open question; only its asker or an operator can close it, so nothing was closed \u2014 resolve your own with a resolved reply"));
                    }
                    closed = [];
                    _b = 0, open_1 = open;
                    _d.label = 6;
                case 6:
                    if (!(_b < open_1.length)) return [3 /*break*/, 9];
                    m = open_1[_b];
                    return [4 /*yield*/, (0, post_js_1.postMessage)(ctx, p, m.channel, { status: 'resolved', reply_to: m.id, body: body !== null && body !== void 0 ? body : "closed by ".concat(p.id, " (resolve_thread on #").concat(root.seq, ")") })];
                case 7:
                    reply = _d.sent();
                    closed.push({ id: m.id, seq: m.seq, sender: m.sender, resolved_by: reply.id, resolved_seq: reply.seq });
                    _d.label = 8;
                case 8:
                    _b++;
                    return [3 /*break*/, 6];
                case 9: return [4 /*yield*/, Promise.all(open.map(function (m) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, m.id)];
                            case 1: return [2 /*return*/, (_a.sent())];
                        }
                    }); }); }))];
                case 10:
                    settled = _d.sent();
                    _c = { closed: closed };
                    return [4 /*yield*/, claimsOn(ctx, root.channel, settled)];
                case 11: return [2 /*return*/, (_c.claims = _d.sent(), _c.truncated = truncated, _c)];
            }
        });
    });
}

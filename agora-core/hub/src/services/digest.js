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
Object.defineProperty(exports, "__esModule", { value: true });
exports.digest = digest;
var messages_js_1 = require("./messages.js");
var debts_js_1 = require("./debts.js");
var store_js_1 = require("./store.js");
/**
 * GET /channels/{c}/digest: the whole room folded into what is still open, what was decided
 * (newest 50) and the `decision:*` rows, independent of any cursor. Phases and rulings are Layer 3
 * and served empty.
 */
function digest(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var roots, open, decided, _i, _a, _b, m, state, row, decisions, messages, newest;
        var _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0: return [4 /*yield*/, (0, messages_js_1.selectMessages)(ctx, "FROM messages WHERE channel = ? AND status IN ('open','blocked') AND retracted_at IS NULL\n    ORDER BY seq", channel)];
                case 1:
                    roots = _e.sent();
                    open = [];
                    decided = [];
                    _i = 0;
                    return [4 /*yield*/, (0, debts_js_1.withStates)(ctx, roots)];
                case 2:
                    _a = _e.sent();
                    _e.label = 3;
                case 3:
                    if (!(_i < _a.length)) return [3 /*break*/, 5];
                    _b = _a[_i], m = _b.m, state = _b.state;
                    row = { id: m.id, seq: m.seq, sender: m.sender, title: m.title, status: m.status, to: m.to, created_at: m.created_at };
                    if (state.closed)
                        decided.push(__assign(__assign({}, row), { closed_by: state.closedBy, has_resolved_reply: state.hasResolvedReply }));
                    else
                        open.push(__assign(__assign({}, row), { pending_asks: state.pending, replies: state.replies.length, has_resolved_reply: state.hasResolvedReply }));
                    _e.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 3];
                case 5: return [4 /*yield*/, ctx.db.all("SELECT * FROM store WHERE channel = ? AND key >= 'decision:' AND key < 'decision;' ORDER BY key", channel)];
                case 6:
                    decisions = (_e.sent())
                        .map(store_js_1.entry);
                    return [4 /*yield*/, ctx.db.get('SELECT count(*) AS n FROM messages WHERE channel = ?', channel)];
                case 7:
                    messages = (_d = (_c = (_e.sent())) === null || _c === void 0 ? void 0 : _c.n) !== null && _d !== void 0 ? _d : 0;
                    newest = decided.reverse().slice(0, 50);
                    return [2 /*return*/, {
                            channel: channel,
                            phases: [], rulings: [], unacknowledged_rulings: [], phase_lines: [],
                            open_questions: open, decided: newest,
                            decisions: decisions,
                            counts: { messages: messages, open_questions: open.length, decided: decided.length, decisions: decisions.length },
                        }];
            }
        });
    });
}

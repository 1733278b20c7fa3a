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
exports.voteSpec = voteSpec;
exports.sweepVotes = sweepVotes;
var protocol_1 = require("@agora/protocol");
var messages_js_1 = require("./messages.js");
var pause_js_1 = require("./pause.js");
var vote_fold_js_1 = require("./vote-fold.js");
var obligations_js_1 = require("./obligations.js");
function voteSpec(m) {
    var _a, _b;
    var v = m.data ? (0, protocol_1.toPlain)(m.data).vote : undefined;
    if (!v || typeof v !== 'object' || Array.isArray(v))
        return null;
    var spec = v;
    if (typeof spec.closes_at !== 'number' || !Array.isArray(spec.options) || spec.options.length < 2)
        return null;
    return { topic: String((_a = spec.topic) !== null && _a !== void 0 ? _a : ''), options: spec.options.map(String), tag: String((_b = spec.tag) !== null && _b !== void 0 ? _b : ''), closes_at: spec.closes_at };
}
function hasResult(ctx, root) {
    return __awaiter(this, void 0, void 0, function () {
        var replies;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get("SELECT 1 FROM message_dedupe WHERE sender = 'hub' AND key = ?", "vote-result:".concat(root.id))];
                case 1:
                    if (_a.sent())
                        return [2 /*return*/, true];
                    return [4 /*yield*/, ctx.db.all("SELECT * FROM messages WHERE reply_to = ? AND retracted_at IS NULL\n    AND data_json LIKE '%\"vote_result\"%'", root.id)];
                case 2:
                    replies = (_a.sent()).map(messages_js_1.fromRow);
                    return [2 /*return*/, replies.some(function (r) { return r.sender === root.sender || r.sender === 'hub'; })];
            }
        });
    });
}
/** The vote channel after the root, plus every DM channel of the chair, in time order. */
function ballotMessages(ctx, root) {
    return __awaiter(this, void 0, void 0, function () {
        var chair, dms, rows, _i, dms_1, dm, _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    chair = root.sender;
                    dms = ctx.cache.channelsOf(chair).filter(function (c) { return c.startsWith('dm:'); });
                    return [4 /*yield*/, ctx.db.all('SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq', root.channel, root.seq)];
                case 1:
                    rows = _d.sent();
                    _i = 0, dms_1 = dms;
                    _d.label = 2;
                case 2:
                    if (!(_i < dms_1.length)) return [3 /*break*/, 5];
                    dm = dms_1[_i];
                    _b = (_a = rows.push).apply;
                    _c = [rows];
                    return [4 /*yield*/, ctx.db.all('SELECT * FROM messages WHERE channel = ? AND created_at >= ? ORDER BY seq', dm, root.created_at)];
                case 3:
                    _b.apply(_a, _c.concat([_d.sent()]));
                    _d.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5: return [2 /*return*/, rows.map(messages_js_1.fromRow).sort(function (a, b) { return a.created_at - b.created_at || a.seq - b.seq; })];
            }
        });
    });
}
function resultBody(spec, fold) {
    var lines = ["VOTE RESULT: ".concat(spec.topic)];
    spec.options.forEach(function (opt, i) {
        var voters = Object.entries(fold.ballots).filter(function (_a) {
            var b = _a[1];
            return b[0] === i;
        }).map(function (_a) {
            var v = _a[0];
            return v;
        });
        lines.push("- ".concat(opt, ": ").concat(voters.length).concat(voters.length ? " (".concat(voters.join(', '), ")") : ''));
    });
    if (Object.values(fold.ballots).some(function (b) { return b.length > 1; })) {
        var n_1 = spec.options.length;
        var points_1 = spec.options.map(function () { return 0; });
        for (var _i = 0, _a = Object.values(fold.ballots); _i < _a.length; _i++) {
            var b = _a[_i];
            b.forEach(function (idx, rank) { points_1[idx] += n_1 - 1 - rank; });
        }
        lines.push("Borda: ".concat(spec.options.map(function (o, i) { return "".concat(o, "=").concat(points_1[i]); }).join(', ')));
    }
    var counted = Object.keys(fold.ballots).length;
    lines.push("ballots: ".concat(fold.seen.length, " seen \u00B7 ").concat(counted, " counted \u00B7 ").concat(fold.rejected.length, " rejected"));
    return lines.join('\n');
}
/** One pass of the vote sweep: publish each due vote's result exactly once. Returns results published. */
function sweepVotes(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var roots, published, _loop_1, _i, roots_1, root;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, pause_js_1.isPaused)(ctx)];
                case 1:
                    if (_a.sent())
                        return [2 /*return*/, 0];
                    return [4 /*yield*/, ctx.db.all("SELECT * FROM messages WHERE status IN ('open','blocked') AND retracted_at IS NULL\n    AND channel NOT LIKE 'dm:%' AND data_json LIKE '%\"vote\"%' ORDER BY created_at")];
                case 2:
                    roots = (_a.sent()).map(messages_js_1.fromRow);
                    published = 0;
                    _loop_1 = function (root) {
                        var spec, _b, members, fold, _c, eligible, allVoted, now, reason, voteResult;
                        return __generator(this, function (_d) {
                            switch (_d.label) {
                                case 0:
                                    spec = voteSpec(root);
                                    _b = !spec;
                                    if (_b) return [3 /*break*/, 2];
                                    return [4 /*yield*/, hasResult(ctx, root)];
                                case 1:
                                    _b = (_d.sent());
                                    _d.label = 2;
                                case 2:
                                    if (_b)
                                        return [2 /*return*/, "continue"];
                                    members = ctx.cache.membersOf(root.channel).map(function (m) { return m.agent_id; });
                                    _c = vote_fold_js_1.foldBallots;
                                    return [4 /*yield*/, ballotMessages(ctx, root)];
                                case 3:
                                    fold = _c.apply(void 0, [_d.sent(), root, spec, new Set(members)]);
                                    eligible = members.filter(function (m) { return m !== root.sender; });
                                    allVoted = eligible.length > 0 && eligible.every(function (m) { return m in fold.ballots; });
                                    now = ctx.now();
                                    if (now < spec.closes_at && !allVoted)
                                        return [2 /*return*/, "continue"];
                                    reason = "".concat(now >= spec.closes_at ? 'deadline' : 'all members voted', " \u2014 published by the hub");
                                    voteResult = __assign({ topic: spec.topic, options: spec.options, ballots: fold.ballots, total_members: members.length, closed: reason, ballots_seen: fold.seen.length, ballots_counted: Object.keys(fold.ballots).length, ballots_rejected: fold.rejected.length }, (fold.rejected.length ? { rejected: fold.rejected.map(function (r) { return r.voter; }) } : {}));
                                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                                            var m, _a, _b, _c;
                                            return __generator(this, function (_d) {
                                                switch (_d.label) {
                                                    case 0: return [4 /*yield*/, (0, messages_js_1.insertMessage)(ctx, { channel: root.channel, sender: 'hub', kind: 'system', status: 'resolved', reply_to: root.id,
                                                            title: "VOTE RESULT: ".concat(spec.topic).slice(0, 120), body: resultBody(spec, fold), data: { vote_result: voteResult },
                                                            dedupeKey: "vote-result:".concat(root.id) })];
                                                    case 1:
                                                        m = _d.sent();
                                                        _b = (_a = ctx.db).run;
                                                        _c = ['UPDATE messages SET closed = ? WHERE id = ?'];
                                                        return [4 /*yield*/, (0, obligations_js_1.threadState)(ctx, root)];
                                                    case 2: return [4 /*yield*/, _b.apply(_a, _c.concat([(_d.sent()).closed ? 1 : 0, root.id]))];
                                                    case 3:
                                                        _d.sent();
                                                        (0, messages_js_1.afterCommit)(ctx, m);
                                                        return [2 /*return*/];
                                                }
                                            });
                                        }); })];
                                case 4:
                                    _d.sent();
                                    published++;
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _i = 0, roots_1 = roots;
                    _a.label = 3;
                case 3:
                    if (!(_i < roots_1.length)) return [3 /*break*/, 6];
                    root = roots_1[_i];
                    return [5 /*yield**/, _loop_1(root)];
                case 4:
                    _a.sent();
                    _a.label = 5;
                case 5:
                    _i++;
                    return [3 /*break*/, 3];
                case 6: return [2 /*return*/, published];
            }
        });
    });
}

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
exports.NOTE_CAP = exports.CATEGORIES = void 0;
exports.utcDay = utcDay;
exports.checkValue = checkValue;
exports.cleanNote = cleanNote;
exports.castVote = castVote;
exports.withdrawVotes = withdrawVotes;
exports.votesAbout = votesAbout;
exports.refuseRating = refuseRating;
exports.rateMessage = rateMessage;
exports.unrateMessage = unrateMessage;
exports.ratingsOf = ratingsOf;
exports.ratingTallies = ratingTallies;
exports.dropRaterVotes = dropRaterVotes;
var context_js_1 = require("../context.js");
/** The leaderboard's categories, in their fixed wire order: message ratings count as `general`. */
exports.CATEGORIES = ['general', 'trust', 'wisdom', 'thorough', 'helper'];
exports.NOTE_CAP = 280;
/** The UTC calendar day of a hub timestamp: the unit of the daily counting cap. */
function utcDay(t) {
    return new Date(t * 1000).toISOString().slice(0, 10);
}
function checkValue(value) {
    if (value !== 1 && value !== -1)
        (0, context_js_1.fail)(400, "value is ".concat(value, "; a vote is +1 or -1 (withdraw it with DELETE instead of sending 0)"));
    return value;
}
function cleanNote(note) {
    var text = (0, context_js_1.sanitize)(note !== null && note !== void 0 ? note : '');
    if (text.length > exports.NOTE_CAP)
        (0, context_js_1.fail)(400, "note is ".concat(text.length, " characters; the limit is ").concat(exports.NOTE_CAP, ", say why in fewer words"));
    return text;
}
/** One live vote per (channel, target, rater, axis): a second PUT replaces the first (and dates from now). */
function castVote(ctx, channel, rater, target, axis, value, note) {
    return __awaiter(this, void 0, void 0, function () {
        var now;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    now = ctx.now();
                    return [4 /*yield*/, ctx.db.run("INSERT INTO rep_votes (channel, rater, target, category, message_id, value, note, created_at, day)\n    VALUES (?, ?, ?, ?, '', ?, ?, ?, ?) ON CONFLICT (channel, rater, target, category, message_id)\n    DO UPDATE SET value = excluded.value, note = excluded.note, created_at = excluded.created_at, day = excluded.day", channel, rater, target, axis, value, note, now, utcDay(now))];
                case 1:
                    _a.sent();
                    return [2 /*return*/, { channel: channel, target: target, rater: rater, axis: axis, value: value, note: note, created_at: now }];
            }
        });
    });
}
/** Withdraw one axis, or every axis when none is named; answers how many live votes went. */
function withdrawVotes(ctx, channel, rater, target, axis) {
    return __awaiter(this, void 0, void 0, function () {
        var r, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!(axis === null)) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.run("DELETE FROM rep_votes WHERE channel = ? AND rater = ? AND target = ? AND message_id = ''", channel, rater, target)];
                case 1:
                    _a = _b.sent();
                    return [3 /*break*/, 4];
                case 2: return [4 /*yield*/, ctx.db.run("DELETE FROM rep_votes WHERE channel = ? AND rater = ? AND target = ? AND category = ? AND message_id = ''", channel, rater, target, axis)];
                case 3:
                    _a = _b.sent();
                    _b.label = 4;
                case 4:
                    r = _a;
                    return [2 /*return*/, r.changes];
            }
        });
    });
}
/** Every live vote about `target` in the channel: agent votes by axis and message ratings (`general`). */
function votesAbout(ctx, channel, target) {
    return __awaiter(this, void 0, void 0, function () {
        var rows;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT v.rater, v.category, v.message_id, v.value, v.note, v.created_at FROM rep_votes v\n    LEFT JOIN messages m ON m.id = v.message_id\n    WHERE v.channel = ? AND v.target = ? AND (v.message_id = '' OR m.retracted_at IS NULL)\n    ORDER BY v.created_at, v.rater, v.category", channel, target)];
                case 1:
                    rows = _a.sent();
                    return [2 /*return*/, rows.map(function (r) { return ({ rater: r.rater, category: r.category, message_id: r.message_id || null, value: r.value, note: r.note, created_at: r.created_at }); })];
            }
        });
    });
}
/** Refusals for rating a message, in the spec's order: own 400, system/fs 400, retracted 409. */
function refuseRating(m, rater) {
    if (m.sender === rater)
        (0, context_js_1.fail)(400, 'you cannot rate your own message; rate a colleague\'s message instead');
    if (m.kind !== 'message')
        (0, context_js_1.fail)(400, "message #".concat(m.seq, " is a ").concat(m.kind, " row written by the hub; only seats' messages can be rated"));
    if (m.retracted_at != null)
        (0, context_js_1.fail)(409, "message #".concat(m.seq, " was retracted; its rating is closed"));
}
/** One standing rating per (message, rater), counted toward the sender in category `general`. */
function rateMessage(ctx, m, rater, value, note) {
    return __awaiter(this, void 0, void 0, function () {
        var now;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    now = ctx.now();
                    return [4 /*yield*/, ctx.db.run("INSERT INTO rep_votes (channel, rater, target, category, message_id, value, note, created_at, day)\n    VALUES (?, ?, ?, 'general', ?, ?, ?, ?, ?) ON CONFLICT (channel, rater, target, category, message_id)\n    DO UPDATE SET value = excluded.value, note = excluded.note, created_at = excluded.created_at, day = excluded.day", m.channel, rater, m.sender, m.id, value, note, now, utcDay(now))];
                case 1:
                    _a.sent();
                    return [2 /*return*/, { channel: m.channel, message_id: m.id, seq: m.seq, target: m.sender, rater: rater, value: value, note: note, created_at: now }];
            }
        });
    });
}
function unrateMessage(ctx, m, rater) {
    return __awaiter(this, void 0, void 0, function () {
        var r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run("DELETE FROM rep_votes WHERE message_id = ? AND rater = ? AND category = 'general'", m.id, rater)];
                case 1:
                    r = _a.sent();
                    return [2 /*return*/, r.changes > 0];
            }
        });
    });
}
/** Who rated a message and why, oldest first, with the tally. */
function ratingsOf(ctx, m, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, t;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT rater, value, note, created_at FROM rep_votes\n    WHERE message_id = ? AND category = 'general' ORDER BY created_at, rater", m.id)];
                case 1:
                    rows = _a.sent();
                    t = tally(rows, viewer);
                    return [2 /*return*/, __assign(__assign({ channel: m.channel, message_id: m.id, seq: m.seq }, t), { ratings: rows.map(function (r) { return ({ rater: r.rater, value: r.value, note: r.note, created_at: r.created_at }); }) })];
            }
        });
    });
}
function tally(rows, viewer) {
    var up = 0, down = 0, mine = 0;
    for (var _i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
        var r = rows_1[_i];
        if (r.value > 0)
            up++;
        else
            down++;
        if (r.rater === viewer)
            mine = r.value;
    }
    return { up: up, down: down, mine: mine };
}
/** `ratings:{up,down,mine}` for history rows: every standing rating (the daily cap is a leaderboard rule). */
function ratingTallies(ctx, ids, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var out, _i, ids_1, id, i, chunk, rows, _a, rows_2, r, t;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    out = new Map();
                    for (_i = 0, ids_1 = ids; _i < ids_1.length; _i++) {
                        id = ids_1[_i];
                        out.set(id, { up: 0, down: 0, mine: 0 });
                    }
                    i = 0;
                    _c.label = 1;
                case 1:
                    if (!(i < ids.length)) return [3 /*break*/, 4];
                    chunk = ids.slice(i, i + 500);
                    return [4 /*yield*/, (_b = ctx.db).all.apply(_b, __spreadArray(["SELECT message_id, rater, value FROM rep_votes\n      WHERE category = 'general' AND message_id IN (".concat(chunk.map(function () { return '?'; }).join(', '), ")")], chunk, false))];
                case 2:
                    rows = _c.sent();
                    for (_a = 0, rows_2 = rows; _a < rows_2.length; _a++) {
                        r = rows_2[_a];
                        t = out.get(r.message_id);
                        if (r.value > 0)
                            t.up++;
                        else
                            t.down++;
                        if (r.rater === viewer)
                            t.mine = r.value;
                    }
                    _c.label = 3;
                case 3:
                    i += 500;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, out];
            }
        });
    });
}
/**
 * Leaving a channel, or being kicked or banned from it, drops the rater's votes and ratings there.
 * One statement, so a caller inside a transaction removes them in the same commit.
 */
function dropRaterVotes(ctx, channel, rater) {
    return ctx.db.run('DELETE FROM rep_votes WHERE channel = ? AND rater = ?', channel, rater);
}

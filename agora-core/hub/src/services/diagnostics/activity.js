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
exports.ACTIVITY_HOURS_MAX = void 0;
exports.activityStats = activityStats;
exports.noiseReport = noiseReport;
exports.ACTIVITY_HOURS_MAX = 720;
var TOP = 50;
/** Message counts per (channel, sender, kind, …) since a time, over the given channels (all when null). */
function counts(ctx, since, channels) {
    return __awaiter(this, void 0, void 0, function () {
        var scope;
        var _a;
        return __generator(this, function (_b) {
            if (channels && channels.length === 0)
                return [2 /*return*/, []];
            scope = channels ? " AND channel IN (".concat(channels.map(function () { return '?'; }).join(', '), ")") : '';
            return [2 /*return*/, (_a = ctx.db).all.apply(_a, __spreadArray(["SELECT channel, sender, kind, urgency, critical, status, COUNT(*) AS n, MAX(created_at) AS last_at\n    FROM messages WHERE created_at >= ? AND retracted_at IS NULL".concat(scope, "\n    GROUP BY channel, sender, kind, urgency, critical, status"), since], (channels !== null && channels !== void 0 ? channels : []), false))];
        });
    });
}
var byCountThenName = function (key) { return function (a, b) {
    return b.messages - a.messages || String(a[key]).localeCompare(String(b[key]));
}; };
/**
 * GET /stats/activity: who said how much where, over the caller's own rooms only (a room the
 * seat is not in is never counted, not even as a number). Seat posts only; system and fs rows are not activity.
 */
function activityStats(ctx, seat, hours) {
    return __awaiter(this, void 0, void 0, function () {
        var until, since, rows, channels, seats, _i, rows_1, r, c, s;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    until = ctx.now();
                    since = until - hours * 3600;
                    return [4 /*yield*/, counts(ctx, since, ctx.cache.channelsOf(seat.id))];
                case 1:
                    rows = (_c.sent()).filter(function (r) { return r.kind === 'message'; });
                    channels = new Map();
                    seats = new Map();
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        c = (_a = channels.get(r.channel)) !== null && _a !== void 0 ? _a : { channel: r.channel, messages: 0, senders: new Set(), last_at: 0 };
                        c.messages += Number(r.n);
                        c.senders.add(r.sender);
                        c.last_at = Math.max(c.last_at, r.last_at);
                        channels.set(r.channel, c);
                        s = (_b = seats.get(r.sender)) !== null && _b !== void 0 ? _b : { agent_id: r.sender, messages: 0 };
                        s.messages += Number(r.n);
                        seats.set(r.sender, s);
                    }
                    return [2 /*return*/, {
                            since: since,
                            until: until,
                            hours: hours,
                            total: rows.reduce(function (n, r) { return n + Number(r.n); }, 0),
                            channels: __spreadArray([], channels.values(), true).map(function (c) { return ({ channel: c.channel, messages: c.messages, senders: c.senders.size, last_at: c.last_at }); })
                                .sort(byCountThenName('channel')).slice(0, TOP),
                            seats: __spreadArray([], seats.values(), true).sort(byCountThenName('agent_id')).slice(0, TOP),
                        }];
            }
        });
    });
}
/**
 * GET /admin/noise: where the hub's traffic comes from, hub-wide, for operators: each sender's share
 * of seat posts with its interrupts, criticals and opens (the costly kinds), and each room's system share.
 */
function noiseReport(ctx, hours) {
    return __awaiter(this, void 0, void 0, function () {
        var until, since, rows, seatRows, total, senders, channels, _i, rows_2, r, n, c, s, share;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    until = ctx.now();
                    since = until - hours * 3600;
                    return [4 /*yield*/, counts(ctx, since, null)];
                case 1:
                    rows = _c.sent();
                    seatRows = rows.filter(function (r) { return r.kind === 'message'; });
                    total = seatRows.reduce(function (n, r) { return n + Number(r.n); }, 0);
                    senders = new Map();
                    channels = new Map();
                    for (_i = 0, rows_2 = rows; _i < rows_2.length; _i++) {
                        r = rows_2[_i];
                        n = Number(r.n);
                        c = (_a = channels.get(r.channel)) !== null && _a !== void 0 ? _a : { channel: r.channel, messages: 0, system: 0 };
                        if (r.kind === 'message')
                            c.messages += n;
                        else
                            c.system += n;
                        channels.set(r.channel, c);
                        if (r.kind !== 'message')
                            continue;
                        s = (_b = senders.get(r.sender)) !== null && _b !== void 0 ? _b : { agent_id: r.sender, messages: 0, interrupts: 0, criticals: 0, opens: 0 };
                        s.messages += n;
                        if (r.urgency === 'interrupt')
                            s.interrupts += n;
                        if (r.critical)
                            s.criticals += n;
                        if (r.status === 'open' || r.status === 'blocked')
                            s.opens += n;
                        senders.set(r.sender, s);
                    }
                    share = function (n) { return (total ? Math.round((n / total) * 1000) / 1000 : 0); };
                    return [2 /*return*/, {
                            since: since,
                            until: until,
                            hours: hours,
                            total: total,
                            senders: __spreadArray([], senders.values(), true).sort(byCountThenName('agent_id')).slice(0, TOP).map(function (s) { return (__assign(__assign({}, s), { share: share(s.messages) })); }),
                            channels: __spreadArray([], channels.values(), true).sort(function (a, b) { return (b.messages + b.system) - (a.messages + a.system) || a.channel.localeCompare(b.channel); })
                                .slice(0, TOP).map(function (c) { return (__assign(__assign({}, c), { share: share(c.messages) })); }),
                        }];
            }
        });
    });
}

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
exports.isSweepLeader = isSweepLeader;
exports.attachCluster = attachCluster;
var messages_js_1 = require("../services/messages.js");
var listener_js_1 = require("./listener.js");
var leader_js_1 = require("./leader.js");
var leaders = new WeakMap();
/**
 * True when this process runs the timed sweeps (votes, dark watchdog, …): always on SQLite (one
 * process), and on PostgreSQL only in the process holding the sweep lock (leader.ts), so every
 * sweep fires once however many processes serve the database.
 */
function isSweepLeader(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var leader;
        return __generator(this, function (_a) {
            leader = leaders.get(ctx.db);
            return [2 /*return*/, leader ? leader.isLeader() : true];
        });
    });
}
/**
 * Join this process to the others on one PostgreSQL database: their committed posts and
 * retractions are read and published to this process's WS subscribers and long-poll waiters,
 * their membership/agent/channel/pause changes reload this process's mirrors, their hub blocks
 * cut this process's sockets; and sweeps run only where the sweep lock is held.
 */
function attachCluster(ctx, pg) {
    return __awaiter(this, void 0, void 0, function () {
        var leader, known, _i, _a, _b, channel, seq, reload, listener;
        var _this = this;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    leader = new leader_js_1.SweepLeader(function () { return pg.dedicated(); });
                    leaders.set(ctx.db, leader);
                    known = new Map();
                    _i = 0;
                    return [4 /*yield*/, ctx.db.rows('SELECT channel, MAX(seq) FROM messages GROUP BY channel')];
                case 1:
                    _a = _c.sent();
                    _c.label = 2;
                case 2:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    _b = _a[_i], channel = _b[0], seq = _b[1];
                    known.set(channel, seq);
                    _c.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 2];
                case 4:
                    reload = function () { return __awaiter(_this, void 0, void 0, function () {
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, ctx.cache.load()];
                                case 1:
                                    _a.sent();
                                    ctx.metaCache.clear();
                                    ctx.pauseCache = null;
                                    return [2 /*return*/];
                            }
                        });
                    }); };
                    return [4 /*yield*/, (0, listener_js_1.startListener)(function () { return pg.dedicated(); }, pg.origin, {
                            message: function (id, channel, seq) {
                                return __awaiter(this, void 0, void 0, function () {
                                    var m;
                                    var _a;
                                    return __generator(this, function (_b) {
                                        switch (_b.label) {
                                            case 0:
                                                known.set(channel, Math.max((_a = known.get(channel)) !== null && _a !== void 0 ? _a : 0, seq));
                                                return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, id)];
                                            case 1:
                                                m = _b.sent();
                                                if (m)
                                                    ctx.bus.publish(m);
                                                return [2 /*return*/];
                                        }
                                    });
                                });
                            },
                            cache: reload,
                            meta: function (channel) { ctx.metaCache.delete(channel); },
                            sever: function (agent) { ctx.bus.sever(agent); },
                            resync: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    var _i, known_1, _a, channel, after_1, rows, _b, rows_1, r, m;
                                    return __generator(this, function (_c) {
                                        switch (_c.label) {
                                            case 0: return [4 /*yield*/, reload()];
                                            case 1:
                                                _c.sent();
                                                _i = 0, known_1 = known;
                                                _c.label = 2;
                                            case 2:
                                                if (!(_i < known_1.length)) return [3 /*break*/, 5];
                                                _a = known_1[_i], channel = _a[0], after_1 = _a[1];
                                                return [4 /*yield*/, ctx.db.all('SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq', channel, after_1)];
                                            case 3:
                                                rows = _c.sent();
                                                for (_b = 0, rows_1 = rows; _b < rows_1.length; _b++) {
                                                    r = rows_1[_b];
                                                    m = (0, messages_js_1.fromRow)(r);
                                                    known.set(channel, m.seq);
                                                    ctx.bus.publish(m);
                                                }
                                                _c.label = 4;
                                            case 4:
                                                _i++;
                                                return [3 /*break*/, 2];
                                            case 5: return [2 /*return*/];
                                        }
                                    });
                                });
                            },
                        })];
                case 5:
                    listener = _c.sent();
                    return [2 /*return*/, {
                            listener: listener,
                            stop: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    return __generator(this, function (_a) {
                                        switch (_a.label) {
                                            case 0: return [4 /*yield*/, listener.stop()];
                                            case 1:
                                                _a.sent();
                                                return [4 /*yield*/, leader.stop()];
                                            case 2:
                                                _a.sent();
                                                leaders.delete(ctx.db);
                                                return [2 /*return*/];
                                        }
                                    });
                                });
                            },
                        }];
            }
        });
    });
}

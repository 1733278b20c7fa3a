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
exports.postgresHubsConnected = exports.importPostgres = exports.exportPostgres = exports.parseDbTarget = exports.SUPPORTED_CLIENTS = exports.HUB_VERSION = void 0;
exports.createHub = createHub;
var open_js_1 = require("./db/open.js");
Object.defineProperty(exports, "SUPPORTED_CLIENTS", { enumerable: true, get: function () { return open_js_1.SUPPORTED_CLIENTS; } });
var target_js_1 = require("./db/target.js");
var open_storage_js_1 = require("./db/open-storage.js");
var join_js_1 = require("./cluster/join.js");
var attach_js_1 = require("./cluster/attach.js");
var context_js_1 = require("./services/context.js");
var channels_js_1 = require("./services/channels.js");
var app_js_1 = require("./http/app.js");
var server_js_1 = require("./ws/server.js");
var connection_js_1 = require("./ws/connection.js");
var scheduler_js_1 = require("./services/sweeps/scheduler.js");
var notify_js_1 = require("./services/notify.js");
var version_js_1 = require("./version.js");
Object.defineProperty(exports, "HUB_VERSION", { enumerable: true, get: function () { return version_js_1.HUB_VERSION; } });
var limits_js_1 = require("./limits.js");
var server_js_2 = require("./http/server.js");
var target_js_2 = require("./db/target.js");
Object.defineProperty(exports, "parseDbTarget", { enumerable: true, get: function () { return target_js_2.parseDbTarget; } });
var pg_lazy_js_1 = require("./db/pg-lazy.js");
Object.defineProperty(exports, "exportPostgres", { enumerable: true, get: function () { return pg_lazy_js_1.exportPostgres; } });
Object.defineProperty(exports, "importPostgres", { enumerable: true, get: function () { return pg_lazy_js_1.importPostgres; } });
Object.defineProperty(exports, "postgresHubsConnected", { enumerable: true, get: function () { return pg_lazy_js_1.postgresHubsConnected; } });
var KNOWN = new Set(['db', 'host', 'port', 'adminKey', 'ratePerMinute', 'writeRatePerMinute', 'toCloseMinAge', 'notifyDir', 'voteSweepMs', 'darkSweepMs', 'now', 'client',
    'wsPingMs', 'wsQueueLimit', 'headersTimeoutMs', 'requestTimeoutMs', 'keepAliveTimeoutMs', 'idleSocketTimeoutMs', 'connectionsMax',
    'slowRequestMs', 'uiDir', 'sweepBudgetMs', 'isLeader']);
function positive(name, v, def, allowZero) {
    if (allowZero === void 0) { allowZero = false; }
    var x = v !== null && v !== void 0 ? v : def;
    if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || (!allowZero && x === 0)) {
        throw new Error("hub option '".concat(name, "' must be a ").concat(allowZero ? 'non-negative' : 'positive', " number, got ").concat(String(v)));
    }
    return x;
}
function resolveDoor(o, positive) {
    var door = {
        headersTimeoutMs: positive('headersTimeoutMs', o.headersTimeoutMs, limits_js_1.HEADERS_TIMEOUT_MS),
        requestTimeoutMs: positive('requestTimeoutMs', o.requestTimeoutMs, limits_js_1.REQUEST_TIMEOUT_MS),
        keepAliveTimeoutMs: positive('keepAliveTimeoutMs', o.keepAliveTimeoutMs, limits_js_1.KEEP_ALIVE_TIMEOUT_MS),
        idleSocketTimeoutMs: positive('idleSocketTimeoutMs', o.idleSocketTimeoutMs, limits_js_1.IDLE_SOCKET_TIMEOUT_MS),
        connectionsMax: positive('connectionsMax', o.connectionsMax, limits_js_1.CONNECTIONS_MAX),
    };
    if (door.requestTimeoutMs < door.headersTimeoutMs) {
        throw new Error("hub option 'requestTimeoutMs' (".concat(door.requestTimeoutMs, ") must be at least 'headersTimeoutMs' (").concat(door.headersTimeoutMs, ")"));
    }
    if (!Number.isInteger(door.connectionsMax))
        throw new Error("hub option 'connectionsMax' must be a whole number, got ".concat(door.connectionsMax));
    return door;
}
function resolve(o) {
    var _a, _b, _c;
    for (var _i = 0, _d = Object.keys(o); _i < _d.length; _i++) {
        var k = _d[_i];
        if (!KNOWN.has(k))
            throw new Error("unknown hub option '".concat(k, "'; supported: ").concat(__spreadArray([], KNOWN, true).join(', ')));
    }
    if (!o.db)
        throw new Error("hub option 'db' is required: ".concat(target_js_1.DB_FORMS));
    (0, target_js_1.selectDb)(o.db, o.client);
    if (!o.adminKey)
        throw new Error("hub option 'adminKey' is required");
    var port = (_a = o.port) !== null && _a !== void 0 ? _a : 8765;
    if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error("hub option 'port' must be 0-65535, got ".concat(port));
    return {
        db: o.db, host: (_b = o.host) !== null && _b !== void 0 ? _b : '127.0.0.1',
        port: port,
        adminKey: o.adminKey,
        ratePerMinute: positive('ratePerMinute', o.ratePerMinute, 60),
        writeRatePerMinute: positive('writeRatePerMinute', o.writeRatePerMinute, limits_js_1.WRITE_RATE_PER_MINUTE),
        writeBurst: limits_js_1.WRITE_BURST,
        toCloseMinAge: positive('toCloseMinAge', o.toCloseMinAge, 300, true),
        notifyDir: o.notifyDir ? o.notifyDir : null,
        voteSweepMs: positive('voteSweepMs', o.voteSweepMs, 30000),
        darkSweepMs: positive('darkSweepMs', o.darkSweepMs, 300000),
        now: (_c = o.now) !== null && _c !== void 0 ? _c : (function () { return Date.now() / 1000; }),
        slowRequestMs: positive('slowRequestMs', o.slowRequestMs, 5000, true),
        door: resolveDoor(o, positive),
        uiDir: o.uiDir || null,
    };
}
/** Start a hub: open and migrate the database, serve HTTP + `/ws`, run the vote sweep. */
function createHub(options) {
    return __awaiter(this, void 0, void 0, function () {
        var opts, wsOptions, sweepBudgetMs, db, ctx, cluster, notify, server, ws, err_1, port, callerLeader, scheduler, closing, host;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    opts = resolve(options);
                    wsOptions = {
                        pingMs: positive('wsPingMs', options.wsPingMs, server_js_1.PING_MS),
                        queueLimit: positive('wsQueueLimit', options.wsQueueLimit, connection_js_1.QUEUE_LIMIT),
                    };
                    sweepBudgetMs = positive('sweepBudgetMs', options.sweepBudgetMs, 2000);
                    if (options.isLeader !== undefined && typeof options.isLeader !== 'function')
                        throw new Error("hub option 'isLeader' must be an async function answering true or false");
                    return [4 /*yield*/, (0, open_storage_js_1.openStorage)(opts.db, options.client)];
                case 1:
                    db = _a.sent();
                    ctx = (0, context_js_1.createCtx)(opts, db.storage);
                    return [4 /*yield*/, (0, join_js_1.joinCluster)(ctx, db)];
                case 2:
                    cluster = _a.sent();
                    return [4 /*yield*/, ctx.cache.load()];
                case 3:
                    _a.sent();
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var boot, _i, _a, key;
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0: return [4 /*yield*/, (0, channels_js_1.ensureCommons)(ctx)];
                                    case 1:
                                        _b.sent();
                                        boot = ctx.now();
                                        _i = 0, _a = ['directive_debt_epoch', 'operator_ask_rule_epoch', 'operator_asks_rule_epoch', 'canvass_rule_epoch',
                                            'peer_addressed_rule_epoch', 'closure_rule_epoch'];
                                        _b.label = 2;
                                    case 2:
                                        if (!(_i < _a.length)) return [3 /*break*/, 5];
                                        key = _a[_i];
                                        return [4 /*yield*/, ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING', key, String(boot))];
                                    case 3:
                                        _b.sent();
                                        _b.label = 4;
                                    case 4:
                                        _i++;
                                        return [3 /*break*/, 2];
                                    case 5: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 4:
                    _a.sent();
                    notify = opts.notifyDir ? (0, notify_js_1.startNotify)(ctx, opts.notifyDir) : null;
                    server = (0, server_js_2.createDoorServer)((0, app_js_1.createApp)(ctx), opts.door);
                    ws = (0, server_js_1.attachWs)(ctx, server, wsOptions);
                    _a.label = 5;
                case 5:
                    _a.trys.push([5, 7, , 10]);
                    return [4 /*yield*/, new Promise(function (ok, fail) {
                            server.once('error', fail);
                            server.listen(opts.port, opts.host, function () { return ok(); });
                        })];
                case 6:
                    _a.sent();
                    return [3 /*break*/, 10];
                case 7:
                    err_1 = _a.sent();
                    return [4 /*yield*/, (cluster === null || cluster === void 0 ? void 0 : cluster.stop())];
                case 8:
                    _a.sent();
                    return [4 /*yield*/, db.close()];
                case 9:
                    _a.sent();
                    throw err_1;
                case 10:
                    port = server.address().port;
                    callerLeader = options.isLeader;
                    scheduler = new scheduler_js_1.Scheduler(ctx, {
                        isLeader: function () { return __awaiter(_this, void 0, void 0, function () { var _a, _b; return __generator(this, function (_c) {
                            switch (_c.label) {
                                case 0: return [4 /*yield*/, (0, attach_js_1.isSweepLeader)(ctx)];
                                case 1:
                                    _a = (_c.sent());
                                    if (!_a) return [3 /*break*/, 5];
                                    if (!callerLeader) return [3 /*break*/, 3];
                                    return [4 /*yield*/, callerLeader()];
                                case 2:
                                    _b = _c.sent();
                                    return [3 /*break*/, 4];
                                case 3:
                                    _b = true;
                                    _c.label = 4;
                                case 4:
                                    _a = (_b);
                                    _c.label = 5;
                                case 5: return [2 /*return*/, _a];
                            }
                        }); }); },
                        voteSweepMs: opts.voteSweepMs, darkSweepMs: opts.darkSweepMs,
                        budgetMs: sweepBudgetMs,
                    });
                    scheduler.start();
                    closing = null;
                    host = opts.host.includes(':') ? "[".concat(opts.host, "]") : opts.host;
                    return [2 /*return*/, {
                            url: "http://".concat(host, ":").concat(port),
                            port: port,
                            adminKey: opts.adminKey, db: db.label,
                            sweepVotes: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    var r;
                                    return __generator(this, function (_a) {
                                        switch (_a.label) {
                                            case 0: return [4 /*yield*/, scheduler.run({ only: ['votes'] })];
                                            case 1:
                                                r = (_a.sent()).results.votes;
                                                return [2 /*return*/, typeof r === 'number' ? r : 0];
                                        }
                                    });
                                });
                            },
                            sweepDark: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    var r;
                                    return __generator(this, function (_a) {
                                        switch (_a.label) {
                                            case 0: return [4 /*yield*/, scheduler.run({ only: ['dark'] })];
                                            case 1:
                                                r = (_a.sent()).results.dark;
                                                return [2 /*return*/, Array.isArray(r) ? r : []];
                                        }
                                    });
                                });
                            },
                            runSweeps: function (only) {
                                return scheduler.run(only ? { only: only } : {});
                            },
                            close: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    var _this = this;
                                    return __generator(this, function (_a) {
                                        closing !== null && closing !== void 0 ? closing : (closing = (function () { return __awaiter(_this, void 0, void 0, function () {
                                            var done;
                                            return __generator(this, function (_a) {
                                                switch (_a.label) {
                                                    case 0:
                                                        scheduler.stop();
                                                        ws.close();
                                                        notify === null || notify === void 0 ? void 0 : notify.stop();
                                                        done = new Promise(function (ok) { return server.close(function () { return ok(); }); });
                                                        server.closeAllConnections();
                                                        ctx.bus.closing = true;
                                                        ctx.bus.wakeAll();
                                                        return [4 /*yield*/, done];
                                                    case 1:
                                                        _a.sent();
                                                        return [4 /*yield*/, (cluster === null || cluster === void 0 ? void 0 : cluster.stop())];
                                                    case 2:
                                                        _a.sent();
                                                        return [4 /*yield*/, db.close()];
                                                    case 3:
                                                        _a.sent();
                                                        return [2 /*return*/];
                                                }
                                            });
                                        }); })());
                                        return [2 /*return*/, closing];
                                    });
                                });
                            },
                        }];
            }
        });
    });
}

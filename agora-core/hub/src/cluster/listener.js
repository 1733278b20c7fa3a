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
exports.startListener = startListener;
var triggers_js_1 = require("./triggers.js");
/**
 * LISTEN on one dedicated connection; events are handled one at a time in arrival (= commit)
 * order, so a process publishes other processes' posts in the order they were committed. A lost
 * connection is re-made with backoff, then `resync` replays what may have been missed.
 */
function startListener(connect_1, origin_1, on_1) {
    return __awaiter(this, arguments, void 0, function (connect, origin, on, log) {
        var client, stopped, chain, handle, enqueue, attach, reconnect;
        var _this = this;
        if (log === void 0) { log = function (line) { return process.stderr.write("".concat(line, "\n")); }; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    client = null;
                    stopped = false;
                    chain = Promise.resolve();
                    handle = function (ev) {
                        if (ev.k === 'm')
                            return on.message(ev.id, ev.c, ev.s);
                        if (ev.k === 'cache')
                            return on.cache();
                        if (ev.k === 'meta')
                            on.meta(ev.c);
                        else if (ev.k === 'sever')
                            on.sever(ev.a);
                        return Promise.resolve();
                    };
                    enqueue = function (job) {
                        chain = chain.then(job).catch(function (err) { return log("agora hub: a cluster event failed: ".concat(err.message)); });
                    };
                    attach = function () { return __awaiter(_this, void 0, void 0, function () {
                        var c;
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, connect()];
                                case 1:
                                    c = _a.sent();
                                    c.on('notification', function (n) {
                                        if (n.channel !== triggers_js_1.EVENTS || !n.payload)
                                            return;
                                        var ev;
                                        try {
                                            ev = JSON.parse(n.payload);
                                        }
                                        catch (_a) {
                                            return;
                                        }
                                        if (ev.o === origin)
                                            return; // this process already published it
                                        enqueue(function () { return handle(ev); });
                                    });
                                    c.on('error', function () { });
                                    c.on('end', function () {
                                        if (stopped)
                                            return;
                                        client = null;
                                        log('agora hub: lost the PostgreSQL event connection; reconnecting');
                                        void reconnect();
                                    });
                                    return [4 /*yield*/, c.query("LISTEN ".concat(triggers_js_1.EVENTS))];
                                case 2:
                                    _a.sent();
                                    client = c;
                                    return [2 /*return*/];
                            }
                        });
                    }); };
                    reconnect = function () { return __awaiter(_this, void 0, void 0, function () {
                        var _loop_1, delay, state_1;
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0:
                                    _loop_1 = function (delay) {
                                        var _b;
                                        return __generator(this, function (_c) {
                                            switch (_c.label) {
                                                case 0:
                                                    _c.trys.push([0, 2, , 4]);
                                                    return [4 /*yield*/, attach()];
                                                case 1:
                                                    _c.sent();
                                                    enqueue(function () { return on.resync(); });
                                                    return [2 /*return*/, { value: void 0 }];
                                                case 2:
                                                    _b = _c.sent();
                                                    return [4 /*yield*/, new Promise(function (r) { return setTimeout(r, delay); })];
                                                case 3:
                                                    _c.sent();
                                                    return [3 /*break*/, 4];
                                                case 4: return [2 /*return*/];
                                            }
                                        });
                                    };
                                    delay = 100;
                                    _a.label = 1;
                                case 1:
                                    if (!!stopped) return [3 /*break*/, 4];
                                    return [5 /*yield**/, _loop_1(delay)];
                                case 2:
                                    state_1 = _a.sent();
                                    if (typeof state_1 === "object")
                                        return [2 /*return*/, state_1.value];
                                    _a.label = 3;
                                case 3:
                                    delay = Math.min(delay * 2, 5000);
                                    return [3 /*break*/, 1];
                                case 4: return [2 /*return*/];
                            }
                        });
                    }); };
                    return [4 /*yield*/, attach()];
                case 1:
                    _a.sent();
                    return [2 /*return*/, {
                            settled: function () { return __awaiter(_this, void 0, void 0, function () {
                                var seen;
                                return __generator(this, function (_a) {
                                    switch (_a.label) {
                                        case 0:
                                            seen = chain;
                                            return [4 /*yield*/, seen];
                                        case 1:
                                            _a.sent();
                                            _a.label = 2;
                                        case 2:
                                            if (seen !== chain) return [3 /*break*/, 0];
                                            _a.label = 3;
                                        case 3: return [2 /*return*/];
                                    }
                                });
                            }); },
                            stop: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    var c;
                                    return __generator(this, function (_a) {
                                        switch (_a.label) {
                                            case 0:
                                                stopped = true;
                                                c = client;
                                                client = null;
                                                return [4 /*yield*/, (c === null || c === void 0 ? void 0 : c.end().catch(function () { return undefined; }))];
                                            case 1:
                                                _a.sent();
                                                return [4 /*yield*/, chain];
                                            case 2:
                                                _a.sent();
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

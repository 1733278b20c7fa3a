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
// What the GET /admin/slow ring costs every request (a script, not a test):
// `node --import=tsx --conditions=agora-source agora-core/hub/bench/slow-log.bench.ts`.
// The baseline from the same run is one real loopback GET /healthz on a kept-alive connection;
// the figure is the middleware's own work per request (hrtime, one 'finish' listener, the check).
var node_events_1 = require("node:events");
var node_http_1 = require("node:http");
var index_js_1 = require("../src/index.js");
var slow_js_1 = require("../src/services/diagnostics/slow.js");
var stats_js_1 = require("./stats.js");
var N_MIDDLEWARE = 200000;
var N_HTTP = 2000;
var ROUNDS = 3;
function middlewareNsPerRequest() {
    var log = new slow_js_1.SlowLog(5000, function () { return Date.now() / 1000; });
    var mw = log.middleware();
    var req = { method: 'GET', path: '/healthz' };
    var started = process.hrtime.bigint();
    for (var i = 0; i < N_MIDDLEWARE; i++) {
        var res = Object.assign(new node_events_1.EventEmitter(), { statusCode: 200 });
        mw(req, res, function () { });
        res.emit('finish');
    }
    // The bare EventEmitter + emit the loop needs anyway is part of the figure, so it over-states the cost.
    return Number(process.hrtime.bigint() - started) / N_MIDDLEWARE;
}
function healthzUsPerRequest(url) {
    return __awaiter(this, void 0, void 0, function () {
        var agent, once, i, started, i, us;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    agent = new node_http_1.Agent({ keepAlive: true, maxSockets: 1 });
                    once = function () { return new Promise(function (resolve, reject) {
                        var r = (0, node_http_1.request)("".concat(url, "/healthz"), { agent: agent }, function (res) { res.resume(); res.on('end', resolve); });
                        r.on('error', reject);
                        r.end();
                    }); };
                    i = 0;
                    _a.label = 1;
                case 1:
                    if (!(i < 200)) return [3 /*break*/, 4];
                    return [4 /*yield*/, once()];
                case 2:
                    _a.sent();
                    _a.label = 3;
                case 3:
                    i++;
                    return [3 /*break*/, 1];
                case 4:
                    started = process.hrtime.bigint();
                    i = 0;
                    _a.label = 5;
                case 5:
                    if (!(i < N_HTTP)) return [3 /*break*/, 8];
                    return [4 /*yield*/, once()];
                case 6:
                    _a.sent();
                    _a.label = 7;
                case 7:
                    i++;
                    return [3 /*break*/, 5];
                case 8:
                    us = Number(process.hrtime.bigint() - started) / 1000 / N_HTTP;
                    agent.destroy();
                    return [2 /*return*/, us];
            }
        });
    });
}
var hub = await (0, index_js_1.createHub)({ db: ':memory:', port: 0, adminKey: 'bench-' + 'a'.repeat(32), notifyDir: null });
try {
    for (var round = 1; round <= ROUNDS; round++) {
        var mwNs = middlewareNsPerRequest();
        var httpUs = await healthzUsPerRequest(hub.url);
        (0, stats_js_1.line)("round ".concat(round, ": slow-log middleware per request"), "".concat((0, stats_js_1.fmt)(mwNs / 1000, 3), " \u00B5s"));
        (0, stats_js_1.line)("round ".concat(round, ": GET /healthz round trip"), "".concat((0, stats_js_1.fmt)(httpUs, 1), " \u00B5s"));
        (0, stats_js_1.line)("round ".concat(round, ": middleware / round trip"), "".concat((0, stats_js_1.fmt)((mwNs / 1000 / httpUs) * 100, 3), " %"), 'goal < 1 %');
    }
}
finally {
    await hub.close();
}

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
var _a, _b, _c;
Object.defineProperty(exports, "__esModule", { value: true });
// Hub benchmark (a script, not a test): `npm run bench:hub`. Loopback only, bounded loops,
// one run in well under 3 minutes. The hub runs in its own process so RSS is the hub's alone.
var node_fs_1 = require("node:fs");
var node_http_1 = require("node:http");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var node_url_1 = require("node:url");
var node_worker_threads_1 = require("node:worker_threads");
var better_sqlite3_1 = require("better-sqlite3");
var ws_1 = require("ws");
var rows_js_1 = require("./rows.js");
var procs_js_1 = require("./procs.js");
var stats_js_1 = require("./stats.js");
var seed_obligations_js_1 = require("./seed-obligations.js");
var HERE = (0, node_path_1.dirname)((0, node_url_1.fileURLToPath)(import.meta.url));
var ADMIN = 'bench-admin-' + 'a'.repeat(32);
var N_HEALTH = 2000, N_POSTS = 2000, N_PUSH = 200, N_READS = 200, TARGET_ROWS = 100000;
var SETTLE_S = 25; // seconds idle before the settled RSS reading: the hub trims after one idle 10 s interval
// One kept-alive connection and node:http, not fetch: undici's per-request cost on the shared cores would be billed to the hub.
var agent = new node_http_1.Agent({ keepAlive: true, maxSockets: 1 });
/** One HTTP exchange on the kept-alive connection: status and body text. */
function exchange(url, method, path, headers, body) {
    return new Promise(function (resolve, reject) {
        var req = (0, node_http_1.request)(url + path, { method: method, agent: agent, headers: body === undefined ? headers : __assign(__assign({}, headers), { 'content-length': String(Buffer.byteLength(body)) }) }, function (res) {
            var chunks = [];
            res.on('data', function (c) { return chunks.push(c); });
            res.on('end', function () { var _a; return resolve({ status: (_a = res.statusCode) !== null && _a !== void 0 ? _a : 0, text: Buffer.concat(chunks).toString('utf8') }); });
            res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
    });
}
function call(url, key, method, path, body) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, status, text;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, exchange(url, method, path, { authorization: "Bearer ".concat(key), 'content-type': 'application/json', 'x-agora-client': 'bench' }, body === undefined ? undefined : JSON.stringify(body))];
                case 1:
                    _a = _b.sent(), status = _a.status, text = _a.text;
                    if (status < 200 || status >= 300)
                        throw new Error("".concat(method, " ").concat(path, " -> ").concat(status, " ").concat(text.slice(0, 300)));
                    return [2 /*return*/, text ? JSON.parse(text) : null];
            }
        });
    });
}
function register(url, id) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, call(url, ADMIN, 'POST', '/agents', { id: id })];
                case 1: return [2 /*return*/, (_a.sent()).api_key];
            }
        });
    });
}
function openSocket(url, key, onEnvelope) {
    var ws = new ws_1.WebSocket("".concat(url.replace(/^http/, 'ws'), "/ws?token=").concat(key));
    // Only frames that can carry a latency marker are parsed: the 10 subscribers share the client's core with the poster.
    ws.on('message', function (d) { var s = String(d); if (!s.includes('"body":"push-'))
        return; var f = JSON.parse(s); if (f.type === 'envelope')
        onEnvelope(f.envelope); });
    return new Promise(function (resolve, reject) { ws.once('open', function () { return resolve(ws); }); ws.once('error', reject); });
}
/** Hub-process CPU microseconds spent while `fn` runs: a per-request cost that other load on the machine barely moves. */
function hubCpu(hub, fn) {
    return __awaiter(this, void 0, void 0, function () {
        var a, result;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, hub.cpuUs()];
                case 1:
                    a = _b.sent();
                    return [4 /*yield*/, fn()];
                case 2:
                    result = _b.sent();
                    _a = { result: result };
                    return [4 /*yield*/, hub.cpuUs()];
                case 3: return [2 /*return*/, (_a.us = (_b.sent()) - a, _a)];
            }
        });
    });
}
var mb = function (n) { return (n === undefined ? '—' : "".concat((0, stats_js_1.fmt)(n / 1048576, 1), " MB")); };
/** The hub's RSS (anonymous / file-backed), and with a hub child the waiting parent's and the sum a user pays. */
function memLine(label, m) {
    var kinds = m.rssAnon === undefined ? '' : "anon ".concat(mb(m.rssAnon), " + file ").concat(mb(m.rssFile));
    var heap = m.heapUsed === undefined ? '' : "; V8 heap used ".concat(mb(m.heapUsed));
    if (m.cliRss === undefined) {
        (0, stats_js_1.line)(label, mb(m.rss), kinds + heap);
        return;
    }
    (0, stats_js_1.line)(label, mb(m.rss), "+ waiting parent ".concat(mb(m.cliRss), " = ").concat(mb(m.rss + m.cliRss), " for the whole `agora up`"));
}
function timed(n, fn) {
    return __awaiter(this, void 0, void 0, function () {
        var ms, t0, i, t;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ms = [];
                    t0 = performance.now();
                    i = 0;
                    _a.label = 1;
                case 1:
                    if (!(i < n)) return [3 /*break*/, 4];
                    t = performance.now();
                    return [4 /*yield*/, fn(i)];
                case 2:
                    _a.sent();
                    ms.push(performance.now() - t);
                    _a.label = 3;
                case 3:
                    i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, { perSec: n / ((performance.now() - t0) / 1000), ms: ms }];
            }
        });
    });
}
function main(mode) {
    return __awaiter(this, void 0, void 0, function () {
        var started, dir, db, hub, _a, _b, _c, _d, _e, health, healthUs, poster_1, subs, i, k, arrivals_1, onEnv_1, subscribers_1, body_1, i, clientT0, _f, posts, postUs, clientCpu, frames_1, expected, sockets, lat, _loop_1, i, raw, keys_1, _g, _i, PEERS_1, p, _h, _j, _k, ROOMS_1, room, _l, _m, who, inv, count, seedT0, perRoom, filled, fillerS, apiT0, viaApi, total, ledger, owedShape, i, _o, owed, owedUs, inboxes_1, profileDir_1, _p, inbox, inboxUs, c, envs, mem, _q, _r;
        var _s;
        var _t, _u, _v;
        return __generator(this, function (_w) {
            switch (_w.label) {
                case 0:
                    started = performance.now();
                    dir = (0, node_fs_1.mkdtempSync)((0, node_path_1.join)((0, node_os_1.tmpdir)(), 'agora-hub-bench-'));
                    db = (0, node_path_1.join)(dir, 'hub.db');
                    return [4 /*yield*/, (0, procs_js_1.startHub)(mode, db, ADMIN)];
                case 1:
                    hub = _w.sent();
                    _w.label = 2;
                case 2:
                    _w.trys.push([2, , 58, 60]);
                    console.log("\nagora hub benchmark \u2014 node ".concat(process.version, ", ").concat((0, node_os_1.cpus)().length, " cores (").concat((_u = (_t = (0, node_os_1.cpus)()[0]) === null || _t === void 0 ? void 0 : _t.model) !== null && _u !== void 0 ? _u : '?', "), hub: ").concat(hub.label, ", load average ").concat((0, node_os_1.loadavg)().map(function (x) { return x.toFixed(1); }).join(' ')));
                    return [4 /*yield*/, new Promise(function (resolve) { return setTimeout(resolve, 500); })];
                case 3:
                    _w.sent();
                    _a = memLine;
                    _b = ['hub RSS idle after startup'];
                    return [4 /*yield*/, hub.mem()];
                case 4:
                    _a.apply(void 0, _b.concat([_w.sent()]));
                    if (!(mode === 'up')) return [3 /*break*/, 7];
                    // `agora up` trims once its first quiet 10 s interval after startup has passed.
                    return [4 /*yield*/, new Promise(function (resolve) { return setTimeout(resolve, 11500); })];
                case 5:
                    // `agora up` trims once its first quiet 10 s interval after startup has passed.
                    _w.sent();
                    _c = memLine;
                    _d = ['hub RSS idle 12 s after startup (trimmed)'];
                    return [4 /*yield*/, hub.mem()];
                case 6:
                    _c.apply(void 0, _d.concat([_w.sent()]));
                    _w.label = 7;
                case 7: return [4 /*yield*/, hubCpu(hub, function () { return timed(N_HEALTH, function () { return exchange(hub.url, 'GET', '/healthz', {}); }); })];
                case 8:
                    _e = _w.sent(), health = _e.result, healthUs = _e.us;
                    (0, stats_js_1.line)('GET /healthz sequential (the HTTP floor)', "".concat((0, stats_js_1.fmt)(health.perSec, 0), " req/s"), "hub CPU ".concat((0, stats_js_1.fmt)(healthUs / N_HEALTH, 0), " \u00B5s/req"));
                    return [4 /*yield*/, register(hub.url, 'poster')];
                case 9:
                    poster_1 = _w.sent();
                    return [4 /*yield*/, call(hub.url, poster_1, 'POST', '/channels', { name: 'bench', private: false })];
                case 10:
                    _w.sent();
                    subs = [];
                    i = 0;
                    _w.label = 11;
                case 11:
                    if (!(i < 50)) return [3 /*break*/, 15];
                    return [4 /*yield*/, register(hub.url, "sub-".concat(i))];
                case 12:
                    k = _w.sent();
                    return [4 /*yield*/, call(hub.url, k, 'POST', '/channels/bench/join', {})];
                case 13:
                    _w.sent();
                    subs.push(k);
                    _w.label = 14;
                case 14:
                    i++;
                    return [3 /*break*/, 11];
                case 15:
                    arrivals_1 = new Map();
                    onEnv_1 = function (e) {
                        var a = typeof e.body === 'string' ? arrivals_1.get(e.body) : undefined;
                        if (a && a.got.push(performance.now()) === 50)
                            a.all();
                    };
                    subscribers_1 = new node_worker_threads_1.Worker((0, node_path_1.join)(HERE, 'subscribers.mjs'), { workerData: { url: hub.url, keys: subs.slice(0, 10) } });
                    return [4 /*yield*/, new Promise(function (resolve) { return subscribers_1.once('message', resolve); })];
                case 16:
                    _w.sent();
                    body_1 = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5);
                    i = 0;
                    _w.label = 17;
                case 17:
                    if (!(i < 200)) return [3 /*break*/, 20];
                    return [4 /*yield*/, call(hub.url, poster_1, 'POST', '/channels/bench/messages', { body: body_1, status: 'fyi' })];
                case 18:
                    _w.sent();
                    _w.label = 19;
                case 19:
                    i++;
                    return [3 /*break*/, 17];
                case 20:
                    clientT0 = process.cpuUsage();
                    return [4 /*yield*/, hubCpu(hub, function () { return timed(N_POSTS, function () { return call(hub.url, poster_1, 'POST', '/channels/bench/messages', { body: body_1, status: 'fyi' }); }); })];
                case 21:
                    _f = _w.sent(), posts = _f.result, postUs = _f.us;
                    clientCpu = process.cpuUsage(clientT0);
                    (0, stats_js_1.line)('POST sequential, 1 channel, 10 WS subscribers', "".concat((0, stats_js_1.fmt)(posts.perSec, 0), " posts/s"), 'goal ≥ 1,500 posts/s');
                    (0, stats_js_1.line)('  hub CPU per post (incl. 10 pushes)', "".concat((0, stats_js_1.fmt)(postUs / N_POSTS, 0), " \u00B5s"), "CPU-bound ceiling ".concat((0, stats_js_1.fmt)(1e6 / (postUs / N_POSTS), 0), " posts/s"));
                    (0, stats_js_1.line)('  client CPU per post (poster + 10 subscribers)', "".concat((0, stats_js_1.fmt)((clientCpu.user + clientCpu.system) / N_POSTS, 0), " \u00B5s"), 'same cores as the hub');
                    (0, stats_js_1.line)('  ratio to /healthz', "".concat((0, stats_js_1.fmt)(posts.perSec / health.perSec), "\u00D7"), 'goal ≥ 0.5×');
                    (0, stats_js_1.line)('  POST latency p50 / p99', "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(posts.ms, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(posts.ms, 99)), " ms"));
                    subscribers_1.postMessage('report');
                    return [4 /*yield*/, new Promise(function (resolve) { return subscribers_1.once('message', resolve); })];
                case 22:
                    frames_1 = (_w.sent()).frames;
                    return [4 /*yield*/, subscribers_1.terminate()];
                case 23:
                    _w.sent();
                    expected = 10 * (200 + N_POSTS);
                    if (frames_1 !== expected)
                        throw new Error("the 10 subscribers received ".concat(frames_1, " envelope frames, expected ").concat(expected));
                    (0, stats_js_1.line)('  envelopes received by the 10 subscribers', "".concat(frames_1), 'every post pushed to every subscriber');
                    return [4 /*yield*/, Promise.all(subs.map(function (k) { return openSocket(hub.url, k, onEnv_1); }))];
                case 24:
                    sockets = _w.sent();
                    lat = [];
                    _loop_1 = function (i) {
                        var marker, got, timer, all, t0, complete, _x, got_1, t;
                        return __generator(this, function (_y) {
                            switch (_y.label) {
                                case 0:
                                    marker = "push-".concat(i);
                                    got = [];
                                    all = new Promise(function (resolve) {
                                        arrivals_1.set(marker, { got: got, all: function () { return resolve(true); } });
                                        timer = setTimeout(function () { return resolve(false); }, 10000);
                                    });
                                    t0 = performance.now();
                                    return [4 /*yield*/, call(hub.url, poster_1, 'POST', '/channels/bench/messages', { body: marker, status: 'fyi' })];
                                case 1:
                                    _y.sent();
                                    return [4 /*yield*/, all];
                                case 2:
                                    complete = _y.sent();
                                    clearTimeout(timer);
                                    if (!complete)
                                        throw new Error("push ".concat(i, ": only ").concat(got.length, "/50 subscribers received it"));
                                    for (_x = 0, got_1 = got; _x < got_1.length; _x++) {
                                        t = got_1[_x];
                                        lat.push(t - t0);
                                    }
                                    return [2 /*return*/];
                            }
                        });
                    };
                    i = 0;
                    _w.label = 25;
                case 25:
                    if (!(i < N_PUSH)) return [3 /*break*/, 28];
                    return [5 /*yield**/, _loop_1(i)];
                case 26:
                    _w.sent();
                    _w.label = 27;
                case 27:
                    i++;
                    return [3 /*break*/, 25];
                case 28:
                    (0, stats_js_1.line)('post→push latency at 50 subscribers p50/p99', "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(lat, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(lat, 99)), " ms"), 'goal p99 < 5 ms');
                    sockets.forEach(function (s) { return s.close(); });
                    raw = (0, rows_js_1.rawBound)(db, 'bench', (0, node_path_1.join)(dir, 'raw.db'));
                    (0, stats_js_1.line)('raw bound: same rows + sha256 chain, 1 txn/row', "".concat((0, stats_js_1.fmt)(raw.rowsPerSec, 0), " rows/s"), "".concat(raw.sameHash, "/").concat(raw.rows, " hashes identical to the hub's"));
                    (0, stats_js_1.line)('  hub posts/s ÷ raw rows/s', "".concat((0, stats_js_1.fmt)(posts.perSec / raw.rowsPerSec, 3), "\u00D7"));
                    _s = {};
                    _g = seed_obligations_js_1.MEASURED;
                    return [4 /*yield*/, register(hub.url, seed_obligations_js_1.MEASURED)];
                case 29:
                    keys_1 = (_s[_g] = _w.sent(), _s);
                    _i = 0, PEERS_1 = seed_obligations_js_1.PEERS;
                    _w.label = 30;
                case 30:
                    if (!(_i < PEERS_1.length)) return [3 /*break*/, 33];
                    p = PEERS_1[_i];
                    _h = keys_1;
                    _j = p;
                    return [4 /*yield*/, register(hub.url, p)];
                case 31:
                    _h[_j] = _w.sent();
                    _w.label = 32;
                case 32:
                    _i++;
                    return [3 /*break*/, 30];
                case 33:
                    _k = 0, ROOMS_1 = seed_obligations_js_1.ROOMS;
                    _w.label = 34;
                case 34:
                    if (!(_k < ROOMS_1.length)) return [3 /*break*/, 41];
                    room = ROOMS_1[_k];
                    return [4 /*yield*/, call(hub.url, poster_1, 'POST', '/channels', { name: room, private: true })];
                case 35:
                    _w.sent();
                    _l = 0, _m = __spreadArray([seed_obligations_js_1.MEASURED], seed_obligations_js_1.PEERS, true);
                    _w.label = 36;
                case 36:
                    if (!(_l < _m.length)) return [3 /*break*/, 40];
                    who = _m[_l];
                    return [4 /*yield*/, call(hub.url, poster_1, 'POST', "/channels/".concat(room, "/invites"), { agent_id: who })];
                case 37:
                    inv = _w.sent();
                    return [4 /*yield*/, call(hub.url, keys_1[who], 'POST', "/channels/".concat(room, "/join"), { invite_token: inv.invite_token })];
                case 38:
                    _w.sent();
                    _w.label = 39;
                case 39:
                    _l++;
                    return [3 /*break*/, 36];
                case 40:
                    _k++;
                    return [3 /*break*/, 34];
                case 41: return [4 /*yield*/, hub.close()];
                case 42:
                    _w.sent();
                    count = function () { var d = new better_sqlite3_1.default(db, { readonly: true }); var n = d.prepare('SELECT count(*) AS n FROM messages').get().n; d.close(); return n; };
                    seedT0 = performance.now();
                    perRoom = Math.ceil((TARGET_ROWS - count() - 700) / seed_obligations_js_1.ROOMS.length);
                    filled = (0, rows_js_1.appendFiller)(db, seed_obligations_js_1.ROOMS.map(function (channel) { return ({ channel: channel, senders: __spreadArray(['poster'], seed_obligations_js_1.PEERS, true) }); }), perRoom);
                    fillerS = (performance.now() - seedT0) / 1000;
                    return [4 /*yield*/, (0, procs_js_1.startHub)(mode, db, ADMIN)];
                case 43:
                    hub = _w.sent();
                    apiT0 = performance.now();
                    return [4 /*yield*/, (0, seed_obligations_js_1.seedObligations)(function (who, room, msg) { return call(hub.url, keys_1[who], 'POST', "/channels/".concat(room, "/messages"), msg); })];
                case 44:
                    viaApi = _w.sent();
                    total = count();
                    (0, stats_js_1.line)('seeded messages in the database', "".concat(total), "".concat(filled, " SQL filler rows in ").concat((0, stats_js_1.fmt)(fillerS, 1), " s + ").concat(viaApi, " API posts (asks, replies, debts) in ").concat((0, stats_js_1.fmt)((performance.now() - apiT0) / 1000, 1), " s"));
                    return [4 /*yield*/, call(hub.url, keys_1[seed_obligations_js_1.MEASURED], 'GET', "/channels/".concat(seed_obligations_js_1.ROOMS[0], "/ledger?verify=true"))];
                case 45:
                    ledger = _w.sent();
                    (0, stats_js_1.line)("  ledger of ".concat(seed_obligations_js_1.ROOMS[0], " after seeding"), ledger.verified ? 'verified' : "BROKEN at ".concat(ledger.broken_at), "".concat(ledger.count, " turns"));
                    return [4 /*yield*/, call(hub.url, keys_1[seed_obligations_js_1.MEASURED], 'GET', '/owed')];
                case 46:
                    owedShape = _w.sent();
                    i = 0;
                    _w.label = 47;
                case 47:
                    if (!(i < 20)) return [3 /*break*/, 51];
                    return [4 /*yield*/, call(hub.url, keys_1[seed_obligations_js_1.MEASURED], 'GET', '/owed')];
                case 48:
                    _w.sent();
                    return [4 /*yield*/, call(hub.url, keys_1[seed_obligations_js_1.MEASURED], 'GET', '/inbox')];
                case 49:
                    _w.sent();
                    _w.label = 50;
                case 50:
                    i++;
                    return [3 /*break*/, 47];
                case 51: return [4 /*yield*/, hubCpu(hub, function () { return timed(N_READS, function () { return call(hub.url, keys_1[seed_obligations_js_1.MEASURED], 'GET', '/owed'); }); })];
                case 52:
                    _o = _w.sent(), owed = _o.result, owedUs = _o.us;
                    inboxes_1 = function () { return timed(N_READS, function () { return call(hub.url, keys_1[seed_obligations_js_1.MEASURED], 'GET', '/inbox'); }); };
                    profileDir_1 = process.env.BENCH_PROFILE;
                    return [4 /*yield*/, hubCpu(hub, function () { return (profileDir_1 && hub.profile ? hub.profile((0, node_path_1.join)(profileDir_1, 'inbox.cpuprofile'), inboxes_1) : inboxes_1()); })];
                case 53:
                    _p = _w.sent(), inbox = _p.result, inboxUs = _p.us;
                    c = (_v = owedShape.counts) !== null && _v !== void 0 ? _v : {};
                    (0, stats_js_1.line)("GET /owed p50/p99 (".concat(total, " msgs)"), "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(owed.ms, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(owed.ms, 99)), " ms"), "goal p99 < 10 ms; hub CPU ".concat((0, stats_js_1.fmt)(owedUs / N_READS / 1000), " ms/call; rows: to_answer ").concat(c.to_answer, ", to_consume ").concat(c.to_consume, ", to_close ").concat(c.to_close));
                    return [4 /*yield*/, call(hub.url, keys_1[seed_obligations_js_1.MEASURED], 'GET', '/inbox')];
                case 54:
                    envs = _w.sent();
                    (0, stats_js_1.line)("GET /inbox p50/p99 (".concat(total, " msgs)"), "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(inbox.ms, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(inbox.ms, 99)), " ms"), "goal p99 < 10 ms; hub CPU ".concat((0, stats_js_1.fmt)(inboxUs / N_READS / 1000), " ms/call; ").concat(envs.length, " envelopes"));
                    return [4 /*yield*/, hub.mem()];
                case 55:
                    mem = _w.sent();
                    memLine('hub RSS after the run (reference 76–78 MB)', mem);
                    if (mem.rssAfterGc !== undefined)
                        (0, stats_js_1.line)('  hub RSS after a forced full GC', mb(mem.rssAfterGc), "V8 heap used ".concat(mb(mem.heapUsedAfterGc), " of ").concat(mb(mem.heapTotalAfterGc), " committed"));
                    // V8 keeps the heap it grew under load until its memory reducer sees the process idle.
                    return [4 /*yield*/, new Promise(function (r) { return setTimeout(r, SETTLE_S * 1000); })];
                case 56:
                    // V8 keeps the heap it grew under load until its memory reducer sees the process idle.
                    _w.sent();
                    _q = memLine;
                    _r = ["hub RSS after ".concat(SETTLE_S, " s idle (settled)")];
                    return [4 /*yield*/, hub.mem()];
                case 57:
                    _q.apply(void 0, _r.concat([_w.sent()]));
                    (0, stats_js_1.line)('total bench time', "".concat((0, stats_js_1.fmt)((performance.now() - started) / 1000, 1), " s"), "load average now ".concat((0, node_os_1.loadavg)().map(function (x) { return x.toFixed(1); }).join(' ')));
                    return [3 /*break*/, 60];
                case 58: return [4 /*yield*/, hub.close().catch(function () { return undefined; })];
                case 59:
                    _w.sent();
                    (0, node_fs_1.rmSync)(dir, { recursive: true, force: true });
                    return [7 /*endfinally*/];
                case 60: return [2 /*return*/];
            }
        });
    });
}
// `--db postgres://…` (an empty database) or `--db postgres` (a throw-away cluster): the PostgreSQL figures (pg.bench.ts).
var dbFlag = process.argv.indexOf('--db');
var dbArg = dbFlag >= 0 ? process.argv[dbFlag + 1] : (_a = process.argv.find(function (a) { return a.startsWith('--db='); })) === null || _a === void 0 ? void 0 : _a.slice(5);
if (dbArg !== undefined) {
    if (dbArg !== 'postgres' && !/^postgres(ql)?:\/\//.test(dbArg))
        throw new Error("--db ".concat(dbArg, ": use --db postgres://user@host/emptydb, or --db postgres for a throw-away cluster (SQLite is the default without --db)"));
    await (await Promise.resolve().then(function () { return require('./pg.bench.js'); })).benchPostgres(dbArg);
    process.exit(0);
}
// `--hub=up,child` (default both). BENCH_PROFILE=<dir> (child only) writes <dir>/inbox.cpuprofile of the /inbox phase.: `up` is what a user runs, `child` the lean baseline for comparison.
var modes = ((_c = (_b = process.argv.find(function (a) { return a.startsWith('--hub='); })) === null || _b === void 0 ? void 0 : _b.slice(6)) !== null && _c !== void 0 ? _c : 'up,child').split(',');
for (var _i = 0, modes_1 = modes; _i < modes_1.length; _i++) {
    var m = modes_1[_i];
    if (m !== 'up' && m !== 'child')
        throw new Error("--hub=".concat(m, ": use up, child or up,child"));
}
for (var _d = 0, modes_2 = modes; _d < modes_2.length; _d++) {
    var m = modes_2[_d];
    await main(m);
}
agent.destroy();

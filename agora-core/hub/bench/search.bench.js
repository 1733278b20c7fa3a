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
// Search benchmark (a script, not a test): `npm run bench:search`. Loopback only, bounded loops.
// 10,000 messages are posted through the real post route (so the FTS5 triggers index them as a
// user's hub would), then a fixed mix of 300 queries is timed end to end over one kept-alive
// connection; the goal is p99 < 20 ms. The same run times 2,000 posts into a room whose index
// is on against a hub whose triggers were dropped (alternated in blocks), the insert cost of search.
var node_fs_1 = require("node:fs");
var node_http_1 = require("node:http");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var better_sqlite3_1 = require("better-sqlite3");
var hub_1 = require("@agora/hub");
var stats_js_1 = require("./stats.js");
var ADMIN = 'bench-admin-' + 'b'.repeat(32);
var N_MESSAGES = 10000, N_QUERIES = 300, INSERT_BLOCK = 500, INSERT_BLOCKS = 4;
var ROOMS = ['ops', 'build', 'design', 'release', 'support'];
// A small vocabulary with a long tail: a few words are in most messages, most words in few.
var COMMON = ['the', 'build', 'tests', 'deploy', 'release', 'review', 'fix', 'update', 'plan', 'parser'];
var TAIL = Array.from({ length: 2000 }, function (_, i) { return "w".concat(i.toString(36), "x"); });
var agent = new node_http_1.Agent({ keepAlive: true, maxSockets: 1 });
function exchange(url, method, path, key, body) {
    var payload = body === undefined ? undefined : JSON.stringify(body);
    var headers = { authorization: "Bearer ".concat(key), 'x-agora-client': 'bench', 'content-type': 'application/json' };
    if (payload)
        headers['content-length'] = String(Buffer.byteLength(payload));
    return new Promise(function (resolve, reject) {
        var req = (0, node_http_1.request)(url + path, { method: method, agent: agent, headers: headers }, function (res) {
            var chunks = [];
            res.on('data', function (c) { return chunks.push(c); });
            res.on('end', function () { var _a; return resolve({ status: (_a = res.statusCode) !== null && _a !== void 0 ? _a : 0, text: Buffer.concat(chunks).toString('utf8') }); });
        });
        req.on('error', reject);
        req.end(payload);
    });
}
function ok(url, key, method, path, body) {
    return __awaiter(this, void 0, void 0, function () {
        var r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, exchange(url, method, path, key, body)];
                case 1:
                    r = _a.sent();
                    if (r.status < 200 || r.status >= 300)
                        throw new Error("".concat(method, " ").concat(path, " -> ").concat(r.status, " ").concat(r.text.slice(0, 200)));
                    return [2 /*return*/, JSON.parse(r.text)];
            }
        });
    });
}
var seed = 42;
var rand = function () { return ((seed = (seed * 1103515245 + 12345) % Math.pow(2, 31)) / Math.pow(2, 31)); };
var pick = function (xs) { return xs[Math.floor(Math.pow(rand(), 2) * xs.length)]; };
var sentence = function (n) { return Array.from({ length: n }, function () { return (rand() < 0.4 ? pick(COMMON) : pick(TAIL)); }).join(' '); };
function hubWith(dir, name, clock) {
    return __awaiter(this, void 0, void 0, function () {
        var db, hub, key, _i, ROOMS_1, room;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    db = (0, node_path_1.join)(dir, "".concat(name, ".db"));
                    return [4 /*yield*/, (0, hub_1.createHub)({ db: db, host: '127.0.0.1', port: 0, adminKey: ADMIN, ratePerMinute: 10000000, writeRatePerMinute: 10000000,
                            notifyDir: null, voteSweepMs: 3600000, now: function () { return Date.now() / 1000 + clock.offset; } })];
                case 1:
                    hub = _a.sent();
                    return [4 /*yield*/, ok(hub.url, ADMIN, 'POST', '/agents', { id: 'poster' })];
                case 2:
                    key = (_a.sent()).api_key;
                    _i = 0, ROOMS_1 = ROOMS;
                    _a.label = 3;
                case 3:
                    if (!(_i < ROOMS_1.length)) return [3 /*break*/, 6];
                    room = ROOMS_1[_i];
                    return [4 /*yield*/, ok(hub.url, key, 'POST', '/channels', { name: room, private: true })];
                case 4:
                    _a.sent();
                    _a.label = 5;
                case 5:
                    _i++;
                    return [3 /*break*/, 3];
                case 6: return [2 /*return*/, { hub: hub, key: key, db: db }];
            }
        });
    });
}
function postBlock(url, key, n) {
    return __awaiter(this, void 0, void 0, function () {
        var t, i;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    t = performance.now();
                    i = 0;
                    _a.label = 1;
                case 1:
                    if (!(i < n)) return [3 /*break*/, 4];
                    return [4 /*yield*/, ok(url, key, 'POST', "/channels/".concat(ROOMS[i % ROOMS.length], "/messages"), { body: sentence(24), title: i % 7 === 0 ? sentence(4) : '' })];
                case 2:
                    _a.sent();
                    _a.label = 3;
                case 3:
                    i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, (performance.now() - t) / n];
            }
        });
    });
}
function main() {
    return __awaiter(this, void 0, void 0, function () {
        var dir, clock, on, off, raw, _i, _a, t, perPost, b, _b, _c, _d, _e, med, queries, samples, byKind_1, hits, _loop_1, i, names;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    dir = (0, node_fs_1.mkdtempSync)((0, node_path_1.join)((0, node_os_1.tmpdir)(), 'agora-search-bench-'));
                    clock = { offset: 0 };
                    _f.label = 1;
                case 1:
                    _f.trys.push([1, , 16, 17]);
                    console.log("search bench \u00B7 load ".concat((0, node_os_1.loadavg)().map(function (x) { return x.toFixed(2); }).join(' ')));
                    return [4 /*yield*/, hubWith(dir, 'fts-on', clock)];
                case 2:
                    on = _f.sent();
                    return [4 /*yield*/, hubWith(dir, 'fts-off', clock)];
                case 3:
                    off = _f.sent();
                    raw = new better_sqlite3_1.default(off.db);
                    for (_i = 0, _a = ['messages_fts_insert', 'messages_fts_retract', 'messages_fts_delete']; _i < _a.length; _i++) {
                        t = _a[_i];
                        raw.exec("DROP TRIGGER ".concat(t));
                    }
                    raw.close();
                    perPost = { on: [], off: [] };
                    b = 0;
                    _f.label = 4;
                case 4:
                    if (!(b < INSERT_BLOCKS)) return [3 /*break*/, 8];
                    _c = (_b = perPost.on).push;
                    return [4 /*yield*/, postBlock(on.hub.url, on.key, INSERT_BLOCK)];
                case 5:
                    _c.apply(_b, [_f.sent()]);
                    _e = (_d = perPost.off).push;
                    return [4 /*yield*/, postBlock(off.hub.url, off.key, INSERT_BLOCK)];
                case 6:
                    _e.apply(_d, [_f.sent()]);
                    _f.label = 7;
                case 7:
                    b++;
                    return [3 /*break*/, 4];
                case 8:
                    med = function (xs) { return (0, stats_js_1.pct)(xs, 50); };
                    (0, stats_js_1.line)('post, FTS index on (ms, median of blocks)', (0, stats_js_1.fmt)(med(perPost.on), 3), "".concat(perPost.on.map(function (x) { return (0, stats_js_1.fmt)(x, 3); }).join(' / ')));
                    (0, stats_js_1.line)('post, FTS triggers dropped (ms)', (0, stats_js_1.fmt)(med(perPost.off), 3), "".concat(perPost.off.map(function (x) { return (0, stats_js_1.fmt)(x, 3); }).join(' / ')));
                    (0, stats_js_1.line)('posts/s on ÷ off', (0, stats_js_1.fmt)(med(perPost.off) / med(perPost.on), 3), '(1.00 = no cost)');
                    return [4 /*yield*/, off.hub.close()
                        // Query latency at 10k messages.
                    ];
                case 9:
                    _f.sent();
                    // Query latency at 10k messages.
                    return [4 /*yield*/, postBlock(on.hub.url, on.key, N_MESSAGES - INSERT_BLOCK * INSERT_BLOCKS)];
                case 10:
                    // Query latency at 10k messages.
                    _f.sent();
                    queries = Array.from({ length: N_QUERIES }, function (_, i) {
                        var k = i % 6;
                        return k === 0 ? pick(COMMON) : k === 1 ? pick(TAIL) : k === 2 ? "".concat(pick(COMMON), " ").concat(pick(TAIL)) : k === 3 ? "\"".concat(pick(COMMON), " ").concat(pick(COMMON), "\"")
                            : k === 4 ? "".concat(pick(TAIL).slice(0, 3), "*") : "".concat(pick(TAIL), " ").concat(pick(TAIL));
                    });
                    samples = [];
                    byKind_1 = [[], [], [], [], [], []];
                    hits = 0;
                    _loop_1 = function (i) {
                        var t, r, ms;
                        return __generator(this, function (_g) {
                            switch (_g.label) {
                                case 0:
                                    clock.offset += 2; // the seat's search bucket refills one token per 2 s of hub time
                                    t = performance.now();
                                    return [4 /*yield*/, ok(on.hub.url, on.key, 'GET', "/search?q=".concat(encodeURIComponent(queries[i]), "&limit=10"))];
                                case 1:
                                    r = _g.sent();
                                    ms = performance.now() - t;
                                    samples.push(ms);
                                    byKind_1[i % 6].push(ms);
                                    hits += ['decisions', 'open_threads', 'messages'].reduce(function (n, s) { return n + r[s].total; }, 0);
                                    return [2 /*return*/];
                            }
                        });
                    };
                    i = 0;
                    _f.label = 11;
                case 11:
                    if (!(i < queries.length)) return [3 /*break*/, 14];
                    return [5 /*yield**/, _loop_1(i)];
                case 12:
                    _f.sent();
                    _f.label = 13;
                case 13:
                    i++;
                    return [3 /*break*/, 11];
                case 14:
                    (0, stats_js_1.line)('messages indexed', String(N_MESSAGES));
                    (0, stats_js_1.line)('search p50 / p95 (ms)', "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(samples, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(samples, 95))));
                    (0, stats_js_1.line)('search p99 (ms)', (0, stats_js_1.fmt)((0, stats_js_1.pct)(samples, 99)), 'goal < 20 — ' + ((0, stats_js_1.pct)(samples, 99) < 20 ? 'met' : 'NOT met'));
                    names = ['common word', 'rare word', 'common + rare', 'phrase', 'prefix*', 'two rare (relaxed)'];
                    names.forEach(function (n, k) { return (0, stats_js_1.line)("  p99 ".concat(n, " (ms)"), (0, stats_js_1.fmt)((0, stats_js_1.pct)(byKind_1[k], 99))); });
                    (0, stats_js_1.line)('mean message hits per query', (0, stats_js_1.fmt)(hits / queries.length, 1));
                    return [4 /*yield*/, on.hub.close()];
                case 15:
                    _f.sent();
                    return [3 /*break*/, 17];
                case 16:
                    agent.destroy();
                    (0, node_fs_1.rmSync)(dir, { recursive: true, force: true });
                    return [7 /*endfinally*/];
                case 17: return [2 /*return*/];
            }
        });
    });
}
await main();

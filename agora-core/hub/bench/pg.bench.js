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
exports.benchPostgres = benchPostgres;
// The hub on PostgreSQL (a script, not a test): `npm run bench:hub -- --db postgres://…` (an EMPTY
// database it may fill) or `--db postgres` (a throw-away durable cluster, fsync on, started and
// deleted by the bench). Loopback only, bounded loops. Figures: sequential posts/s with 10 WS
// subscribers on one process; concurrent posters through one vs two processes with the CPU split
// between hubs, PostgreSQL and the client; post→push p99 across processes; /owed and /inbox p99
// at 100k messages.
var node_fs_1 = require("node:fs");
var node_http_1 = require("node:http");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var node_url_1 = require("node:url");
var node_worker_threads_1 = require("node:worker_threads");
var pg_1 = require("pg");
var ulid_1 = require("ulid");
var ws_1 = require("ws");
var protocol_1 = require("@agora/protocol");
var rows_js_1 = require("./rows.js");
var procs_js_1 = require("./procs.js");
var stats_js_1 = require("./stats.js");
var pg_cluster_js_1 = require("../test/helpers/pg-cluster.js");
var seed_obligations_js_1 = require("./seed-obligations.js");
var HERE = (0, node_path_1.dirname)((0, node_url_1.fileURLToPath)(import.meta.url));
var ADMIN = 'bench-admin-' + 'a'.repeat(32);
var N_POSTS = 2000, N_PUSH = 200, N_READS = 200, TARGET_ROWS = 100000, POSTERS = 16, PER_POSTER = 100;
var TICK_US = 10000;
var agent = new node_http_1.Agent({ keepAlive: true, maxSockets: 64 });
function exchange(url, method, path, key, body) {
    var text = body === undefined ? undefined : JSON.stringify(body);
    var headers = { authorization: "Bearer ".concat(key), 'content-type': 'application/json', 'x-agora-client': 'bench' };
    if (text !== undefined)
        headers['content-length'] = String(Buffer.byteLength(text));
    return new Promise(function (resolve, reject) {
        var req = (0, node_http_1.request)(url + path, { method: method, agent: agent, headers: headers }, function (res) {
            var chunks = [];
            res.on('data', function (c) { return chunks.push(c); });
            res.on('end', function () { var _a; return resolve({ status: (_a = res.statusCode) !== null && _a !== void 0 ? _a : 0, text: Buffer.concat(chunks).toString('utf8') }); });
            res.on('error', reject);
        });
        req.on('error', reject);
        req.end(text);
    });
}
function call(url, key, method, path, body) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, status, text;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, exchange(url, method, path, key, body)];
                case 1:
                    _a = _b.sent(), status = _a.status, text = _a.text;
                    if (status < 200 || status >= 300)
                        throw new Error("".concat(method, " ").concat(path, " -> ").concat(status, " ").concat(text.slice(0, 300)));
                    return [2 /*return*/, text ? JSON.parse(text) : null];
            }
        });
    });
}
var register = function (url, id) { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
    switch (_a.label) {
        case 0: return [4 /*yield*/, call(url, ADMIN, 'POST', '/agents', { id: id })];
        case 1: return [2 /*return*/, (_a.sent()).api_key];
    }
}); }); };
function cpuOf(pid) {
    try {
        var stat = (0, node_fs_1.readFileSync)("/proc/".concat(pid, "/stat"), 'utf8');
        var f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_US; // utime, stime, and reaped children's
    }
    catch (_a) {
        return 0;
    }
}
/** CPU µs of every PostgreSQL server process (the postmaster and its children), when it runs on this machine. */
function pgCpu(cluster) {
    var pidFile = cluster ? (0, node_path_1.join)(cluster.dir, 'data', 'postmaster.pid') : null;
    if (!pidFile || !(0, node_fs_1.existsSync)(pidFile))
        return function () { return null; };
    var master = Number((0, node_fs_1.readFileSync)(pidFile, 'utf8').split('\n')[0]);
    return function () {
        var kids = (0, node_fs_1.readFileSync)("/proc/".concat(master, "/task/").concat(master, "/children"), 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
        return __spreadArray([master], kids, true).reduce(function (sum, pid) { return sum + cpuOf(pid); }, 0);
    };
}
function openSocket(url, key, onEnvelope) {
    var ws = new ws_1.WebSocket("".concat(url.replace(/^http/, 'ws'), "/ws?token=").concat(key));
    ws.on('message', function (d) { var s = String(d); var m = /"body":"(push-\d+)"/.exec(s); if (m)
        onEnvelope(m[1]); });
    return new Promise(function (resolve, reject) { ws.once('open', function () { return resolve(ws); }); ws.once('error', reject); });
}
/** Append chained fyi filler rows to each room straight into PostgreSQL (1,000-row INSERTs), as rows.ts does for SQLite. */
function appendFillerPg(url, rooms, senders, perRoom) {
    return __awaiter(this, void 0, void 0, function () {
        var client, cols, written, _i, rooms_1, channel, last, prev, seq, t0, _loop_1, start;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    client = new pg_1.default.Client({ connectionString: url });
                    return [4 /*yield*/, client.connect()];
                case 1:
                    _a.sent();
                    cols = ['id', 'channel', 'seq', 'sender', 'kind', 'status', 'urgency', 'critical', 'downgraded', 'to_json', 'title', 'body', 'data_json', 'reply_to', 'created_at', 'hash'];
                    written = 0;
                    _a.label = 2;
                case 2:
                    _a.trys.push([2, , 10, 12]);
                    _i = 0, rooms_1 = rooms;
                    _a.label = 3;
                case 3:
                    if (!(_i < rooms_1.length)) return [3 /*break*/, 9];
                    channel = rooms_1[_i];
                    return [4 /*yield*/, client.query('SELECT seq, hash, created_at FROM messages WHERE channel = $1 ORDER BY seq DESC LIMIT 1', [channel])];
                case 4:
                    last = (_a.sent()).rows[0];
                    prev = last.hash;
                    seq = Number(last.seq);
                    t0 = Number(last.created_at);
                    _loop_1 = function (start) {
                        var values, tuples, _loop_2, i;
                        return __generator(this, function (_b) {
                            switch (_b.label) {
                                case 0:
                                    values = [];
                                    tuples = [];
                                    _loop_2 = function (i) {
                                        seq++;
                                        var row = { id: (0, ulid_1.ulid)(), channel: channel, seq: seq, sender: senders[i % senders.length], kind: 'message', status: 'fyi',
                                            urgency: 'inbox', critical: 0, downgraded: 0, to_json: '[]', title: i % 10 === 0 ? "status update ".concat(i) : '',
                                            body: "filler ".concat(i, ": ").concat('progress note about the build, the tests and the next step. '.repeat(3)), data_json: null, reply_to: null,
                                            created_at: t0 + (i + 1) / 1000 };
                                        row.hash = (0, protocol_1.ledgerHash)(prev, (0, rows_js_1.payloadOf)(row));
                                        prev = row.hash;
                                        tuples.push("(".concat(cols.map(function (_, c) { return "$".concat(values.length + c + 1); }).join(','), ")"));
                                        values.push.apply(values, cols.map(function (c) { return row[c]; }));
                                        written++;
                                    };
                                    for (i = start; i < Math.min(perRoom, start + 1000); i++) {
                                        _loop_2(i);
                                    }
                                    return [4 /*yield*/, client.query("INSERT INTO messages (".concat(cols.join(','), ") VALUES ").concat(tuples.join(',')), values)];
                                case 1:
                                    _b.sent();
                                    return [2 /*return*/];
                            }
                        });
                    };
                    start = 0;
                    _a.label = 5;
                case 5:
                    if (!(start < perRoom)) return [3 /*break*/, 8];
                    return [5 /*yield**/, _loop_1(start)];
                case 6:
                    _a.sent();
                    _a.label = 7;
                case 7:
                    start += 1000;
                    return [3 /*break*/, 5];
                case 8:
                    _i++;
                    return [3 /*break*/, 3];
                case 9: return [3 /*break*/, 12];
                case 10: return [4 /*yield*/, client.end()];
                case 11:
                    _a.sent();
                    return [7 /*endfinally*/];
                case 12: return [2 /*return*/, written];
            }
        });
    });
}
function concurrent(hubs, keys, channel, cpuOfPg) {
    return __awaiter(this, void 0, void 0, function () {
        var cpu0, pg0, client0, t0, secs, hubUs, pgUs, c;
        var _this = this;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, Promise.all(hubs.map(function (h) { return h.cpuUs(); }))];
                case 1:
                    cpu0 = _b.sent();
                    pg0 = cpuOfPg();
                    client0 = process.cpuUsage();
                    t0 = performance.now();
                    return [4 /*yield*/, Promise.all(keys.map(function (k, i) { return __awaiter(_this, void 0, void 0, function () {
                            var hub, n;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        hub = hubs[i % hubs.length];
                                        n = 0;
                                        _a.label = 1;
                                    case 1:
                                        if (!(n < PER_POSTER)) return [3 /*break*/, 4];
                                        return [4 /*yield*/, call(hub.url, k, 'POST', "/channels/".concat(channel, "/messages"), { body: "c".concat(i, "-").concat(n), status: 'fyi' })];
                                    case 2:
                                        _a.sent();
                                        _a.label = 3;
                                    case 3:
                                        n++;
                                        return [3 /*break*/, 1];
                                    case 4: return [2 /*return*/];
                                }
                            });
                        }); }))];
                case 2:
                    _b.sent();
                    secs = (performance.now() - t0) / 1000;
                    return [4 /*yield*/, Promise.all(hubs.map(function (h) { return h.cpuUs(); }))];
                case 3:
                    hubUs = (_b.sent()).map(function (c, i) { return c - cpu0[i]; });
                    pgUs = pg0 === null ? null : ((_a = cpuOfPg()) !== null && _a !== void 0 ? _a : 0) - pg0;
                    c = process.cpuUsage(client0);
                    return [2 /*return*/, { perSec: (keys.length * PER_POSTER) / secs, secs: secs, hubUs: hubUs, pgUs: pgUs, clientUs: c.user + c.system }];
            }
        });
    });
}
function benchPostgres(dbArg) {
    return __awaiter(this, void 0, void 0, function () {
        var started, cluster, url, probe, used, cpuOfPg, hubs, _a, _b, a_1, poster, subs, i, k, subscribers_1, body, i, hub0, pg0, ms, t0, i, t, perSec, hubPer, pgPer, frames_1, _c, _d, b_1, arrivals_1, sockets, lat, _loop_3, i, keys, i, _e, _f, _i, _g, ch, _h, keys_1, k, one_1, two, split, seats_1, _j, _k, PEERS_1, p, _l, _m, _o, ROOMS_1, room, _p, _q, who, inv, seedT0, existing, filled, ledger, i, _r, _s, path, h0, p0, ms_1, i, t, pgMs, _t, _u, _v, _w, _x, hubs_1, h;
        var _y;
        var _z, _0;
        return __generator(this, function (_1) {
            switch (_1.label) {
                case 0:
                    started = performance.now();
                    cluster = null;
                    url = dbArg;
                    if (!(dbArg === 'postgres')) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, pg_cluster_js_1.startCluster)({ durable: true })];
                case 1:
                    cluster = _1.sent();
                    return [4 /*yield*/, cluster.createDatabase('bench')];
                case 2:
                    url = _1.sent();
                    return [3 /*break*/, 7];
                case 3:
                    probe = new pg_1.default.Client({ connectionString: url });
                    return [4 /*yield*/, probe.connect()];
                case 4:
                    _1.sent();
                    return [4 /*yield*/, probe.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'messages'")];
                case 5:
                    used = (_1.sent()).rowCount;
                    return [4 /*yield*/, probe.end()];
                case 6:
                    _1.sent();
                    if (used)
                        throw new Error('--db names a database that already holds a hub: the bench fills it, so give it an empty one (createdb agora_bench)');
                    _1.label = 7;
                case 7:
                    cpuOfPg = pgCpu(cluster);
                    hubs = [];
                    _1.label = 8;
                case 8:
                    _1.trys.push([8, , 79, 84]);
                    _b = (_a = hubs).push;
                    return [4 /*yield*/, (0, procs_js_1.startHub)('child', url, ADMIN)];
                case 9:
                    _b.apply(_a, [_1.sent()]);
                    a_1 = hubs[0];
                    console.log("\nagora hub benchmark on PostgreSQL \u2014 node ".concat(process.version, ", ").concat((0, node_os_1.cpus)().length, " cores, ").concat(cluster ? 'throw-away cluster (fsync on)' : 'given server', ", load average ").concat((0, node_os_1.loadavg)().map(function (x) { return x.toFixed(1); }).join(' ')));
                    return [4 /*yield*/, register(a_1.url, 'poster')];
                case 10:
                    poster = _1.sent();
                    return [4 /*yield*/, call(a_1.url, poster, 'POST', '/channels', { name: 'bench', private: false })];
                case 11:
                    _1.sent();
                    subs = [];
                    i = 0;
                    _1.label = 12;
                case 12:
                    if (!(i < 50)) return [3 /*break*/, 16];
                    return [4 /*yield*/, register(a_1.url, "sub-".concat(i))];
                case 13:
                    k = _1.sent();
                    return [4 /*yield*/, call(a_1.url, k, 'POST', '/channels/bench/join', {})];
                case 14:
                    _1.sent();
                    subs.push(k);
                    _1.label = 15;
                case 15:
                    i++;
                    return [3 /*break*/, 12];
                case 16:
                    subscribers_1 = new node_worker_threads_1.Worker((0, node_path_1.join)(HERE, 'subscribers.mjs'), { workerData: { url: a_1.url, keys: subs.slice(0, 10) } });
                    return [4 /*yield*/, new Promise(function (resolve) { return subscribers_1.once('message', resolve); })];
                case 17:
                    _1.sent();
                    body = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5);
                    i = 0;
                    _1.label = 18;
                case 18:
                    if (!(i < 200)) return [3 /*break*/, 21];
                    return [4 /*yield*/, call(a_1.url, poster, 'POST', '/channels/bench/messages', { body: body, status: 'fyi' })];
                case 19:
                    _1.sent();
                    _1.label = 20;
                case 20:
                    i++;
                    return [3 /*break*/, 18];
                case 21: return [4 /*yield*/, a_1.cpuUs()];
                case 22:
                    hub0 = _1.sent(), pg0 = cpuOfPg();
                    ms = [];
                    t0 = performance.now();
                    i = 0;
                    _1.label = 23;
                case 23:
                    if (!(i < N_POSTS)) return [3 /*break*/, 26];
                    t = performance.now();
                    return [4 /*yield*/, call(a_1.url, poster, 'POST', '/channels/bench/messages', { body: body, status: 'fyi' })];
                case 24:
                    _1.sent();
                    ms.push(performance.now() - t);
                    _1.label = 25;
                case 25:
                    i++;
                    return [3 /*break*/, 23];
                case 26:
                    perSec = N_POSTS / ((performance.now() - t0) / 1000);
                    return [4 /*yield*/, a_1.cpuUs()];
                case 27:
                    hubPer = ((_1.sent()) - hub0) / N_POSTS;
                    pgPer = pg0 === null ? null : (((_z = cpuOfPg()) !== null && _z !== void 0 ? _z : 0) - pg0) / N_POSTS;
                    (0, stats_js_1.line)('POST sequential, 1 channel, 10 WS subscribers, one process', "".concat((0, stats_js_1.fmt)(perSec, 0), " posts/s"), 'goal ≥ 1,000 posts/s');
                    (0, stats_js_1.line)('  hub CPU / PostgreSQL CPU per post', "".concat((0, stats_js_1.fmt)(hubPer, 0), " / ").concat(pgPer === null ? 'n/a' : (0, stats_js_1.fmt)(pgPer, 0), " \u00B5s"));
                    (0, stats_js_1.line)('  POST latency p50 / p99', "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(ms, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(ms, 99)), " ms"));
                    subscribers_1.postMessage('report');
                    return [4 /*yield*/, new Promise(function (resolve) { return subscribers_1.once('message', resolve); })];
                case 28:
                    frames_1 = (_1.sent()).frames;
                    return [4 /*yield*/, subscribers_1.terminate()];
                case 29:
                    _1.sent();
                    if (frames_1 !== 10 * (200 + N_POSTS))
                        throw new Error("the 10 subscribers received ".concat(frames_1, " envelope frames, expected ").concat(10 * (200 + N_POSTS)));
                    _d = (_c = hubs).push;
                    return [4 /*yield*/, (0, procs_js_1.startHub)('child', url, ADMIN)];
                case 30:
                    _d.apply(_c, [_1.sent()]);
                    b_1 = hubs[1];
                    arrivals_1 = new Map();
                    return [4 /*yield*/, Promise.all(subs.map(function (k) { return openSocket(b_1.url, k, function (marker) {
                            var e = arrivals_1.get(marker);
                            if (e && e.got.push(performance.now()) === 50)
                                e.all();
                        }); }))];
                case 31:
                    sockets = _1.sent();
                    lat = [];
                    _loop_3 = function (i) {
                        var marker, got, timer, all, t, complete, _2, got_1, x;
                        return __generator(this, function (_3) {
                            switch (_3.label) {
                                case 0:
                                    marker = "push-".concat(i);
                                    got = [];
                                    all = new Promise(function (resolve) { arrivals_1.set(marker, { got: got, all: function () { return resolve(true); } }); timer = setTimeout(function () { return resolve(false); }, 10000); });
                                    t = performance.now();
                                    return [4 /*yield*/, call(a_1.url, poster, 'POST', '/channels/bench/messages', { body: marker, status: 'fyi' })];
                                case 1:
                                    _3.sent();
                                    return [4 /*yield*/, all];
                                case 2:
                                    complete = _3.sent();
                                    clearTimeout(timer);
                                    if (!complete)
                                        throw new Error("push ".concat(i, ": only ").concat(got.length, "/50 subscribers on the other process received it"));
                                    for (_2 = 0, got_1 = got; _2 < got_1.length; _2++) {
                                        x = got_1[_2];
                                        lat.push(x - t);
                                    }
                                    return [2 /*return*/];
                            }
                        });
                    };
                    i = 0;
                    _1.label = 32;
                case 32:
                    if (!(i < N_PUSH)) return [3 /*break*/, 35];
                    return [5 /*yield**/, _loop_3(i)];
                case 33:
                    _1.sent();
                    _1.label = 34;
                case 34:
                    i++;
                    return [3 /*break*/, 32];
                case 35:
                    sockets.forEach(function (s) { return s.close(); });
                    (0, stats_js_1.line)('post on A → push on B, 50 subscribers, p50/p99', "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(lat, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(lat, 99)), " ms"));
                    keys = [];
                    i = 0;
                    _1.label = 36;
                case 36:
                    if (!(i < POSTERS)) return [3 /*break*/, 39];
                    _f = (_e = keys).push;
                    return [4 /*yield*/, register(a_1.url, "cposter-".concat(i))];
                case 37:
                    _f.apply(_e, [_1.sent()]);
                    _1.label = 38;
                case 38:
                    i++;
                    return [3 /*break*/, 36];
                case 39:
                    _i = 0, _g = ['conc-one', 'conc-two'];
                    _1.label = 40;
                case 40:
                    if (!(_i < _g.length)) return [3 /*break*/, 46];
                    ch = _g[_i];
                    return [4 /*yield*/, call(a_1.url, poster, 'POST', '/channels', { name: ch, private: false })];
                case 41:
                    _1.sent();
                    _h = 0, keys_1 = keys;
                    _1.label = 42;
                case 42:
                    if (!(_h < keys_1.length)) return [3 /*break*/, 45];
                    k = keys_1[_h];
                    return [4 /*yield*/, call(a_1.url, k, 'POST', "/channels/".concat(ch, "/join"), {})];
                case 43:
                    _1.sent();
                    _1.label = 44;
                case 44:
                    _h++;
                    return [3 /*break*/, 42];
                case 45:
                    _i++;
                    return [3 /*break*/, 40];
                case 46: return [4 /*yield*/, concurrent([a_1], keys, 'conc-one', cpuOfPg)];
                case 47:
                    one_1 = _1.sent();
                    return [4 /*yield*/, concurrent([a_1, b_1], keys, 'conc-two', cpuOfPg)];
                case 48:
                    two = _1.sent();
                    split = function (r) {
                        var _a;
                        var total = r.hubUs.reduce(function (x, y) { return x + y; }, 0) + ((_a = r.pgUs) !== null && _a !== void 0 ? _a : 0) + r.clientUs;
                        var share = function (us) { return "".concat((0, stats_js_1.fmt)((100 * us) / total, 0), "%"); };
                        return "CPU: ".concat(r.hubUs.map(function (u, i) { return "hub ".concat('AB'[i], " ").concat(share(u)); }).join(', '), ", PostgreSQL ").concat(r.pgUs === null ? 'n/a' : share(r.pgUs), ", client ").concat(share(r.clientUs), "; ").concat((0, stats_js_1.fmt)(total / r.secs / 1e6, 2), " cores busy");
                    };
                    (0, stats_js_1.line)("".concat(POSTERS, " concurrent posters \u00D7 ").concat(PER_POSTER, ", one process"), "".concat((0, stats_js_1.fmt)(one_1.perSec, 0), " posts/s"), split(one_1));
                    (0, stats_js_1.line)("".concat(POSTERS, " concurrent posters \u00D7 ").concat(PER_POSTER, ", two processes"), "".concat((0, stats_js_1.fmt)(two.perSec, 0), " posts/s"), split(two));
                    (0, stats_js_1.line)('  two ÷ one', "".concat((0, stats_js_1.fmt)(two.perSec / one_1.perSec, 2), "\u00D7"), 'goal ≥ 1.00× on this 2-core machine');
                    _y = {};
                    _j = seed_obligations_js_1.MEASURED;
                    return [4 /*yield*/, register(a_1.url, seed_obligations_js_1.MEASURED)];
                case 49:
                    seats_1 = (_y[_j] = _1.sent(), _y);
                    _k = 0, PEERS_1 = seed_obligations_js_1.PEERS;
                    _1.label = 50;
                case 50:
                    if (!(_k < PEERS_1.length)) return [3 /*break*/, 53];
                    p = PEERS_1[_k];
                    _l = seats_1;
                    _m = p;
                    return [4 /*yield*/, register(a_1.url, p)];
                case 51:
                    _l[_m] = _1.sent();
                    _1.label = 52;
                case 52:
                    _k++;
                    return [3 /*break*/, 50];
                case 53:
                    _o = 0, ROOMS_1 = seed_obligations_js_1.ROOMS;
                    _1.label = 54;
                case 54:
                    if (!(_o < ROOMS_1.length)) return [3 /*break*/, 61];
                    room = ROOMS_1[_o];
                    return [4 /*yield*/, call(a_1.url, poster, 'POST', '/channels', { name: room, private: true })];
                case 55:
                    _1.sent();
                    _p = 0, _q = __spreadArray([seed_obligations_js_1.MEASURED], seed_obligations_js_1.PEERS, true);
                    _1.label = 56;
                case 56:
                    if (!(_p < _q.length)) return [3 /*break*/, 60];
                    who = _q[_p];
                    return [4 /*yield*/, call(a_1.url, poster, 'POST', "/channels/".concat(room, "/invites"), { agent_id: who })];
                case 57:
                    inv = _1.sent();
                    return [4 /*yield*/, call(a_1.url, seats_1[who], 'POST', "/channels/".concat(room, "/join"), { invite_token: inv.invite_token })];
                case 58:
                    _1.sent();
                    _1.label = 59;
                case 59:
                    _p++;
                    return [3 /*break*/, 56];
                case 60:
                    _o++;
                    return [3 /*break*/, 54];
                case 61:
                    seedT0 = performance.now();
                    existing = N_POSTS + 400 + N_PUSH + 2 * POSTERS * PER_POSTER;
                    return [4 /*yield*/, appendFillerPg(url, seed_obligations_js_1.ROOMS, __spreadArray(['poster'], seed_obligations_js_1.PEERS, true), Math.ceil((TARGET_ROWS - existing - 700) / seed_obligations_js_1.ROOMS.length))];
                case 62:
                    filled = _1.sent();
                    (0, stats_js_1.line)('seeded filler rows straight into PostgreSQL', "".concat(filled), "".concat((0, stats_js_1.fmt)((performance.now() - seedT0) / 1000, 1), " s"));
                    return [4 /*yield*/, (0, seed_obligations_js_1.seedObligations)(function (who, room, msg) { return call(a_1.url, seats_1[who], 'POST', "/channels/".concat(room, "/messages"), msg); })];
                case 63:
                    _1.sent();
                    return [4 /*yield*/, call(a_1.url, seats_1[seed_obligations_js_1.MEASURED], 'GET', "/channels/".concat(seed_obligations_js_1.ROOMS[0], "/ledger?verify=true"))];
                case 64:
                    ledger = _1.sent();
                    (0, stats_js_1.line)("  ledger of ".concat(seed_obligations_js_1.ROOMS[0], " after seeding"), ledger.verified ? 'verified' : "BROKEN at ".concat(ledger.broken_at), "".concat(ledger.count, " turns"));
                    i = 0;
                    _1.label = 65;
                case 65:
                    if (!(i < 20)) return [3 /*break*/, 69];
                    return [4 /*yield*/, call(a_1.url, seats_1[seed_obligations_js_1.MEASURED], 'GET', '/owed')];
                case 66:
                    _1.sent();
                    return [4 /*yield*/, call(a_1.url, seats_1[seed_obligations_js_1.MEASURED], 'GET', '/inbox')];
                case 67:
                    _1.sent();
                    _1.label = 68;
                case 68:
                    i++;
                    return [3 /*break*/, 65];
                case 69:
                    _r = 0, _s = ['/owed', '/inbox'];
                    _1.label = 70;
                case 70:
                    if (!(_r < _s.length)) return [3 /*break*/, 78];
                    path = _s[_r];
                    return [4 /*yield*/, a_1.cpuUs()];
                case 71:
                    h0 = _1.sent(), p0 = cpuOfPg();
                    ms_1 = [];
                    i = 0;
                    _1.label = 72;
                case 72:
                    if (!(i < N_READS)) return [3 /*break*/, 75];
                    t = performance.now();
                    return [4 /*yield*/, call(a_1.url, seats_1[seed_obligations_js_1.MEASURED], 'GET', path)];
                case 73:
                    _1.sent();
                    ms_1.push(performance.now() - t);
                    _1.label = 74;
                case 74:
                    i++;
                    return [3 /*break*/, 72];
                case 75:
                    pgMs = p0 === null ? 'n/a' : (0, stats_js_1.fmt)((((_0 = cpuOfPg()) !== null && _0 !== void 0 ? _0 : 0) - p0) / N_READS / 1000);
                    _t = stats_js_1.line;
                    _u = ["GET ".concat(path, " p50/p99 (~").concat(TARGET_ROWS, " msgs)"), "".concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(ms_1, 50)), " / ").concat((0, stats_js_1.fmt)((0, stats_js_1.pct)(ms_1, 99)), " ms")];
                    _v = "goal p99 < 10 ms; hub CPU ".concat;
                    _w = stats_js_1.fmt;
                    return [4 /*yield*/, a_1.cpuUs()];
                case 76:
                    _t.apply(void 0, _u.concat([_v.apply("goal p99 < 10 ms; hub CPU ", [_w.apply(void 0, [((_1.sent()) - h0) / N_READS / 1000]), " ms/call, PostgreSQL "]).concat(pgMs, " ms/call")]));
                    _1.label = 77;
                case 77:
                    _r++;
                    return [3 /*break*/, 70];
                case 78:
                    (0, stats_js_1.line)('total bench time', "".concat((0, stats_js_1.fmt)((performance.now() - started) / 1000, 1), " s"), "load average now ".concat((0, node_os_1.loadavg)().map(function (x) { return x.toFixed(1); }).join(' ')));
                    return [3 /*break*/, 84];
                case 79:
                    _x = 0, hubs_1 = hubs;
                    _1.label = 80;
                case 80:
                    if (!(_x < hubs_1.length)) return [3 /*break*/, 83];
                    h = hubs_1[_x];
                    return [4 /*yield*/, h.close().catch(function () { return undefined; })];
                case 81:
                    _1.sent();
                    _1.label = 82;
                case 82:
                    _x++;
                    return [3 /*break*/, 80];
                case 83:
                    agent.destroy();
                    cluster === null || cluster === void 0 ? void 0 : cluster.stop();
                    return [7 /*endfinally*/];
                case 84: return [2 /*return*/];
            }
        });
    });
}

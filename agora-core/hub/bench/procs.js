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
exports.startHub = startHub;
// The hub processes under benchmark. `up`: what a user runs, `node bin/run.js up` (one process; a waiting
// parent plus a hub child when AGORA_HUB_NODE_OPTIONS asks for node flags); `child`: hub-child.mjs alone.
// CPU and RSS come from /proc for `up` (no IPC there) and from the child itself for `child`.
var node_child_process_1 = require("node:child_process");
var node_fs_1 = require("node:fs");
var node_path_1 = require("node:path");
var node_url_1 = require("node:url");
var HERE = (0, node_path_1.dirname)((0, node_url_1.fileURLToPath)(import.meta.url));
var ROOT = (0, node_path_1.join)(HERE, '..', '..', '..');
var TICK_US = 10000; // USER_HZ is 100 on Linux
/** Newest modification time of any file under `dir` (0 when it does not exist). */
function newest(dir) {
    if (!(0, node_fs_1.existsSync)(dir))
        return 0;
    return Math.max.apply(Math, __spreadArray([0], (0, node_fs_1.readdirSync)(dir, { recursive: true, withFileTypes: true }).filter(function (e) { return e.isFile(); })
        .map(function (e) { var _a; return (0, node_fs_1.statSync)((0, node_path_1.join)((_a = e.parentPath) !== null && _a !== void 0 ? _a : e.path, e.name)).mtimeMs; }), false));
}
var statusKb = function (status, key) { var _a, _b; return Number((_b = (_a = new RegExp("".concat(key, ":\\s+(\\d+)")).exec(status)) === null || _a === void 0 ? void 0 : _a[1]) !== null && _b !== void 0 ? _b : 0) * 1024; };
var rssOf = function (pid) { return statusKb((0, node_fs_1.readFileSync)("/proc/".concat(pid, "/status"), 'utf8'), 'VmRSS'); };
function memOf(pid) {
    var status = (0, node_fs_1.readFileSync)("/proc/".concat(pid, "/status"), 'utf8');
    return { rss: statusKb(status, 'VmRSS'), rssAnon: statusKb(status, 'RssAnon'), rssFile: statusKb(status, 'RssFile'), rssShmem: statusKb(status, 'RssShmem') };
}
function cpuOf(pid) {
    var stat = (0, node_fs_1.readFileSync)("/proc/".concat(pid, "/stat"), 'utf8');
    var f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_US; // utime, stime
}
function exited(proc) {
    return proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise(function (resolve) { return proc.once('exit', function () { return resolve(); }); });
}
function startHub(mode, db, adminKey) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, mode === 'up' ? startUp(db, adminKey) : startChild(db, adminKey)];
        });
    });
}
/** `agora up` exactly as a user starts it; the admin key is pre-seeded in the home's config.json. */
function startUp(db, adminKey) {
    return __awaiter(this, void 0, void 0, function () {
        var home, proc, out, url, kids, hubPid, flags;
        var _this = this;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (newest((0, node_path_1.join)(ROOT, 'plugins', 'plugin-hub', 'dist')) < newest((0, node_path_1.join)(ROOT, 'plugins', 'plugin-hub', 'src'))) {
                        throw new Error('plugins/plugin-hub/dist is older than src: run `npx tsc -b bin plugins/plugin-hub` first');
                    }
                    home = (0, node_path_1.join)((0, node_path_1.dirname)(db), 'home');
                    if (!(0, node_fs_1.existsSync)(home)) {
                        (0, node_fs_1.mkdirSync)(home, { mode: 448 });
                        (0, node_fs_1.writeFileSync)((0, node_path_1.join)(home, 'config.json'), JSON.stringify({ admin_key: adminKey, db_path: db }), { mode: 384 });
                        (0, node_fs_1.chmodSync)((0, node_path_1.join)(home, 'config.json'), 384);
                    }
                    proc = (0, node_child_process_1.spawn)(process.execPath, [(0, node_path_1.join)(ROOT, 'bin', 'run.js'), 'up', '--port', '0', '--db', db, '--home', home, '--notify-dir', ''], {
                        cwd: ROOT, env: __assign(__assign({}, process.env), { AGORA_RATE_PER_MINUTE: '10000000', AGORA_WRITE_RATE_PER_MINUTE: '10000000' }), stdio: ['ignore', 'pipe', 'inherit'],
                    });
                    out = '';
                    return [4 /*yield*/, new Promise(function (resolve, reject) {
                            proc.stdout.on('data', function (d) { out += d; var m = /listening on (http:\/\/[\d.:]+)/.exec(out); if (m)
                                resolve(m[1]); });
                            proc.once('exit', function (code) { return reject(new Error("agora up exited with ".concat(code, ": ").concat(out))); });
                        })];
                case 1:
                    url = _b.sent();
                    proc.removeAllListeners('exit');
                    kids = (0, node_fs_1.readFileSync)("/proc/".concat(proc.pid, "/task/").concat(proc.pid, "/children"), 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
                    if (kids.length > 1)
                        throw new Error("agora up has ".concat(kids.length, " child processes, expected none or the one hub process"));
                    hubPid = (_a = kids[0]) !== null && _a !== void 0 ? _a : proc.pid;
                    flags = (0, node_fs_1.readFileSync)("/proc/".concat(hubPid, "/cmdline"), 'utf8').split('\0').filter(function (a) { return a.startsWith('--max') || a.startsWith('--optimize'); }).join(' ');
                    return [2 /*return*/, {
                            url: url,
                            mode: 'up',
                            label: kids.length ? "agora up (waiting parent + hub child: node ".concat(flags, " serve.js)") : 'agora up (one process: bin/run.js up, no oclif)',
                            cpuUs: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                return [2 /*return*/, cpuOf(hubPid)];
                            }); }); },
                            mem: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                return [2 /*return*/, (__assign(__assign({}, memOf(hubPid)), (kids.length ? { cliRss: rssOf(proc.pid) } : {})))];
                            }); }); },
                            close: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        proc.kill('SIGTERM');
                                        return [4 /*yield*/, exited(proc)];
                                    case 1:
                                        _a.sent();
                                        return [2 /*return*/];
                                }
                            }); }); },
                        }];
            }
        });
    });
}
/** The previous baseline: hub-child.mjs (compiled dist when up to date, else source through tsx), no V8 flags. */
function startChild(db, adminKey) {
    return __awaiter(this, void 0, void 0, function () {
        var dist, fresh, useDist, _a, extra, execArgv, proc, url, ask;
        var _this = this;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    dist = (0, node_path_1.join)(HERE, '..', 'dist', 'index.js');
                    fresh = process.env.BENCH_TRUST_DIST === '1' || newest((0, node_path_1.join)(HERE, '..', 'dist')) >= newest((0, node_path_1.join)(HERE, '..', 'src'));
                    _a = fresh && (0, node_fs_1.existsSync)(dist);
                    if (!_a) return [3 /*break*/, 2];
                    return [4 /*yield*/, Promise.resolve("".concat(dist)).then(function (s) { return require(s); })];
                case 1:
                    _a = (_d.sent()).createHub !== undefined;
                    _d.label = 2;
                case 2:
                    useDist = _a;
                    extra = (_c = (_b = process.env.AGORA_HUB_NODE_OPTIONS) === null || _b === void 0 ? void 0 : _b.trim().split(/\s+/)) !== null && _c !== void 0 ? _c : [];
                    execArgv = __spreadArray(__spreadArray([], extra, true), (useDist ? ['--expose-gc'] : ['--expose-gc', '--import=tsx', '--conditions=agora-source']), true);
                    proc = (0, node_child_process_1.fork)((0, node_path_1.join)(HERE, 'hub-child.mjs'), [db, adminKey], { execArgv: execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
                    return [4 /*yield*/, new Promise(function (resolve, reject) {
                            proc.once('message', function (m) { return ((m === null || m === void 0 ? void 0 : m.type) === 'ready' ? resolve(m.url) : reject(new Error(JSON.stringify(m)))); });
                            proc.once('exit', function (code) { return reject(new Error("hub child exited with ".concat(code))); });
                        })];
                case 3:
                    url = _d.sent();
                    proc.removeAllListeners('exit');
                    ask = function (msg, type) { return new Promise(function (resolve) {
                        var on = function (m) { if ((m === null || m === void 0 ? void 0 : m.type) === type) {
                            proc.off('message', on);
                            resolve(m);
                        } };
                        proc.on('message', on);
                        proc.send(msg);
                    }); };
                    return [2 /*return*/, {
                            url: url,
                            mode: 'child',
                            label: "lean child (hub-child.mjs, no V8 flags, ".concat(useDist ? 'dist' : 'source via tsx: dist missing or older than src, RSS includes the tsx loader', ")"),
                            cpuUs: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ask('cpu', 'cpu')];
                                    case 1: return [2 /*return*/, (_a.sent()).us];
                                }
                            }); }); },
                            mem: function () { return ask('rss', 'rss'); },
                            profile: function (file, fn) { return __awaiter(_this, void 0, void 0, function () {
                                return __generator(this, function (_a) {
                                    switch (_a.label) {
                                        case 0: return [4 /*yield*/, ask({ type: 'profile-start' }, 'profiling')];
                                        case 1:
                                            _a.sent();
                                            _a.label = 2;
                                        case 2:
                                            _a.trys.push([2, , 4, 6]);
                                            return [4 /*yield*/, fn()];
                                        case 3: return [2 /*return*/, _a.sent()];
                                        case 4: return [4 /*yield*/, ask({ type: 'profile-stop', file: file }, 'profiled')];
                                        case 5:
                                            _a.sent();
                                            return [7 /*endfinally*/];
                                        case 6: return [2 /*return*/];
                                    }
                                });
                            }); },
                            // The child exits by itself after 'closed' (so --cpu-prof and friends can write); kill only a straggler.
                            close: function () { return __awaiter(_this, void 0, void 0, function () {
                                return __generator(this, function (_a) {
                                    switch (_a.label) {
                                        case 0:
                                            if (!proc.connected) return [3 /*break*/, 2];
                                            return [4 /*yield*/, ask('close', 'closed')];
                                        case 1:
                                            _a.sent();
                                            _a.label = 2;
                                        case 2: return [4 /*yield*/, Promise.race([exited(proc), new Promise(function (resolve) { return setTimeout(resolve, 10000).unref(); })])];
                                        case 3:
                                            _a.sent();
                                            proc.kill();
                                            return [4 /*yield*/, exited(proc)];
                                        case 4:
                                            _a.sent();
                                            return [2 /*return*/];
                                    }
                                });
                            }); },
                        }];
            }
        });
    });
}

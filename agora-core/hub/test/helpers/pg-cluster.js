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
exports.pgBinDir = pgBinDir;
exports.startCluster = startCluster;
exports.sharedCluster = sharedCluster;
exports.freshDatabase = freshDatabase;
exports.migratedDatabase = migratedDatabase;
// A throw-away PostgreSQL cluster for tests and benches: initdb into a temp dir, serve on a free
// 127.0.0.1 port with its socket in that dir, one database per suite, stopped and deleted on exit.
// It never touches a system cluster. initdb refuses to run as root, so as root every server
// command runs as the unprivileged `postgres` user (the OS package creates it) through runuser.
var node_child_process_1 = require("node:child_process");
var node_fs_1 = require("node:fs");
var node_net_1 = require("node:net");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var pg_1 = require("pg");
var PREFIX = 'agora-pg-';
/** The newest PostgreSQL server binaries: $AGORA_PG_BIN, else /usr/lib/postgresql/<newest>/bin, else null. */
function pgBinDir() {
    var fromEnv = process.env.AGORA_PG_BIN;
    if (fromEnv && (0, node_fs_1.existsSync)((0, node_path_1.join)(fromEnv, 'initdb')))
        return fromEnv;
    var root = '/usr/lib/postgresql';
    if (!(0, node_fs_1.existsSync)(root))
        return null;
    var versions = (0, node_fs_1.readdirSync)(root).filter(function (v) { return /^\d+$/.test(v); }).sort(function (a, b) { return Number(b) - Number(a); });
    for (var _i = 0, versions_1 = versions; _i < versions_1.length; _i++) {
        var v = versions_1[_i];
        if ((0, node_fs_1.existsSync)((0, node_path_1.join)(root, v, 'bin', 'initdb')))
            return (0, node_path_1.join)(root, v, 'bin');
    }
    return null;
}
function owner() {
    var _a;
    if (((_a = process.getuid) === null || _a === void 0 ? void 0 : _a.call(process)) !== 0)
        return null;
    var r = (0, node_child_process_1.spawnSync)('id', ['-u', 'postgres'], { encoding: 'utf8' });
    var g = (0, node_child_process_1.spawnSync)('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (r.status !== 0 || g.status !== 0) {
        throw new Error("running as root, initdb needs an unprivileged 'postgres' user: apt-get install -y postgresql creates it");
    }
    return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}
function run(bin, args, asUser) {
    var _a;
    var _b = asUser ? ['runuser', __spreadArray(['-u', 'postgres', '--', bin], args, true)] : [bin, args], cmd = _b[0], argv = _b[1];
    // stdio ignored: pg_ctl's postmaster inherits it, and a pipe would keep spawnSync waiting forever.
    var r = (0, node_child_process_1.spawnSync)(cmd, argv, { stdio: 'ignore', timeout: 60000 });
    if (r.status !== 0)
        throw new Error("".concat(bin, " ").concat(args.join(' '), " exited ").concat((_a = r.status) !== null && _a !== void 0 ? _a : r.signal));
}
function freePort() {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, new Promise(function (resolve, reject) {
                    var s = (0, node_net_1.createServer)();
                    s.once('error', reject);
                    s.listen(0, '127.0.0.1', function () {
                        var port = s.address().port;
                        s.close(function () { return resolve(port); });
                    });
                })];
        });
    });
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (_a) {
        return false;
    }
}
/** Stop and delete clusters whose owning process died without cleaning up (killed with -9). */
function reapOrphans(bin, asUser) {
    for (var _i = 0, _a = (0, node_fs_1.readdirSync)((0, node_os_1.tmpdir)()); _i < _a.length; _i++) {
        var name_1 = _a[_i];
        var m = name_1.startsWith(PREFIX) ? /^agora-pg-(\d+)-/.exec(name_1) : null;
        if (!m || alive(Number(m[1])))
            continue;
        var dir = (0, node_path_1.join)((0, node_os_1.tmpdir)(), name_1);
        if ((0, node_fs_1.existsSync)((0, node_path_1.join)(dir, 'data', 'postmaster.pid'))) {
            try {
                run((0, node_path_1.join)(bin, 'pg_ctl'), ['-D', (0, node_path_1.join)(dir, 'data'), '-m', 'immediate', 'stop'], asUser);
            }
            catch ( /* already gone */_b) { /* already gone */ }
        }
        (0, node_fs_1.rmSync)(dir, { recursive: true, force: true });
    }
}
/** Start a new cluster; the caller stops it (or process exit does). */
function startCluster() {
    return __awaiter(this, arguments, void 0, function (opts) {
        var bin, user, dir, data, port, asUser, stopped, stop, settings, conf, log, n, url;
        if (opts === void 0) { opts = {}; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    bin = pgBinDir();
                    if (!bin)
                        throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: apt-get install -y postgresql (or set AGORA_PG_BIN)');
                    user = owner();
                    reapOrphans(bin, user !== null);
                    dir = (0, node_fs_1.mkdtempSync)((0, node_path_1.join)((0, node_os_1.tmpdir)(), "".concat(PREFIX).concat(process.pid, "-")));
                    if (user)
                        (0, node_fs_1.chownSync)(dir, user.uid, user.gid);
                    data = (0, node_path_1.join)(dir, 'data');
                    return [4 /*yield*/, freePort()];
                case 1:
                    port = _a.sent();
                    asUser = user !== null;
                    stopped = false;
                    stop = function () {
                        if (stopped)
                            return;
                        stopped = true;
                        try {
                            run((0, node_path_1.join)(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], asUser);
                        }
                        catch ( /* never started */_a) { /* never started */ }
                        (0, node_fs_1.rmSync)(dir, { recursive: true, force: true });
                    };
                    process.once('exit', stop);
                    try {
                        run((0, node_path_1.join)(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], asUser);
                        settings = __spreadArray([
                            "port = ".concat(port),
                            "listen_addresses = '127.0.0.1'",
                            "unix_socket_directories = '".concat(dir, "'"),
                            'max_connections = 200'
                        ], (opts.durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']), true);
                        conf = (0, node_path_1.join)(data, 'postgresql.conf');
                        (0, node_fs_1.writeFileSync)(conf, "".concat((0, node_fs_1.readFileSync)(conf, 'utf8'), "\n# agora throw-away cluster\n").concat(settings.join('\n'), "\n"));
                        run((0, node_path_1.join)(bin, 'pg_ctl'), ['-D', data, '-l', (0, node_path_1.join)(dir, 'server.log'), '-w', '-t', '60', 'start'], asUser);
                    }
                    catch (err) {
                        log = (0, node_fs_1.existsSync)((0, node_path_1.join)(dir, 'server.log')) ? (0, node_fs_1.readFileSync)((0, node_path_1.join)(dir, 'server.log'), 'utf8').slice(-2000) : '';
                        stop();
                        throw new Error("".concat(err.message).concat(log ? "\n".concat(log) : ''));
                    }
                    n = 0;
                    url = function (database) { return "postgres://postgres@127.0.0.1:".concat(port, "/").concat(database); };
                    return [2 /*return*/, {
                            port: port,
                            dir: dir,
                            url: url,
                            stop: stop,
                            createDatabase: function () {
                                return __awaiter(this, arguments, void 0, function (prefix, template) {
                                    var name, client;
                                    if (prefix === void 0) { prefix = 'suite'; }
                                    return __generator(this, function (_a) {
                                        switch (_a.label) {
                                            case 0:
                                                name = "".concat(prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_'), "_").concat(process.pid, "_").concat(++n);
                                                client = new pg_1.default.Client({ connectionString: url('postgres') });
                                                return [4 /*yield*/, client.connect()];
                                            case 1:
                                                _a.sent();
                                                _a.label = 2;
                                            case 2:
                                                _a.trys.push([2, , 4, 6]);
                                                return [4 /*yield*/, client.query("CREATE DATABASE ".concat(name).concat(template ? " TEMPLATE ".concat(template) : ''))];
                                            case 3:
                                                _a.sent();
                                                return [3 /*break*/, 6];
                                            case 4: return [4 /*yield*/, client.end()];
                                            case 5:
                                                _a.sent();
                                                return [7 /*endfinally*/];
                                            case 6: return [2 /*return*/, url(name)];
                                        }
                                    });
                                });
                            },
                        }];
            }
        });
    });
}
var shared = null;
/** One cluster per test process, started on first use and stopped when the process exits. */
function sharedCluster() {
    shared !== null && shared !== void 0 ? shared : (shared = startCluster());
    return shared;
}
/** A fresh, empty database on the shared cluster, for one suite. */
function freshDatabase(prefix) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, sharedCluster()];
                case 1: return [2 /*return*/, (_a.sent()).createDatabase(prefix)];
            }
        });
    });
}
var template = null;
/**
 * A fresh database already at the hub's latest schema: a copy of one migrated template (a file
 * copy, ~4x faster than migrating each), for suites that start a hub per test. The hub still runs
 * its migrator at open and finds every step done.
 */
function migratedDatabase(prefix) {
    return __awaiter(this, void 0, void 0, function () {
        var cluster, _a, _b, _c;
        var _this = this;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, sharedCluster()];
                case 1:
                    cluster = _d.sent();
                    template !== null && template !== void 0 ? template : (template = (function () { return __awaiter(_this, void 0, void 0, function () {
                        var openPostgres, tpl;
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, Promise.resolve().then(function () { return require('../../src/db/open-pg.js'); })];
                                case 1:
                                    openPostgres = (_a.sent()).openPostgres;
                                    return [4 /*yield*/, cluster.createDatabase('agora_template')];
                                case 2:
                                    tpl = _a.sent();
                                    return [4 /*yield*/, openPostgres(tpl)];
                                case 3: return [4 /*yield*/, (_a.sent()).close()];
                                case 4:
                                    _a.sent();
                                    return [2 /*return*/, new URL(tpl).pathname.slice(1)];
                            }
                        });
                    }); })());
                    _b = (_a = cluster).createDatabase;
                    _c = [prefix];
                    return [4 /*yield*/, template];
                case 2: return [2 /*return*/, _b.apply(_a, _c.concat([_d.sent()]))];
            }
        });
    });
}

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
exports.TTL_MAX_S = exports.TTL_MIN_S = exports.TTL_DEFAULT_S = exports.LEASE_PREFIX = void 0;
exports.liveLeases = liveLeases;
exports.parsePaths = parsePaths;
exports.parseTtl = parseTtl;
exports.conflictsFor = conflictsFor;
exports.conflictSentence = conflictSentence;
exports.takeLeases = takeLeases;
exports.renewLeases = renewLeases;
exports.releaseLeases = releaseLeases;
var node_crypto_1 = require("node:crypto");
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var lease_paths_js_1 = require("./lease-paths.js");
var store_js_1 = require("./store.js");
var in_order_js_1 = require("./in-order.js");
/**
 * Workspace leases are `lease:` store rows (one per workspace, pattern and holder), written through
 * the CAS store so the ledger, mirror and backup carry them. The row lives in the channel it was
 * taken in (where to ask about it); conflicts are hub-wide because the repository is shared, not the room.
 */
exports.LEASE_PREFIX = 'lease:';
exports.TTL_DEFAULT_S = 1800;
exports.TTL_MIN_S = 10;
exports.TTL_MAX_S = 86400;
var PATHS_MAX = 200;
var short = function (text) { return (0, node_crypto_1.createHash)('sha256').update(text).digest('hex').slice(0, 16); };
var workspacePrefix = function (workspace) { return "".concat(exports.LEASE_PREFIX).concat(short(workspace), ":"); };
var leaseKey = function (workspace, path, holder) { return "".concat(workspacePrefix(workspace)).concat(short(path.toLowerCase()), ":").concat(holder); };
/**
 * The hook path reads a workspace's rows on every tool call, so they are kept parsed per workspace.
 * Every lease write goes through `write`/`remove` here and bumps the generation; Node runs one
 * request at a time, so a cached list is never older than the last write (a rolled-back write only
 * costs a reload).
 */
var cached = new WeakMap();
function cacheOf(ctx) {
    var c = cached.get(ctx);
    if (!c)
        cached.set(ctx, (c = { generation: 0, byWorkspace: new Map() }));
    return c;
}
var invalidate = function (ctx) { cacheOf(ctx).generation++; };
function remove(ctx, channel, key) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    invalidate(ctx);
                    return [4 /*yield*/, ctx.db.run('DELETE FROM store WHERE channel = ? AND key = ?', channel, key)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** Every lease row of a workspace, expired ones included (callers decide). */
function rows(ctx, workspace) {
    return __awaiter(this, void 0, void 0, function () {
        var c, hit, fresh;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    c = cacheOf(ctx);
                    hit = c.byWorkspace.get(workspace);
                    if (hit && hit.generation === c.generation)
                        return [2 /*return*/, hit.rows];
                    return [4 /*yield*/, readRows(ctx, workspace)];
                case 1:
                    fresh = _a.sent();
                    if (c.byWorkspace.size > 1000)
                        c.byWorkspace.clear();
                    c.byWorkspace.set(workspace, { generation: c.generation, rows: fresh });
                    return [2 /*return*/, fresh];
            }
        });
    });
}
function readRows(ctx, workspace) {
    return __awaiter(this, void 0, void 0, function () {
        var prefix, raw;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    prefix = workspacePrefix(workspace);
                    return [4 /*yield*/, ctx.db.all("SELECT channel, key, value_json, version FROM store WHERE key >= ? AND key < ?", prefix, "".concat(prefix, "\uFFFF"))];
                case 1:
                    raw = _a.sent();
                    return [2 /*return*/, raw.flatMap(function (r) {
                            var _a;
                            var v = r.value_json == null ? null : (0, protocol_1.toPlain)((0, protocol_1.parseJsonLossless)(r.value_json));
                            if (!v || v.workspace !== workspace)
                                return [];
                            return [{ workspace: workspace, path: String(v.path), holder: String(v.holder), mode: v.mode === 'shared' ? 'shared' : 'exclusive',
                                    channel: r.channel, taken_at: Number(v.taken_at), expires_at: Number(v.expires_at), note: String((_a = v.note) !== null && _a !== void 0 ? _a : ''), version: r.version }];
                        })];
            }
        });
    });
}
function liveLeases(ctx, workspace) {
    return __awaiter(this, void 0, void 0, function () {
        var now;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    now = ctx.now();
                    return [4 /*yield*/, rows(ctx, (0, lease_paths_js_1.normalizeWorkspace)(workspace))];
                case 1: return [2 /*return*/, (_a.sent()).filter(function (l) { return l.expires_at > now; }).sort(function (a, b) { return a.path.localeCompare(b.path) || a.holder.localeCompare(b.holder); })];
            }
        });
    });
}
/** Expired rows are released here, inside the write that notices them. */
function dropExpired(ctx, workspace) {
    return __awaiter(this, void 0, void 0, function () {
        var now, _i, _a, l;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    now = ctx.now();
                    _i = 0;
                    return [4 /*yield*/, rows(ctx, workspace)];
                case 1:
                    _a = _b.sent();
                    _b.label = 2;
                case 2:
                    if (!(_i < _a.length)) return [3 /*break*/, 5];
                    l = _a[_i];
                    if (!(l.expires_at <= now)) return [3 /*break*/, 4];
                    return [4 /*yield*/, remove(ctx, l.channel, leaseKey(workspace, l.path, l.holder))];
                case 3:
                    _b.sent();
                    _b.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5: return [2 /*return*/];
            }
        });
    });
}
function parsePaths(raw, required) {
    if (raw === undefined || raw === null) {
        if (required)
            (0, context_js_1.fail)(400, "paths is required: a list of repository-relative paths or globs such as ['src/api/**']");
        return null;
    }
    if (!Array.isArray(raw) || raw.length === 0)
        (0, context_js_1.fail)(400, "paths must be a non-empty list of repository-relative paths or globs such as ['src/api/**']");
    if (raw.length > PATHS_MAX)
        (0, context_js_1.fail)(400, "paths lists ".concat(raw.length, " entries; the limit is ").concat(PATHS_MAX, ", lease a parent directory or a glob instead"));
    return __spreadArray([], new Set(raw.map(function (p) { return (0, lease_paths_js_1.normalizePattern)(p); })), true);
}
function parseTtl(raw) {
    if (raw === undefined || raw === null)
        return exports.TTL_DEFAULT_S;
    if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < exports.TTL_MIN_S || raw > exports.TTL_MAX_S) {
        (0, context_js_1.fail)(400, "ttl_s must be a number of seconds from ".concat(exports.TTL_MIN_S, " to ").concat(exports.TTL_MAX_S, "; renew with a heartbeat rather than asking for more"));
    }
    return raw;
}
/** The other seats' leases that stand in the way of `holder` taking (or writing) these paths. */
function conflictsFor(ctx_1, workspace_1, paths_1, holder_1, mode_1) {
    return __awaiter(this, arguments, void 0, function (ctx, workspace, paths, holder, mode, pathsAreFiles) {
        var live;
        if (pathsAreFiles === void 0) { pathsAreFiles = false; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, liveLeases(ctx, workspace)];
                case 1:
                    live = (_a.sent()).filter(function (l) { return l.holder !== holder && (mode === 'exclusive' || l.mode === 'exclusive'); });
                    return [2 /*return*/, paths.flatMap(function (path) { return live.filter(function (l) { return (0, lease_paths_js_1.overlaps)(l.path, path, pathsAreFiles); }).map(function (lease) { return ({ path: path, lease: lease }); }); })];
            }
        });
    });
}
var clock = function (s) { return new Date(s * 1000).toISOString().slice(11, 16); };
/** "`src/api/**` is held by bob until 14:32 UTC (exclusive, #build)", one per conflict. */
function conflictSentence(conflicts, canSee) {
    var parts = conflicts.slice(0, 5).map(function (_a) {
        var path = _a.path, lease = _a.lease;
        var where = canSee(lease.channel) ? "#".concat(lease.channel) : 'a channel you are not in';
        var on = path === lease.path ? "`".concat(lease.path, "`") : "`".concat(path, "` (under `").concat(lease.path, "`)");
        return "".concat(on, " is held ").concat(lease.mode === 'shared' ? 'shared ' : '', "by ").concat(lease.holder, " until ").concat(clock(lease.expires_at), " UTC (").concat(where, ")");
    });
    if (conflicts.length > 5)
        parts.push("".concat(conflicts.length - 5, " more"));
    return parts.join('; ');
}
/** All or nothing: any conflict refuses the whole request and writes nothing. */
function takeLeases(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var workspace, paths, mode, ttl, note;
        var _this = this;
        var _a;
        return __generator(this, function (_b) {
            workspace = (0, lease_paths_js_1.normalizeWorkspace)(input.workspace);
            paths = parsePaths(input.paths, true);
            if (input.mode !== undefined && input.mode !== null && input.mode !== 'exclusive' && input.mode !== 'shared') {
                (0, context_js_1.fail)(400, "mode must be 'exclusive' (nobody else may hold it) or 'shared' (others may share, nobody may take it exclusively)");
            }
            mode = input.mode === 'shared' ? 'shared' : 'exclusive';
            ttl = parseTtl(input.ttl_s);
            if (input.note !== undefined && input.note !== null && typeof input.note !== 'string')
                (0, context_js_1.fail)(400, 'note must be a short string saying what the lease is for');
            note = (0, context_js_1.sanitize)(String((_a = input.note) !== null && _a !== void 0 ? _a : '')).slice(0, 200);
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var conflicts, now, mine, _a, leases;
                    var _this = this;
                    return __generator(this, function (_b) {
                        switch (_b.label) {
                            case 0: return [4 /*yield*/, dropExpired(ctx, workspace)];
                            case 1:
                                _b.sent();
                                return [4 /*yield*/, conflictsFor(ctx, workspace, paths, input.holder, mode)];
                            case 2:
                                conflicts = _b.sent();
                                if (conflicts.length > 0)
                                    return [2 /*return*/, { conflicts: conflicts }];
                                now = ctx.now();
                                _a = Map.bind;
                                return [4 /*yield*/, rows(ctx, workspace)];
                            case 3:
                                mine = new (_a.apply(Map, [void 0, (_b.sent()).filter(function (l) { return l.holder === input.holder; }).map(function (l) { return [l.path.toLowerCase(), l]; })]))();
                                return [4 /*yield*/, (0, in_order_js_1.mapInOrder)(paths, function (path) { return __awaiter(_this, void 0, void 0, function () {
                                        var previous, channel;
                                        var _a, _b;
                                        return __generator(this, function (_c) {
                                            previous = mine.get(path.toLowerCase());
                                            channel = (_a = previous === null || previous === void 0 ? void 0 : previous.channel) !== null && _a !== void 0 ? _a : input.channel;
                                            return [2 /*return*/, write(ctx, channel, { workspace: workspace, path: path, holder: input.holder, mode: mode, taken_at: (_b = previous === null || previous === void 0 ? void 0 : previous.taken_at) !== null && _b !== void 0 ? _b : now, expires_at: now + ttl, note: note || (previous === null || previous === void 0 ? void 0 : previous.note) || '' })];
                                        });
                                    }); })];
                            case 4:
                                leases = _b.sent();
                                return [2 /*return*/, { leases: leases }];
                        }
                    });
                }); })];
        });
    });
}
function write(ctx, channel, lease) {
    return __awaiter(this, void 0, void 0, function () {
        var stored;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    invalidate(ctx);
                    return [4 /*yield*/, (0, store_js_1.putValue)(ctx, { channel: channel, key: leaseKey(lease.workspace, lease.path, lease.holder), value: lease, actor: lease.holder,
                            operator: false, channelAdmin: false, leaseWrite: true })];
                case 1:
                    stored = _a.sent();
                    return [2 /*return*/, __assign(__assign({}, lease), { channel: channel, version: Number(stored.version) })];
            }
        });
    });
}
/** The caller's own live leases in a workspace, optionally narrowed to exact patterns (404 names the missing ones). */
function ownRows(ctx, workspace, paths, holder, verb) {
    return __awaiter(this, void 0, void 0, function () {
        var mine, wanted, found, missing;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, liveLeases(ctx, workspace)];
                case 1:
                    mine = (_a.sent()).filter(function (l) { return l.holder === holder; });
                    if (!paths)
                        return [2 /*return*/, mine];
                    wanted = new Set(paths.map(function (p) { return p.toLowerCase(); }));
                    found = mine.filter(function (l) { return wanted.has(l.path.toLowerCase()); });
                    missing = paths.filter(function (p) { return !found.some(function (l) { return l.path.toLowerCase() === p.toLowerCase(); }); });
                    if (missing.length > 0) {
                        (0, context_js_1.fail)(404, "".concat(holder, " holds no live lease on ").concat(missing.map(function (p) { return "'".concat(p, "'"); }).join(', '), " in this workspace, so there is nothing to ").concat(verb, "; take it again with `agora lease take` (list yours with `agora lease list --mine`)"));
                    }
                    return [2 /*return*/, found];
            }
        });
    });
}
/** Heartbeat: push the expiry of the caller's live leases out by ttl_s. An expired lease is gone, not renewable. */
function renewLeases(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var workspace, paths, ttl;
        var _this = this;
        return __generator(this, function (_a) {
            workspace = (0, lease_paths_js_1.normalizeWorkspace)(input.workspace);
            paths = parsePaths(input.paths, false);
            ttl = parseTtl(input.ttl_s);
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var now, _a;
                    var _this = this;
                    return __generator(this, function (_b) {
                        switch (_b.label) {
                            case 0:
                                now = ctx.now();
                                _a = in_order_js_1.mapInOrder;
                                return [4 /*yield*/, ownRows(ctx, workspace, paths, input.holder, 'renew')];
                            case 1: return [2 /*return*/, _a.apply(void 0, [_b.sent(), function (l) { return __awaiter(_this, void 0, void 0, function () {
                                        return __generator(this, function (_a) {
                                            return [2 /*return*/, write(ctx, l.channel, { workspace: workspace, path: l.path, holder: l.holder, mode: l.mode, taken_at: l.taken_at, expires_at: now + ttl, note: l.note })];
                                        });
                                    }); }])];
                        }
                    });
                }); })];
        });
    });
}
/** Release the caller's leases (all of them in the workspace when paths is omitted); operators may release a named holder's. */
function releaseLeases(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var workspace, paths;
        var _this = this;
        return __generator(this, function (_a) {
            workspace = (0, lease_paths_js_1.normalizeWorkspace)(input.workspace);
            paths = parsePaths(input.paths, false);
            if (input.holder !== input.caller && !input.asOperator)
                (0, context_js_1.fail)(403, "only ".concat(input.holder, " or an operator may release ").concat(input.holder, "'s leases; ask them in the lease's channel"));
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var gone, _i, gone_1, l;
                    return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, ownRows(ctx, workspace, paths, input.holder, 'release')];
                            case 1:
                                gone = _a.sent();
                                _i = 0, gone_1 = gone;
                                _a.label = 2;
                            case 2:
                                if (!(_i < gone_1.length)) return [3 /*break*/, 5];
                                l = gone_1[_i];
                                return [4 /*yield*/, remove(ctx, l.channel, leaseKey(workspace, l.path, l.holder))];
                            case 3:
                                _a.sent();
                                _a.label = 4;
                            case 4:
                                _i++;
                                return [3 /*break*/, 2];
                            case 5: return [4 /*yield*/, dropExpired(ctx, workspace)];
                            case 6:
                                _a.sent();
                                return [2 /*return*/, gone];
                        }
                    });
                }); })];
        });
    });
}

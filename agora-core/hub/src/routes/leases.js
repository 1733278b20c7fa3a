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
Object.defineProperty(exports, "__esModule", { value: true });
exports.leaseRoutes = leaseRoutes;
var express_1 = require("express");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var leases_js_1 = require("../services/leases.js");
var lease_paths_js_1 = require("../services/lease-paths.js");
var schemas_js_1 = require("../http/schemas.js");
var FIELDS = {
    take: ['workspace', 'paths', 'mode', 'ttl_s', 'note'],
    renew: ['workspace', 'paths', 'ttl_s'],
    release: ['workspace', 'paths', 'holder'],
    check: ['workspace', 'paths'],
};
function body(req, kind) {
    var b = req.body === undefined ? {} : req.body;
    if (!b || typeof b !== 'object' || Array.isArray(b))
        (0, context_js_1.fail)(400, 'send a JSON object body');
    var extra = Object.keys(b).filter(function (k) { return !FIELDS[kind].includes(k); });
    if (extra.length > 0)
        (0, context_js_1.fail)(400, "unknown field '".concat(extra[0], "'; this route takes ").concat(FIELDS[kind].join(', ')));
    // An optional field sent as null means absent, as on every other route (the reference's clients send them).
    return Object.fromEntries(Object.entries(b).filter(function (_a) {
        var v = _a[1];
        return v !== null;
    }));
}
/** Leases as the caller may see them: the channel of a room they are not in is withheld. */
function visible(ctx, me, lease) {
    return ctx.cache.isMember(lease.channel, me) ? lease : __assign(__assign({}, lease), { channel: '' });
}
function conflictRows(ctx, me, conflicts) {
    return conflicts.map(function (_a) {
        var path = _a.path, lease = _a.lease;
        return (__assign(__assign({}, visible(ctx, me, lease)), { requested: path }));
    });
}
/** Workspace leases (docs/protocol.md "Workspace leases"): take, renew, release, list, check. */
function leaseRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.post('/channels/:c/leases', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch, b, out, sentence;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    b = body(req, 'take');
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 3:
                    if ((_a.sent()) === 'archived')
                        (0, context_js_1.fail)(409, "'".concat(ch.name, "' is archived; take the lease in a live channel"));
                    return [4 /*yield*/, ctx.budgets.spendWrite(a.id, function () { return (0, leases_js_1.takeLeases)(ctx, { channel: ch.name, workspace: b.workspace, paths: b.paths, mode: b.mode, ttl_s: b.ttl_s, note: b.note, holder: a.id, operator: p.operator }); })];
                case 4:
                    out = _a.sent();
                    if (!('conflicts' in out)) return [3 /*break*/, 6];
                    return [4 /*yield*/, ctx.budgets.refundWriteToken(a.id)]; // nothing was leased
                case 5:
                    _a.sent(); // nothing was leased
                    sentence = (0, leases_js_1.conflictSentence)(out.conflicts, function (c) { return ctx.cache.isMember(c, a.id); });
                    (0, respond_js_1.send)(res, { detail: "nothing was leased: ".concat(sentence, "; ask the holder, wait for the expiry, or lease other paths"),
                        conflicts: conflictRows(ctx, a.id, out.conflicts) }, 409);
                    return [2 /*return*/];
                case 6:
                    (0, respond_js_1.send)(res, { leases: out.leases }, 201);
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/leases/renew', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, b, renewed;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    b = body(req, 'renew');
                    return [4 /*yield*/, ctx.budgets.spendWrite(a.id, function () { return (0, leases_js_1.renewLeases)(ctx, { workspace: b.workspace, paths: b.paths, ttl_s: b.ttl_s, holder: a.id }); })];
                case 2:
                    renewed = _b.sent();
                    (0, respond_js_1.send)(res, { leases: renewed.map(function (l) { return visible(ctx, a.id, l); }) });
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/leases/release', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, b, holder, released;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    b = body(req, 'release');
                    if (b.holder !== undefined && typeof b.holder !== 'string')
                        (0, context_js_1.fail)(400, 'holder must be a seat id');
                    holder = typeof b.holder === 'string' ? b.holder : a.id;
                    return [4 /*yield*/, ctx.budgets.spendWrite(a.id, function () { return (0, leases_js_1.releaseLeases)(ctx, { workspace: b.workspace, paths: b.paths, holder: holder, caller: a.id, asOperator: p.operator }); })];
                case 2:
                    released = _a.sent();
                    (0, respond_js_1.send)(res, { released: released.map(function (l) { return visible(ctx, a.id, l); }) });
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/leases', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, q, holder, leases;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    q = req.query;
                    (0, schemas_js_1.onlyQuery)(q, ['workspace', 'holder']);
                    if (typeof q.workspace !== 'string')
                        (0, context_js_1.fail)(400, 'pass ?workspace=<repository identity>; `agora lease list` computes it from the git root commit and remote');
                    holder = typeof q.holder === 'string' ? q.holder : null;
                    return [4 /*yield*/, (0, leases_js_1.liveLeases)(ctx, (0, lease_paths_js_1.normalizeWorkspace)(q.workspace))];
                case 2:
                    leases = (_b.sent()).filter(function (l) { return holder === null || l.holder === holder; });
                    (0, respond_js_1.send)(res, { workspace: q.workspace, now: ctx.now(), leases: leases.map(function (l) { return visible(ctx, a.id, l); }) });
                    return [2 /*return*/];
            }
        });
    }); });
    // The hook path: one indexed range read, no write, so it stays cheap on every tool call.
    r.post('/leases/check', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, b, workspace, conflicts;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    b = body(req, 'check');
                    workspace = (0, lease_paths_js_1.normalizeWorkspace)(b.workspace);
                    return [4 /*yield*/, (0, leases_js_1.conflictsFor)(ctx, workspace, (0, leases_js_1.parsePaths)(b.paths, true), a.id, 'exclusive', true)];
                case 2:
                    conflicts = (_b.sent()).filter(function (_a) {
                        var lease = _a.lease;
                        return lease.mode === 'exclusive';
                    });
                    (0, respond_js_1.send)(res, { workspace: workspace, clear: conflicts.length === 0, conflicts: conflictRows(ctx, a.id, conflicts),
                        detail: conflicts.length === 0 ? '' : (0, leases_js_1.conflictSentence)(conflicts, function (c) { return ctx.cache.isMember(c, a.id); }) });
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}

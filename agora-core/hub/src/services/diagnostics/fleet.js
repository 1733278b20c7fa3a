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
exports.fleetStatus = fleetStatus;
exports.adminStatus = adminStatus;
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("../context.js");
var pause_js_1 = require("../pause.js");
var delegations_js_1 = require("../governance/delegations.js");
var migrations_js_1 = require("../../db/migrations.js");
var version_js_1 = require("../../version.js");
var LIVE = new Set(['idle', 'working', 'active']);
/** GET /status: operators and reporting delegates see every live seat's presence, rooms and last post. */
function fleetStatus(ctx, p) {
    return __awaiter(this, void 0, void 0, function () {
        var lastPosts, _a, seats, live;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    if (!p.operator && !(0, delegations_js_1.reportingDelegates)(ctx).includes(p.id)) {
                        (0, context_js_1.fail)(403, 'fleet status is for operators and reporting delegates; ask an operator for a reporting delegation');
                    }
                    _a = Map.bind;
                    return [4 /*yield*/, ctx.db.all("SELECT sender, MAX(created_at) AS at FROM messages WHERE kind = 'message' GROUP BY sender")];
                case 1:
                    lastPosts = new (_a.apply(Map, [void 0, (_c.sent()).map(function (r) { return [r.sender, r.at]; })]))();
                    seats = __spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.retired_at == null; }).sort(function (a, b) { return a.id.localeCompare(b.id); }).map(function (a) {
                        var _a;
                        var presence = ctx.presence.row(a.id);
                        return {
                            agent_id: a.id, operator: a.operator, presence: presence.state, presence_at: presence.updated_at,
                            channels: ctx.cache.channelsOf(a.id).length, last_post_at: (_a = lastPosts.get(a.id)) !== null && _a !== void 0 ? _a : null,
                        };
                    });
                    live = seats.filter(function (s) { return LIVE.has(s.presence); }).length;
                    _b = { computed_at: ctx.now() };
                    return [4 /*yield*/, (0, pause_js_1.hubState)(ctx)];
                case 2: return [2 /*return*/, (_b.hub_state = _c.sent(), _b.counts = { seats: seats.length, live: live, offline: seats.length - live }, _b.seats = seats, _b)];
            }
        });
    });
}
/** GET /admin/status: the hub's own vital signs for the admin key. */
function adminStatus(ctx, startedAt) {
    return __awaiter(this, void 0, void 0, function () {
        var one, agents, channels;
        var _a, _b;
        var _this = this;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    one = function (sql) { return __awaiter(_this, void 0, void 0, function () { var _a; var _b, _c; return __generator(this, function (_d) {
                        switch (_d.label) {
                            case 0:
                                _a = Number;
                                return [4 /*yield*/, ctx.db.get(sql)];
                            case 1: return [2 /*return*/, _a.apply(void 0, [(_c = (_b = (_d.sent())) === null || _b === void 0 ? void 0 : _b.n) !== null && _c !== void 0 ? _c : 0])];
                        }
                    }); }); };
                    agents = __spreadArray([], ctx.cache.agents.values(), true);
                    channels = __spreadArray([], ctx.cache.channels.values(), true);
                    _a = {
                        version: version_js_1.HUB_VERSION, protocol: protocol_1.PROTOCOL, started_at: startedAt, uptime_seconds: Math.max(0, ctx.now() - startedAt)
                    };
                    return [4 /*yield*/, (0, pause_js_1.hubState)(ctx)];
                case 1:
                    _a.hub_state = _c.sent(),
                        _a.db = { dialect: ctx.db.dialect, path: ctx.opts.db, schema_version: migrations_js_1.SCHEMA_VERSION };
                    _b = {
                        agents: agents.filter(function (a) { return a.retired_at == null; }).length,
                        operators: agents.filter(function (a) { return a.retired_at == null && a.operator; }).length,
                        retired: agents.filter(function (a) { return a.retired_at != null && a.deleted_at == null; }).length,
                        deleted: agents.filter(function (a) { return a.deleted_at != null; }).length,
                        channels: channels.filter(function (c) { return c.archived_at == null && !c.name.startsWith('dm:'); }).length,
                        archived: channels.filter(function (c) { return c.archived_at != null; }).length,
                        dms: channels.filter(function (c) { return c.name.startsWith('dm:'); }).length
                    };
                    return [4 /*yield*/, one('SELECT COUNT(*) AS n FROM messages')];
                case 2:
                    _b.messages = _c.sent();
                    return [4 /*yield*/, one('SELECT COUNT(*) AS n FROM messages WHERE retracted_at IS NOT NULL')];
                case 3: return [2 /*return*/, (_a.counts = (_b.retracted = _c.sent(),
                        _b),
                        _a.live_seats = agents.filter(function (a) { return a.retired_at == null && LIVE.has(ctx.presence.row(a.id).state); }).length,
                        _a)];
            }
        });
    });
}

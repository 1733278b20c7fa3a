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
exports.Cache = void 0;
exports.agentFromRow = agentFromRow;
/**
 * Agents, channels and memberships mirrored in memory: every auth and membership check hits
 * these maps. All writes go through this process, so each mutation updates row and map together.
 */
var Cache = /** @class */ (function () {
    function Cache(db) {
        this.db = db;
        this.agents = new Map();
        this.byKey = new Map();
        this.channels = new Map();
        this.members = new Map();
        this.agentChannels = new Map();
        /**
         * agent -> its delegation rows in insertion order. The closure engine asks "which grant held
         * at time t" per reply on every surface; answering from memory keeps that engine synchronous.
         */
        this.grants = new Map();
    }
    Cache.prototype.load = function () {
        return __awaiter(this, void 0, void 0, function () {
            var db, _a, agents, channels, members, grants, _b, _i, agents_1, r, _c, grants_1, g, _d, channels_1, r, _e, members_1, r;
            var _f;
            return __generator(this, function (_g) {
                switch (_g.label) {
                    case 0:
                        db = this.db();
                        return [4 /*yield*/, db.all('SELECT * FROM agents')];
                    case 1:
                        _b = [
                            _g.sent()
                        ];
                        return [4 /*yield*/, db.all('SELECT * FROM channels')];
                    case 2:
                        _b = _b.concat([
                            _g.sent()
                        ]);
                        return [4 /*yield*/, db.all('SELECT channel, agent_id, role, joined_at FROM members')];
                    case 3:
                        _b = _b.concat([
                            _g.sent()
                        ]);
                        return [4 /*yield*/, db.all('SELECT agent_id, powers, granted_at, expires_at, note, scope, revoked_at FROM delegations ORDER BY granted_at')];
                    case 4:
                        _a = _b.concat([
                            _g.sent()
                        ]), agents = _a[0], channels = _a[1], members = _a[2], grants = _a[3];
                        // Cleared only after every read: a reload never leaves the maps half empty across an await.
                        this.agents.clear();
                        this.byKey.clear();
                        this.channels.clear();
                        this.members.clear();
                        this.agentChannels.clear();
                        this.grants.clear();
                        for (_i = 0, agents_1 = agents; _i < agents_1.length; _i++) {
                            r = agents_1[_i];
                            this.putAgent(agentFromRow(r));
                        }
                        for (_c = 0, grants_1 = grants; _c < grants_1.length; _c++) {
                            g = grants_1[_c];
                            this.addGrant(g);
                        }
                        for (_d = 0, channels_1 = channels; _d < channels_1.length; _d++) {
                            r = channels_1[_d];
                            this.channels.set(r.name, {
                                name: r.name, private: !!r.private, created_by: r.created_by,
                                created_at: r.created_at, archived_at: (_f = r.archived_at) !== null && _f !== void 0 ? _f : null,
                            });
                        }
                        for (_e = 0, members_1 = members; _e < members_1.length; _e++) {
                            r = members_1[_e];
                            this.addMember(r);
                        }
                        return [2 /*return*/];
                }
            });
        });
    };
    Cache.prototype.addGrant = function (g) {
        var list = this.grants.get(g.agent_id);
        if (!list)
            this.grants.set(g.agent_id, (list = []));
        list.push(__assign({}, g));
    };
    /** Mark the agent's unrevoked grants revoked at `at` (mirrors the UPDATE on delegations). */
    Cache.prototype.revokeGrants = function (agent, at) {
        var _a;
        for (var _i = 0, _b = (_a = this.grants.get(agent)) !== null && _a !== void 0 ? _a : []; _i < _b.length; _i++) {
            var g = _b[_i];
            if (g.revoked_at == null)
                g.revoked_at = at;
        }
    };
    Cache.prototype.putAgent = function (a) {
        this.agents.set(a.id, a);
        this.byKey.set(a.key_hash, a.id);
    };
    Cache.prototype.addMember = function (m) {
        var map = this.members.get(m.channel);
        if (!map)
            this.members.set(m.channel, (map = new Map()));
        map.set(m.agent_id, m);
        var set = this.agentChannels.get(m.agent_id);
        if (!set)
            this.agentChannels.set(m.agent_id, (set = new Set()));
        set.add(m.channel);
    };
    Cache.prototype.removeMember = function (channel, agent) {
        var _a, _b;
        (_a = this.members.get(channel)) === null || _a === void 0 ? void 0 : _a.delete(agent);
        (_b = this.agentChannels.get(agent)) === null || _b === void 0 ? void 0 : _b.delete(channel);
    };
    Cache.prototype.isMember = function (channel, agent) {
        var _a, _b;
        return (_b = (_a = this.members.get(channel)) === null || _a === void 0 ? void 0 : _a.has(agent)) !== null && _b !== void 0 ? _b : false;
    };
    Cache.prototype.channelsOf = function (agent) {
        var _a;
        return __spreadArray([], ((_a = this.agentChannels.get(agent)) !== null && _a !== void 0 ? _a : []), true);
    };
    Cache.prototype.membersOf = function (channel) {
        var _a, _b;
        return __spreadArray([], ((_b = (_a = this.members.get(channel)) === null || _a === void 0 ? void 0 : _a.values()) !== null && _b !== void 0 ? _b : []), true);
    };
    Cache.prototype.isOperator = function (id) {
        var _a, _b;
        return (_b = (_a = this.agents.get(id)) === null || _a === void 0 ? void 0 : _a.operator) !== null && _b !== void 0 ? _b : false;
    };
    return Cache;
}());
exports.Cache = Cache;
function agentFromRow(r) {
    var _a, _b, _c, _d, _e;
    return {
        id: r.id, name: (_a = r.name) !== null && _a !== void 0 ? _a : '', about: (_b = r.about) !== null && _b !== void 0 ? _b : '',
        mission: (_c = r.mission) !== null && _c !== void 0 ? _c : '', operator: !!r.operator, key_hash: r.key_hash,
        created_at: r.created_at, retired_at: (_d = r.retired_at) !== null && _d !== void 0 ? _d : null,
        deleted_at: (_e = r.deleted_at) !== null && _e !== void 0 ? _e : null,
    };
}

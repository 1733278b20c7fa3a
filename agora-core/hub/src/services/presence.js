"use strict";
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
exports.Presence = exports.STALE_STATE = exports.RECEPTION_WINDOW = exports.ACTIVE_WINDOW = void 0;
var context_js_1 = require("./context.js");
exports.ACTIVE_WINDOW = 600;
exports.RECEPTION_WINDOW = 2700;
exports.STALE_STATE = 120;
/** Presence comes from connections, held in memory. */
var Presence = /** @class */ (function () {
    function Presence(ctx) {
        this.ctx = ctx;
        this.seats = new Map();
    }
    Presence.prototype.seat = function (agent) {
        var s = this.seats.get(agent);
        if (!s)
            this.seats.set(agent, (s = { state: 'offline', updatedAt: 0, connections: 0, receptionAt: null }));
        return s;
    };
    Presence.prototype.connected = function (agent) {
        var s = this.seat(agent);
        s.connections++;
        if (s.state === 'offline')
            Object.assign(s, { state: 'idle', updatedAt: this.ctx.now() });
    };
    Presence.prototype.disconnected = function (agent) {
        var s = this.seat(agent);
        s.connections = Math.max(0, s.connections - 1);
        if (s.connections === 0)
            Object.assign(s, { state: 'offline', updatedAt: this.ctx.now() });
    };
    Presence.prototype.declare = function (agent, state) {
        Object.assign(this.seat(agent), { state: state, updatedAt: this.ctx.now() });
        return this.row(agent);
    };
    Presence.prototype.armReception = function (agent) {
        this.seat(agent).receptionAt = this.ctx.now();
    };
    /** When the seat last armed its reception heartbeat (an /owed call with X-Agora-Reception), or null. */
    Presence.prototype.receptionAt = function (agent) {
        var _a, _b;
        return (_b = (_a = this.seats.get(agent)) === null || _a === void 0 ? void 0 : _a.receptionAt) !== null && _b !== void 0 ? _b : null;
    };
    /** `{agent_id, state, updated_at}` as served. */
    Presence.prototype.row = function (agent) {
        var _a, _b;
        var s = this.seat(agent);
        var now = this.ctx.now();
        if (s.connections > 0)
            return { agent_id: agent, state: s.state, updated_at: s.updatedAt };
        var seen = (_a = this.ctx.lastSeen.get(agent)) !== null && _a !== void 0 ? _a : 0;
        if (now - seen <= exports.ACTIVE_WINDOW || (s.receptionAt != null && now - s.receptionAt <= exports.RECEPTION_WINDOW)) {
            return { agent_id: agent, state: 'active', updated_at: Math.max(seen, (_b = s.receptionAt) !== null && _b !== void 0 ? _b : 0) };
        }
        if (s.state !== 'offline' && now - s.updatedAt <= exports.STALE_STATE)
            return { agent_id: agent, state: s.state, updated_at: s.updatedAt };
        return { agent_id: agent, state: 'offline', updated_at: s.state === 'offline' ? s.updatedAt : 0 };
    };
    /** Yourself, seats you share a channel with, everyone for operators. */
    Presence.prototype.visibleTo = function (viewer, operator) {
        var _this = this;
        var ids = new Set([viewer]);
        var _loop_1 = function (a) {
            if (a.retired_at != null)
                return "continue";
            if (operator || this_1.ctx.cache.channelsOf(viewer).some(function (c) { return _this.ctx.cache.isMember(c, a.id); }))
                ids.add(a.id);
        };
        var this_1 = this;
        for (var _i = 0, _a = this.ctx.cache.agents.values(); _i < _a.length; _i++) {
            var a = _a[_i];
            _loop_1(a);
        }
        return __spreadArray([], ids, true).sort();
    };
    Presence.prototype.one = function (viewer, operator, agent) {
        if (!this.visibleTo(viewer, operator).includes(agent))
            (0, context_js_1.fail)(404, "no visible seat '".concat(agent, "'; presence is shared with seats in your channels"));
        return this.row(agent);
    };
    return Presence;
}());
exports.Presence = Presence;

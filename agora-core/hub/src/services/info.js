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
exports.channelSummary = channelSummary;
exports.memberList = memberList;
exports.channelInfo = channelInfo;
exports.listChannels = listChannels;
var store_js_1 = require("./store.js");
var channels_js_1 = require("./channels.js");
var fs_js_1 = require("./fs.js");
function channelSummary(ch) {
    return { name: ch.name, private: ch.private, created_by: ch.created_by, created_at: ch.created_at, archived_at: ch.archived_at };
}
function memberList(ctx, channel) {
    return ctx.cache.membersOf(channel).sort(function (a, b) { return a.joined_at - b.joined_at || a.agent_id.localeCompare(b.agent_id); }).map(function (m) {
        var _a, _b;
        var a = ctx.cache.agents.get(m.agent_id);
        return { channel: channel, agent_id: m.agent_id, role: m.role, about: (_a = a === null || a === void 0 ? void 0 : a.about) !== null && _a !== void 0 ? _a : '', mission: (_b = a === null || a === void 0 ? void 0 : a.mission) !== null && _b !== void 0 ? _b : '', joined_at: m.joined_at };
    });
}
/** GET /channels/{c}/info */
function channelInfo(ctx, ch) {
    return __awaiter(this, void 0, void 0, function () {
        var meta, charter, live;
        var _a;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, ch.name)];
                case 1:
                    meta = _d.sent();
                    return [4 /*yield*/, (0, store_js_1.getRow)(ctx, ch.name, "fs/".concat(fs_js_1.CHARTER_PATH))];
                case 2:
                    charter = _d.sent();
                    live = charter && charter.value_json != null && ((_b = (0, store_js_1.parseValue)(charter)) === null || _b === void 0 ? void 0 : _b.deleted) !== true;
                    _a = {
                        channel: channelSummary(ch),
                        meta: meta,
                        members: memberList(ctx, ch.name)
                    };
                    return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, ch.name)];
                case 3:
                    _a.response_sla_minutes = _d.sent(),
                        _a.language = (_c = meta.language) !== null && _c !== void 0 ? _c : 'plain';
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 4: return [2 /*return*/, (_a.state = _d.sent(),
                        _a.is_dm = (0, channels_js_1.isDm)(ch.name),
                        _a.charter = live ? { path: fs_js_1.CHARTER_PATH, version: charter.version, updated_by: charter.updated_by, updated_at: charter.updated_at } : null,
                        _a.phases = [],
                        _a)];
            }
        });
    });
}
/** GET /channels: the caller's memberships plus every public channel. */
function listChannels(ctx, agent, includeArchived) {
    return __awaiter(this, void 0, void 0, function () {
        var out, _i, _a, ch, member, head;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    out = [];
                    _i = 0, _a = ctx.cache.channels.values();
                    _d.label = 1;
                case 1:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    ch = _a[_i];
                    member = ctx.cache.isMember(ch.name, agent);
                    if (!member && ch.private)
                        return [3 /*break*/, 3];
                    if (ch.archived_at != null && !includeArchived)
                        return [3 /*break*/, 3];
                    return [4 /*yield*/, ctx.db.get('SELECT seq, created_at FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1', ch.name)];
                case 2:
                    head = _d.sent();
                    out.push({ name: ch.name, private: ch.private, created_by: ch.created_by, member: member, member_count: ctx.cache.membersOf(ch.name).length, last_seq: (_b = head === null || head === void 0 ? void 0 : head.seq) !== null && _b !== void 0 ? _b : 0, last_at: (_c = head === null || head === void 0 ? void 0 : head.created_at) !== null && _c !== void 0 ? _c : null,
                        archived: ch.archived_at != null });
                    _d.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, out.sort(function (a, b) { return String(a.name).localeCompare(String(b.name)); })];
            }
        });
    });
}

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
exports.transferOwner = transferOwner;
exports.archiveChannel = archiveChannel;
exports.unarchiveChannel = unarchiveChannel;
var context_js_1 = require("./context.js");
var channels_js_1 = require("./channels.js");
var messages_js_1 = require("./messages.js");
/** PUT /channels/{c}/owner: hand the room to a current member (docs/protocol.md#channels-dms-and-groups). */
function transferOwner(ctx, p, channel, to) {
    return __awaiter(this, void 0, void 0, function () {
        var ch, previous;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ch = (0, channels_js_1.requireChannel)(ctx, channel);
                    if ((0, channels_js_1.isDm)(ch.name))
                        (0, context_js_1.fail)(400, 'direct channels have no owner to transfer');
                    if (!(0, channels_js_1.isChannelAdmin)(ctx, ch, p.id, p.operator))
                        (0, context_js_1.fail)(403, "only the owner of '".concat(ch.name, "' or an operator can transfer it"));
                    if (!ctx.cache.agents.has(to))
                        (0, context_js_1.fail)(404, "no agent '".concat(to, "'"));
                    if (!ctx.cache.isMember(ch.name, to))
                        (0, context_js_1.fail)(409, "'".concat(to, "' is not a member of '").concat(ch.name, "'; invite them first, then transfer"));
                    previous = ch.created_by;
                    if (previous === to)
                        return [2 /*return*/, { channel: ch.name, owner: to, previous: previous, changed: false, by: p.id }];
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var old, next;
                            var _a, _b;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run('UPDATE channels SET created_by = ? WHERE name = ?', to, ch.name)];
                                    case 1:
                                        _c.sent();
                                        return [4 /*yield*/, ctx.db.run("UPDATE members SET role = 'member' WHERE channel = ? AND agent_id = ?", ch.name, previous)];
                                    case 2:
                                        _c.sent();
                                        return [4 /*yield*/, ctx.db.run("UPDATE members SET role = 'owner' WHERE channel = ? AND agent_id = ?", ch.name, to)];
                                    case 3:
                                        _c.sent();
                                        ch.created_by = to;
                                        old = (_a = ctx.cache.members.get(ch.name)) === null || _a === void 0 ? void 0 : _a.get(previous);
                                        if (old)
                                            old.role = 'member';
                                        next = (_b = ctx.cache.members.get(ch.name)) === null || _b === void 0 ? void 0 : _b.get(to);
                                        if (next)
                                            next.role = 'owner';
                                        return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, ch.name, "ownership of ".concat(ch.name, " passed from ").concat(previous, " to ").concat(to, " (by ").concat(p.id, ")"))];
                                    case 4:
                                        _c.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, { channel: ch.name, owner: to, previous: previous, changed: true, by: p.id }];
            }
        });
    });
}
/** POST /channels/{c}/archive: owner or operator; evicts everyone, keeps history, refuses posts and joins. */
function archiveChannel(ctx, p, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var ch, evicted;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ch = (0, channels_js_1.requireChannel)(ctx, channel);
                    if ((0, channels_js_1.isDm)(ch.name) || ch.name === 'commons')
                        (0, context_js_1.fail)(400, "'".concat(ch.name, "' cannot be archived"));
                    if (!(p.operator || ch.created_by === p.id))
                        (0, context_js_1.fail)(403, "only the owner of '".concat(ch.name, "' or an operator can archive it"));
                    if (ch.archived_at != null)
                        return [2 /*return*/, { channel: ch.name, archived: true, archived_at: ch.archived_at, evicted: [] }];
                    evicted = ctx.cache.membersOf(ch.name).map(function (m) { return m.agent_id; });
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var at, _i, evicted_1, a;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, ch.name, "channel archived by ".concat(p.id))];
                                    case 1:
                                        _a.sent();
                                        at = ctx.now();
                                        return [4 /*yield*/, ctx.db.run('UPDATE channels SET archived_at = ? WHERE name = ?', at, ch.name)];
                                    case 2:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM members WHERE channel = ?', ch.name)];
                                    case 3:
                                        _a.sent();
                                        for (_i = 0, evicted_1 = evicted; _i < evicted_1.length; _i++) {
                                            a = evicted_1[_i];
                                            ctx.cache.removeMember(ch.name, a);
                                        }
                                        ch.archived_at = at;
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, { channel: ch.name, archived: true, archived_at: ch.archived_at, evicted: evicted }];
            }
        });
    });
}
/** DELETE /channels/{c}/archive: operators only; the room reopens empty except for its owner. */
function unarchiveChannel(ctx, p, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var ch;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ch = (0, channels_js_1.requireChannel)(ctx, channel);
                    if (!p.operator)
                        (0, context_js_1.fail)(403, 'only an operator can unarchive a channel');
                    if (ch.archived_at == null)
                        return [2 /*return*/, { channel: ch.name, archived: false }];
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var owner;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run('UPDATE channels SET archived_at = NULL WHERE name = ?', ch.name)];
                                    case 1:
                                        _a.sent();
                                        ch.archived_at = null;
                                        owner = ctx.cache.agents.get(ch.created_by);
                                        if (!(owner && owner.retired_at == null)) return [3 /*break*/, 3];
                                        return [4 /*yield*/, ctx.db.run("INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, 'owner', ?) ON CONFLICT DO NOTHING", ch.name, owner.id, ctx.now())];
                                    case 2:
                                        _a.sent();
                                        ctx.cache.addMember({ channel: ch.name, agent_id: owner.id, role: 'owner', joined_at: ctx.now() });
                                        _a.label = 3;
                                    case 3: return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, ch.name, "channel unarchived by ".concat(p.id))];
                                    case 4:
                                        _a.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, { channel: ch.name, archived: false }];
            }
        });
    });
}

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
exports.DM_INVITE_REFUSAL = exports.RESERVED_CHANNELS = void 0;
exports.isDm = isDm;
exports.dmName = dmName;
exports.dmPeer = dmPeer;
exports.validateChannelName = validateChannelName;
exports.requireMember = requireMember;
exports.requireChannel = requireChannel;
exports.isChannelAdmin = isChannelAdmin;
exports.pauseGate = pauseGate;
exports.insertChannel = insertChannel;
exports.ensureCommons = ensureCommons;
exports.setCursor = setCursor;
exports.joinChannel = joinChannel;
exports.createChannel = createChannel;
exports.channelState = channelState;
exports.mintInvite = mintInvite;
exports.redeemInvite = redeemInvite;
exports.leaveChannel = leaveChannel;
exports.ensureDm = ensureDm;
var votes_js_1 = require("./reputation/votes.js");
var node_crypto_1 = require("node:crypto");
var context_js_1 = require("./context.js");
var messages_js_1 = require("./messages.js");
var pause_js_1 = require("./pause.js");
var store_js_1 = require("./store.js");
var fs_js_1 = require("./fs.js");
var agents_js_1 = require("./agents.js");
var delegations_js_1 = require("./governance/delegations.js");
var identifiers_js_1 = require("./identifiers.js");
var limits_js_1 = require("../limits.js");
exports.RESERVED_CHANNELS = new Set(['hub-alerts', 'hub']);
function isDm(name) {
    return name.startsWith('dm:');
}
function dmName(a, b) {
    var _a = [a, b].sort(), x = _a[0], y = _a[1];
    return "dm:".concat(x, "--").concat(y);
}
function dmPeer(name, me) {
    if (!isDm(name))
        return null;
    var _a = name.slice(3).split('--'), a = _a[0], b = _a[1];
    return a === me ? b : b === me ? a : null;
}
/** The channel name as the hub keeps it (NFC), or a 400 that says what to change. */
function validateChannelName(raw) {
    if (!raw)
        (0, context_js_1.fail)(400, 'channel name is empty; give it a name without spaces or slashes');
    var name = (0, identifiers_js_1.nfcIdentifier)(raw, 'channel name', "use letters, digits, '-', ':' or '#'");
    if (/[\/\s]/.test(name)) {
        (0, context_js_1.fail)(400, "channel name '".concat(name, "' contains a slash or a space; use letters, digits, '-', ':' or '#'"));
    }
    if (name === '.' || name === '..')
        (0, context_js_1.fail)(400, "'".concat(name, "' is not a channel name (it reads as a path); use letters, digits, '-', ':' or '#'"));
    var length = (0, identifiers_js_1.codePointLength)(name);
    if (length > limits_js_1.CHANNEL_NAME_MAX)
        (0, context_js_1.fail)(400, "channel name is ".concat(length, " characters; this hub caps names at ").concat(limits_js_1.CHANNEL_NAME_MAX, " (CHANNEL_NAME_MAX)"));
    if (name.startsWith('dm:'))
        (0, context_js_1.fail)(400, "channel names starting with 'dm:' are reserved for direct messages; use POST /dms/{peer}");
    if (exports.RESERVED_CHANNELS.has(name))
        (0, context_js_1.fail)(400, "channel name '".concat(name, "' is reserved by the hub; pick another name"));
    return name;
}
/** Membership gate for every channel read and write: 404 unknown, 403 not a member. */
function requireMember(ctx, channel, agent) {
    var ch = ctx.cache.channels.get(channel);
    if (!ch)
        (0, context_js_1.fail)(404, "channel '".concat(channel, "' does not exist; list yours with GET /channels"));
    if (!ctx.cache.isMember(channel, agent)) {
        (0, context_js_1.fail)(403, "you are not a member of '".concat(channel, "'; join it first (POST /channels/").concat(channel, "/join, with an invite token if it is private)"));
    }
    return ch;
}
function requireChannel(ctx, channel) {
    var ch = ctx.cache.channels.get(channel);
    if (!ch)
        (0, context_js_1.fail)(404, "channel '".concat(channel, "' does not exist; list yours with GET /channels"));
    return ch;
}
/** Operators, the owner, or a delegate whose ruling/operational/proxy grant is scoped to this channel or `*`. */
function isChannelAdmin(ctx, ch, agent, operator) {
    if (operator)
        return true;
    if (ch.created_by === agent && !isDm(ch.name))
        return true;
    return !isDm(ch.name) && (0, delegations_js_1.holdsChannelPower)(ctx, agent, ch.name, ['ruling', 'operational', 'proxy']);
}
function pauseGate(ctx, operator, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b, a, b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    if (operator)
                        return [2 /*return*/];
                    if (!ctx.pauseCache) return [3 /*break*/, 1];
                    _a = !ctx.pauseCache.some(function (p) { return p.until == null; });
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, pause_js_1.isPaused)(ctx)];
                case 2:
                    _a = !(_c.sent());
                    _c.label = 3;
                case 3:
                    // Warm cache: no await (a per-request await costs a promise on every post).
                    if (_a)
                        return [2 /*return*/];
                    if (channel && isDm(channel)) {
                        _b = channel.slice(3).split('--'), a = _b[0], b = _b[1];
                        if (ctx.cache.isOperator(a) || ctx.cache.isOperator(b))
                            return [2 /*return*/];
                    }
                    (0, context_js_1.fail)(423, 'the hub is paused by an operator; reads still work, retry this write after the pause is lifted');
                    return [2 /*return*/];
            }
        });
    });
}
function insertChannel(ctx, name, priv, createdBy) {
    return __awaiter(this, void 0, void 0, function () {
        var ch;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ch = { name: name, private: priv, created_by: createdBy, created_at: ctx.now(), archived_at: null };
                    return [4 /*yield*/, ctx.db.run('INSERT INTO channels (name, private, created_by, created_at) VALUES (?, ?, ?, ?)', name, priv ? 1 : 0, createdBy, ch.created_at)];
                case 1:
                    _a.sent();
                    ctx.cache.channels.set(name, ch);
                    return [2 /*return*/, ch];
            }
        });
    });
}
function ensureCommons(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!!ctx.cache.channels.has('commons')) return [3 /*break*/, 2];
                    return [4 /*yield*/, insertChannel(ctx, 'commons', false, 'hub')];
                case 1:
                    _a.sent();
                    _a.label = 2;
                case 2: return [2 /*return*/];
            }
        });
    });
}
function setCursor(ctx, agent, channel, seq) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run("INSERT INTO cursors (agent, channel, last_seq) VALUES (?, ?, ?)\n    ON CONFLICT (agent, channel) DO UPDATE SET last_seq = CASE WHEN excluded.last_seq > cursors.last_seq THEN excluded.last_seq ELSE cursors.last_seq END", agent, channel, seq)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** Add a member, post "<id> joined[ — about]", move their cursor to the head. */
function joinChannel(ctx_1, channel_1, agent_1, role_1) {
    return __awaiter(this, arguments, void 0, function (ctx, channel, agent, role, announce) {
        var _this = this;
        if (announce === void 0) { announce = true; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                        var m, about, _a, _b;
                        var _c;
                        return __generator(this, function (_d) {
                            switch (_d.label) {
                                case 0:
                                    m = { channel: channel, agent_id: agent, role: role, joined_at: ctx.now() };
                                    return [4 /*yield*/, ctx.db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', channel, agent, role, m.joined_at)];
                                case 1:
                                    _d.sent();
                                    ctx.cache.addMember(m);
                                    if (!announce) return [3 /*break*/, 3];
                                    about = (_c = ctx.cache.agents.get(agent)) === null || _c === void 0 ? void 0 : _c.about;
                                    return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, channel, about ? "".concat(agent, " joined \u2014 ").concat(about) : "".concat(agent, " joined"))];
                                case 2:
                                    _d.sent();
                                    _d.label = 3;
                                case 3:
                                    _a = setCursor;
                                    _b = [ctx, agent, channel];
                                    return [4 /*yield*/, (0, messages_js_1.headSeq)(ctx, channel)];
                                case 4: return [4 /*yield*/, _a.apply(void 0, _b.concat([_d.sent()]))];
                                case 5:
                                    _d.sent();
                                    return [2 /*return*/];
                            }
                        });
                    }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function createChannel(ctx, raw, priv, creator, operator) {
    return __awaiter(this, void 0, void 0, function () {
        var name;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    name = validateChannelName(raw);
                    if (ctx.cache.channels.has(name))
                        (0, context_js_1.fail)(409, "channel '".concat(name, "' already exists; join it or pick another name"));
                    return [4 /*yield*/, pauseGate(ctx, operator)];
                case 1:
                    _a.sent();
                    return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var ch, _a, _b;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0:
                                        // Checked again inside: a concurrent create of the same name commits first, this one gets the 409.
                                        if (ctx.cache.channels.has(name))
                                            (0, context_js_1.fail)(409, "channel '".concat(name, "' already exists; join it or pick another name"));
                                        return [4 /*yield*/, insertChannel(ctx, name, priv, creator)];
                                    case 1:
                                        ch = _c.sent();
                                        return [4 /*yield*/, ctx.db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?)', name, creator, 'owner', ch.created_at)];
                                    case 2:
                                        _c.sent();
                                        ctx.cache.addMember({ channel: name, agent_id: creator, role: 'owner', joined_at: ch.created_at });
                                        return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, name, "channel created by ".concat(creator))];
                                    case 3:
                                        _c.sent();
                                        return [4 /*yield*/, (0, fs_js_1.seedCharter)(ctx, name, creator)];
                                    case 4:
                                        _c.sent();
                                        _a = setCursor;
                                        _b = [ctx, creator, name];
                                        return [4 /*yield*/, (0, messages_js_1.headSeq)(ctx, name)];
                                    case 5: return [4 /*yield*/, _a.apply(void 0, _b.concat([_c.sent()]))];
                                    case 6:
                                        _c.sent();
                                        return [2 /*return*/, ch];
                                }
                            });
                        }); })];
            }
        });
    });
}
function channelState(ctx, ch) {
    return __awaiter(this, void 0, void 0, function () {
        var _a;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    if (ch.archived_at != null)
                        return [2 /*return*/, 'archived'];
                    if (!((_b = ctx.metaCache.get(ch.name)) !== null && _b !== void 0)) return [3 /*break*/, 1];
                    _a = _b;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, ch.name)];
                case 2:
                    _a = _c.sent();
                    _c.label = 3;
                case 3: return [2 /*return*/, (_a).state === 'closed' ? 'closed' : 'open'];
            }
        });
    });
}
exports.DM_INVITE_REFUSAL = 'a direct channel has exactly its two seats and takes no invites; open a DM with POST /dms/{peer}, or create a channel for more people';
function mintInvite(ctx, ch, by, agentId, ttl) {
    return __awaiter(this, void 0, void 0, function () {
        var token;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    // DMs are ownerless: nobody, not even an operator, mints an invite into one.
                    if (isDm(ch.name))
                        (0, context_js_1.fail)(403, exports.DM_INVITE_REFUSAL);
                    token = "invite_".concat((0, node_crypto_1.randomBytes)(24).toString('hex'));
                    return [4 /*yield*/, ctx.db.run("INSERT INTO invites (token_hash, channel, agent_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)", (0, agents_js_1.sha256Hex)(token), ch.name, agentId, by, ctx.now(), ctx.now() + ttl)];
                case 1:
                    _a.sent();
                    return [2 /*return*/, token];
            }
        });
    });
}
/** Check and consume an invite; refusals are 403 with the reason. */
function redeemInvite(ctx, channel, token, agent) {
    return __awaiter(this, void 0, void 0, function () {
        var row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT channel, agent_id, expires_at, used_at FROM invites WHERE token_hash = ?', (0, agents_js_1.sha256Hex)(token))];
                case 1:
                    row = _a.sent();
                    if (!row || row.channel !== channel)
                        (0, context_js_1.fail)(403, "that invite token is not valid for '".concat(channel, "'; ask the channel owner for a fresh invite"));
                    if (row.used_at != null)
                        (0, context_js_1.fail)(403, 'that invite token has already been used; invites are single-use, ask for a new one');
                    if (row.expires_at <= ctx.now())
                        (0, context_js_1.fail)(403, 'that invite token has expired; ask the channel owner for a new one');
                    if (row.agent_id && row.agent_id !== agent)
                        (0, context_js_1.fail)(403, "that invite token is bound to '".concat(row.agent_id, "', not you; ask for your own invite"));
                    return [4 /*yield*/, ctx.db.run('UPDATE invites SET used_at = ?, used_by = ? WHERE token_hash = ?', ctx.now(), agent, (0, agents_js_1.sha256Hex)(token))];
                case 2:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function leaveChannel(ctx, ch, agent) {
    return __awaiter(this, void 0, void 0, function () {
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', ch.name, agent)];
                                case 1:
                                    _a.sent();
                                    ctx.cache.removeMember(ch.name, agent);
                                    // Leaving drops the rater's votes in this channel (inside this transaction).
                                    return [4 /*yield*/, (0, votes_js_1.dropRaterVotes)(ctx, ch.name, agent)];
                                case 2:
                                    // Leaving drops the rater's votes in this channel (inside this transaction).
                                    _a.sent();
                                    return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, ch.name, "".concat(agent, " left"))];
                                case 3:
                                    _a.sent();
                                    return [2 /*return*/];
                            }
                        });
                    }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** Create `dm:a--b` lazily and idempotently, with both peers as members and nobody as owner. */
function ensureDm(ctx, me, peer) {
    return __awaiter(this, void 0, void 0, function () {
        var name, existing;
        var _this = this;
        return __generator(this, function (_a) {
            name = dmName(me, peer);
            existing = ctx.cache.channels.get(name);
            if (existing)
                return [2 /*return*/, existing];
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var opened, ch, _i, _a, a;
                    return __generator(this, function (_b) {
                        switch (_b.label) {
                            case 0:
                                opened = ctx.cache.channels.get(name);
                                if (opened)
                                    return [2 /*return*/, opened];
                                return [4 /*yield*/, insertChannel(ctx, name, true, 'hub')];
                            case 1:
                                ch = _b.sent();
                                _i = 0, _a = [me, peer];
                                _b.label = 2;
                            case 2:
                                if (!(_i < _a.length)) return [3 /*break*/, 5];
                                a = _a[_i];
                                return [4 /*yield*/, ctx.db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', name, a, 'member', ch.created_at)];
                            case 3:
                                _b.sent();
                                ctx.cache.addMember({ channel: name, agent_id: a, role: 'member', joined_at: ch.created_at });
                                _b.label = 4;
                            case 4:
                                _i++;
                                return [3 /*break*/, 2];
                            case 5: return [2 /*return*/, ch];
                        }
                    });
                }); })];
        });
    });
}

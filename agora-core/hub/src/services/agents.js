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
exports.RESERVED_IDS = exports.AGENT_ID_RE = void 0;
exports.sha256Hex = sha256Hex;
exports.safeEqual = safeEqual;
exports.validateAgentId = validateAgentId;
exports.cleanAbout = cleanAbout;
exports.cleanMission = cleanMission;
exports.authenticate = authenticate;
exports.activeHubBlock = activeHubBlock;
exports.requireSeat = requireSeat;
exports.requireAdmin = requireAdmin;
exports.registerAgent = registerAgent;
exports.publicAgent = publicAgent;
exports.setAbout = setAbout;
var node_crypto_1 = require("node:crypto");
var context_js_1 = require("./context.js");
var channels_js_1 = require("./channels.js");
exports.AGENT_ID_RE = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/;
exports.RESERVED_IDS = new Set(['hub', 'all']);
function sha256Hex(text) {
    return (0, node_crypto_1.createHash)('sha256').update(text, 'utf8').digest('hex');
}
function safeEqual(a, b) {
    var x = Buffer.from(a);
    var y = Buffer.from(b);
    return x.length === y.length && (0, node_crypto_1.timingSafeEqual)(x, y);
}
function validateAgentId(id) {
    if (id.includes('--'))
        (0, context_js_1.fail)(400, "agent id '".concat(id, "' contains '--', which is reserved as the DM separator; pick an id without a double dash"));
    if (!exports.AGENT_ID_RE.test(id)) {
        (0, context_js_1.fail)(400, "agent id '".concat(id, "' is invalid: use 1-64 lowercase letters, digits, '-' or '_', starting and ending with a letter or digit"));
    }
    if (exports.RESERVED_IDS.has(id))
        (0, context_js_1.fail)(400, "agent id '".concat(id, "' is reserved by the hub; pick another id"));
}
function cleanAbout(about) {
    var text = (0, context_js_1.sanitize)(about);
    if (text.length > 500)
        (0, context_js_1.fail)(400, "about is ".concat(text.length, " characters; the limit is 500, shorten it"));
    return text;
}
function cleanMission(mission) {
    var text = (0, context_js_1.sanitizeMultiline)(mission);
    if (text.length > 4000)
        (0, context_js_1.fail)(400, "mission is ".concat(text.length, " characters; the limit is 4000, shorten it"));
    return text;
}
/** Resolve a bearer token to a principal (docs/protocol.md#seats). */
function authenticate(ctx, header) {
    return __awaiter(this, void 0, void 0, function () {
        var token, id, agent, block;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!header || !header.startsWith('Bearer '))
                        (0, context_js_1.fail)(401, 'missing bearer token');
                    token = header.slice(7).trim();
                    if (safeEqual(token, ctx.opts.adminKey))
                        return [2 /*return*/, { id: 'operator', operator: true, admin: true, agent: null }];
                    id = ctx.cache.byKey.get(sha256Hex(token));
                    agent = id ? ctx.cache.agents.get(id) : undefined;
                    if (!agent)
                        (0, context_js_1.fail)(401, 'invalid api key');
                    if (agent.deleted_at != null)
                        (0, context_js_1.fail)(410, "seat '".concat(agent.id, "' was deleted by an operator; its id stays reserved and this key will never work again"));
                    return [4 /*yield*/, activeHubBlock(ctx, agent.id)];
                case 1:
                    block = _a.sent();
                    if (block) {
                        (0, context_js_1.fail)(403, "you are blocked from this hub by ".concat(block.imposed_by).concat(block.expires_at ? " until ".concat(new Date(block.expires_at * 1000).toISOString()) : ' with no expiry', "; ask an operator to lift it"));
                    }
                    if (agent.retired_at != null)
                        (0, context_js_1.fail)(403, "seat '".concat(agent.id, "' has been retired by an operator; ask an operator if this is unexpected"));
                    ctx.lastSeen.set(agent.id, ctx.now());
                    return [2 /*return*/, { id: agent.id, operator: agent.operator, admin: false, agent: agent }];
            }
        });
    });
}
function activeHubBlock(ctx, agent) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get("SELECT imposed_by, expires_at FROM blocks WHERE scope = 'hub' AND agent_id = ? AND lifted_at IS NULL\n    AND (expires_at IS NULL OR expires_at > ?) ORDER BY id DESC LIMIT 1", agent, ctx.now())];
                case 1: return [2 /*return*/, _a.sent()];
            }
        });
    });
}
function requireSeat(p) {
    if (!p.agent)
        (0, context_js_1.fail)(403, 'the admin key is not a seat; register one with POST /agents and call this route with its api_key');
    return p.agent;
}
function requireAdmin(p) {
    if (!p.admin)
        (0, context_js_1.fail)(403, 'this route needs the hub admin key as the bearer token');
}
function registerAgent(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var about, mission, name, existing, apiKey, agent;
        var _this = this;
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    validateAgentId(input.id);
                    about = cleanAbout((_a = input.about) !== null && _a !== void 0 ? _a : '');
                    mission = cleanMission((_b = input.mission) !== null && _b !== void 0 ? _b : '');
                    name = (0, context_js_1.sanitize)((_c = input.name) !== null && _c !== void 0 ? _c : '');
                    return [4 /*yield*/, ctx.db.get('SELECT retired_at FROM agents WHERE id = ?', input.id)];
                case 1:
                    existing = _d.sent();
                    if (existing) {
                        (0, context_js_1.fail)(409, existing.retired_at != null
                            ? "agent '".concat(input.id, "' is retired and ids are never recycled; register a different id")
                            : "agent '".concat(input.id, "' already exists; pick another id, or use the api_key issued when it was registered"));
                    }
                    return [4 /*yield*/, activeHubBlock(ctx, input.id)];
                case 2:
                    if (_d.sent())
                        (0, context_js_1.fail)(403, "agent id '".concat(input.id, "' is blocked from this hub; ask an operator to lift the block"));
                    apiKey = "agora_".concat((0, node_crypto_1.randomBytes)(24).toString('hex'));
                    agent = {
                        id: input.id,
                        name: name,
                        about: about,
                        mission: mission,
                        operator: input.operator === true, key_hash: sha256Hex(apiKey),
                        created_at: ctx.now(), retired_at: null, deleted_at: null,
                    };
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        // A concurrent registration of the same id commits first; this one gets the 409.
                                        if (ctx.cache.agents.has(agent.id))
                                            (0, context_js_1.fail)(409, "agent '".concat(input.id, "' already exists; pick another id, or use the api_key issued when it was registered"));
                                        return [4 /*yield*/, ctx.db.run("INSERT INTO agents (id, name, about, mission, operator, key_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)", agent.id, agent.name, agent.about, agent.mission, agent.operator ? 1 : 0, agent.key_hash, agent.created_at)];
                                    case 1:
                                        _a.sent();
                                        ctx.cache.putAgent(agent);
                                        return [4 /*yield*/, (0, channels_js_1.joinChannel)(ctx, 'commons', agent.id, 'member')];
                                    case 2:
                                        _a.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 3:
                    _d.sent();
                    return [2 /*return*/, { agent: publicAgent(agent), api_key: apiKey }];
            }
        });
    });
}
function publicAgent(a) {
    return { id: a.id, name: a.name, about: a.about, operator: a.operator, created_at: a.created_at };
}
function setAbout(ctx, agent, about) {
    return __awaiter(this, void 0, void 0, function () {
        var text;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    text = cleanAbout(about);
                    return [4 /*yield*/, ctx.db.run('UPDATE agents SET about = ? WHERE id = ?', text, agent.id)];
                case 1:
                    _a.sent();
                    agent.about = text;
                    return [2 /*return*/, publicAgent(agent)];
            }
        });
    });
}

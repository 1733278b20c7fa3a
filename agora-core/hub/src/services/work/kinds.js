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
exports.WORK_STATUSES = exports.WORK_ITEM = void 0;
exports.checkWorkKey = checkWorkKey;
var node_util_1 = require("node:util");
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("../context.js");
var store_js_1 = require("../store.js");
var delegations_js_1 = require("../governance/delegations.js");
var work_rows_js_1 = require("../sweeps/work-rows.js");
/** `work:<pkg>-<n>`: a package slug, a dash, a number. */
exports.WORK_ITEM = /^[a-z0-9][a-z0-9._]*(?:-[a-z0-9._]+)*-[0-9]+$/;
exports.WORK_STATUSES = ['proposed', 'planned', 'completed', 'deprecated'];
var SEAT_LIST_MAX = 8;
var TEXT_MAX = 500;
function object(value, key, example) {
    var v = (0, protocol_1.toPlain)(value);
    if (!v || typeof v !== 'object' || Array.isArray(v))
        (0, context_js_1.fail)(400, "".concat(key, " must be a JSON object, e.g. ").concat(example));
    return __assign({}, v);
}
function text(v, field, key, max) {
    if (max === void 0) { max = TEXT_MAX; }
    if (v[field] === undefined || v[field] === null)
        return;
    if (typeof v[field] !== 'string')
        (0, context_js_1.fail)(400, "".concat(key, ".").concat(field, " must be a string"));
    var s = (0, context_js_1.sanitize)(v[field]);
    if (s.length > max)
        (0, context_js_1.fail)(400, "".concat(key, ".").concat(field, " is ").concat(s.length, " characters; the limit is ").concat(max));
    v[field] = s;
}
/** A seat id that must be a live member of the room (a row naming an outsider would ring nobody). */
function member(ctx, channel, id, what) {
    if (typeof id !== 'string' || !ctx.cache.isMember(channel, id)) {
        (0, context_js_1.fail)(400, "".concat(what, " names '").concat(String(id).slice(0, 64), "', who is not a member of '").concat(channel, "'; name a member or invite them first"));
    }
    return id;
}
/** claim: park/wait fields (V3). The owner and cadence rules stay in the store write itself. */
function claim(ctx, input, v) {
    var channel = input.channel, key = input.key;
    text(v, 'blocked_on', key);
    text(v, 'needs', key);
    if (v.needs_from !== undefined && v.needs_from !== null) {
        var list = typeof v.needs_from === 'string' ? [v.needs_from] : v.needs_from;
        if (!Array.isArray(list) || list.length === 0 || list.length > SEAT_LIST_MAX)
            (0, context_js_1.fail)(400, "".concat(key, ".needs_from must be a seat id or a list of 1-").concat(SEAT_LIST_MAX, " seat ids"));
        list.forEach(function (id) { return member(ctx, channel, id, "".concat(key, ".needs_from")); });
    }
    if (v.waiting_on !== undefined && v.waiting_on !== null) {
        var w = v.waiting_on;
        var shape = "".concat(key, ".waiting_on must be {channel, key, at_version}: the row this claim resumes on once its version passes at_version");
        if (!w || typeof w !== 'object' || Array.isArray(w))
            (0, context_js_1.fail)(400, shape);
        var wo = w;
        var extra = Object.keys(wo).filter(function (k) { return !['channel', 'key', 'at_version'].includes(k); });
        if (extra.length || typeof wo.channel !== 'string' || typeof wo.key !== 'string' || typeof wo.at_version !== 'number'
            || !Number.isInteger(wo.at_version) || wo.at_version < 0)
            (0, context_js_1.fail)(400, shape);
        if (!ctx.cache.isMember(wo.channel, input.actor))
            (0, context_js_1.fail)(403, "".concat(key, ".waiting_on names '").concat(wo.channel, "', which you are not a member of; wait on a row you can read"));
    }
    if (v.source_message_id !== undefined && v.source_message_id !== null) {
        var s = v.source_message_id;
        if (typeof s !== 'string' || !(/^[0-9A-HJKMNP-TV-Z]{26}$/.test(s) || /^[^#\s]{1,128}#[1-9][0-9]{0,15}$/.test(s))) {
            (0, context_js_1.fail)(400, "".concat(key, ".source_message_id must be a message id or '<channel>#<seq>'"));
        }
    }
}
function phase(ctx, input, v, current) {
    return __awaiter(this, void 0, void 0, function () {
        var channel, key, actor, operator, ch, steward, allowed, _i, _a, f, gated, gate, g, stamps, strip, same;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    channel = input.channel, key = input.key, actor = input.actor, operator = input.operator;
                    ch = ctx.cache.channels.get(channel);
                    steward = current && typeof current.steward === 'string' ? current.steward : null;
                    allowed = operator || (ch === null || ch === void 0 ? void 0 : ch.created_by) === actor || steward === actor || (0, delegations_js_1.holdsChannelPower)(ctx, actor, channel, ['ruling', 'operational']);
                    if (!allowed)
                        (0, context_js_1.fail)(403, "".concat(key, " is written by the room's owner, an operator, a ruling/operational delegate or its steward").concat(steward ? " ('".concat(steward, "')") : '', "; ask one of them"));
                    if (v.steward !== undefined && v.steward !== null)
                        member(ctx, channel, v.steward, "".concat(key, ".steward"));
                    for (_i = 0, _a = ['status', 'current', 'next', 'next_step']; _i < _a.length; _i++) {
                        f = _a[_i];
                        text(v, f, key);
                    }
                    return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, channel)];
                case 1:
                    gated = (_b = (_c.sent()).gated_acts) === null || _b === void 0 ? void 0 : _b.includes('phase_complete');
                    if (!(gated && (0, work_rows_js_1.isTerminal)(v) && !(current && (0, work_rows_js_1.isTerminal)(current)))) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, "gate:".concat(key))];
                case 2:
                    gate = _c.sent();
                    g = gate ? (0, protocol_1.toPlain)((0, store_js_1.parseValue)(gate)) : null;
                    if (!g || g.approved !== true) {
                        (0, context_js_1.fail)(409, "completing ".concat(key, " is gated in '").concat(channel, "' (gated_acts: phase_complete); the owner or a proxy approves with PUT /channels/").concat(channel, "/store/gate:").concat(key, " {\"value\":{\"approved\":true}}"));
                    }
                    _c.label = 3;
                case 3:
                    stamps = ['declared_by', 'declared_at'];
                    strip = function (o) { return o && Object.fromEntries(Object.entries(o).filter(function (_a) {
                        var k = _a[0];
                        return !stamps.includes(k);
                    })); };
                    same = current && (0, node_util_1.isDeepStrictEqual)(strip(v), strip(current));
                    v.declared_by = same ? current.declared_by : actor;
                    v.declared_at = same ? current.declared_at : ctx.now();
                    return [2 /*return*/];
            }
        });
    });
}
/**
 * The hub-enforced rules of the work-plane key kinds (docs: hub README "Work plane"). Returns the value
 * to store and the version the write must still find: for rows guarded by who may write them, a write
 * without expect_version is pinned to the version this check read, so a concurrent change gives 409
 * instead of slipping past the check.
 */
function checkWorkKey(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var channel, key, actor, operator, kind, row, current, pinned, _a, plain, v_1, v, ch, v, plain, t, item, v;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    channel = input.channel, key = input.key, actor = input.actor, operator = input.operator;
                    kind = key.slice(0, key.indexOf(':') + 1);
                    if (!['claim:', 'phase:', 'gate:', 'queue:', 'ruling:', 'work:'].includes(kind))
                        return [2 /*return*/, { value: input.value, expectVersion: input.expectVersion }];
                    return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, key)];
                case 1:
                    row = _d.sent();
                    current = row ? (0, protocol_1.toPlain)((0, store_js_1.parseValue)(row)) : null;
                    pinned = (_c = (_b = input.expectVersion) !== null && _b !== void 0 ? _b : row === null || row === void 0 ? void 0 : row.version) !== null && _c !== void 0 ? _c : 0;
                    _a = kind;
                    switch (_a) {
                        case 'claim:': return [3 /*break*/, 2];
                        case 'phase:': return [3 /*break*/, 3];
                        case 'gate:': return [3 /*break*/, 5];
                        case 'queue:': return [3 /*break*/, 6];
                        case 'ruling:': return [3 /*break*/, 7];
                    }
                    return [3 /*break*/, 8];
                case 2:
                    {
                        plain = (0, protocol_1.toPlain)(input.value);
                        if (!plain || typeof plain !== 'object' || Array.isArray(plain))
                            return [2 /*return*/, { value: input.value, expectVersion: input.expectVersion }];
                        v_1 = __assign({}, plain);
                        if (!['blocked_on', 'needs', 'needs_from', 'waiting_on', 'source_message_id'].some(function (f) { return v_1[f] !== undefined; })) {
                            return [2 /*return*/, { value: input.value, expectVersion: input.expectVersion }];
                        }
                        claim(ctx, input, v_1);
                        return [2 /*return*/, { value: v_1, expectVersion: input.expectVersion }];
                    }
                    _d.label = 3;
                case 3:
                    v = object(input.value, key, '{"steward":"bob","status":"building","next":"wire the parser"}');
                    return [4 /*yield*/, phase(ctx, input, v, current && typeof current === 'object' ? current : null)];
                case 4:
                    _d.sent();
                    return [2 /*return*/, { value: v, expectVersion: pinned }];
                case 5:
                    {
                        ch = ctx.cache.channels.get(channel);
                        if (!(operator || (ch === null || ch === void 0 ? void 0 : ch.created_by) === actor || (0, delegations_js_1.holdsChannelPower)(ctx, actor, channel, ['proxy']))) {
                            (0, context_js_1.fail)(403, "gate: rows are the room owner's approvals (or a proxy delegate's); ask the owner of '".concat(channel, "'"));
                        }
                        v = object(input.value, key, '{"approved":true,"note":"looks right"}');
                        if (typeof v.approved !== 'boolean')
                            (0, context_js_1.fail)(400, "".concat(key, ".approved must be true or false"));
                        text(v, 'note', key, 200);
                        return [2 /*return*/, { value: v, expectVersion: pinned }];
                    }
                    _d.label = 6;
                case 6:
                    if (!operator && !(0, delegations_js_1.reportsIn)(ctx, actor, channel))
                        (0, context_js_1.fail)(403, "queue: rows are kept by operators and reporting delegates; post your request in '".concat(channel, "' instead"));
                    return [2 /*return*/, { value: input.value, expectVersion: pinned }];
                case 7:
                    {
                        if (!operator)
                            (0, context_js_1.fail)(403, "ruling: rows are operator rulings; ask an operator (agora rulings lists the standing ones)");
                        plain = (0, protocol_1.toPlain)(input.value);
                        t = typeof plain === 'string' ? plain : plain && typeof plain === 'object' && !Array.isArray(plain) ? plain.text : undefined;
                        if (typeof t !== 'string' || (0, context_js_1.sanitize)(t).length === 0)
                            (0, context_js_1.fail)(400, "".concat(key, " must be the ruling's text, or an object with a non-empty text field"));
                        if (t.length > 4000)
                            (0, context_js_1.fail)(400, "".concat(key, " text is ").concat(t.length, " characters; the limit is 4000"));
                        return [2 /*return*/, { value: input.value, expectVersion: pinned }];
                    }
                    _d.label = 8;
                case 8:
                    {
                        item = key.slice('work:'.length);
                        if (!exports.WORK_ITEM.test(item))
                            (0, context_js_1.fail)(400, "work keys are work:<package>-<n> (e.g. work:parser-12); '".concat(item.slice(0, 64), "' is not"));
                        v = object(input.value, key, '{"status":"planned","title":"streaming parser"}');
                        if (!exports.WORK_STATUSES.includes(v.status))
                            (0, context_js_1.fail)(400, "".concat(key, ".status must be one of ").concat(exports.WORK_STATUSES.join(', ')));
                        text(v, 'title', key, 200);
                        return [2 /*return*/, { value: v, expectVersion: input.expectVersion }];
                    }
                    _d.label = 9;
                case 9: return [2 /*return*/];
            }
        });
    });
}

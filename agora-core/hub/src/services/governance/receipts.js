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
exports.HUB_READ_WITH = void 0;
exports.receiptOf = receiptOf;
exports.recordReceipt = recordReceipt;
exports.seatView = seatView;
exports.hubCharterPointer = hubCharterPointer;
exports.readCharter = readCharter;
exports.hubPartIfBehind = hubPartIfBehind;
exports.charterGate = charterGate;
exports.owedCharters = owedCharters;
exports.receiptsFor = receiptsFor;
exports.channelCharterReceipts = channelCharterReceipts;
var context_js_1 = require("../context.js");
var fs_js_1 = require("../fs.js");
var store_js_1 = require("../store.js");
var channels_js_1 = require("../channels.js");
var delegations_js_1 = require("./delegations.js");
var texts_js_1 = require("./texts.js");
var in_order_js_1 = require("../in-order.js");
exports.HUB_READ_WITH = 'read_charter() / GET /charter';
var channelReadWith = function (c) { return "read_charter(channel=\"".concat(c, "\") / GET /channels/").concat(c, "/charter"); };
function receiptOf(ctx, agent, scope) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT version, read_at, view FROM charter_receipts WHERE agent = ? AND scope = ?', agent, scope)];
                case 1: return [2 /*return*/, _a.sent()];
            }
        });
    });
}
/** Reading records delivery: the version served and which slice (`full` when the whole text was served). */
function recordReceipt(ctx, agent, scope, version, view) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run("INSERT INTO charter_receipts (agent, scope, version, read_at, view) VALUES (?, ?, ?, ?, ?)\n    ON CONFLICT (agent, scope) DO UPDATE SET version = CASE WHEN excluded.version > charter_receipts.version THEN excluded.version ELSE charter_receipts.version END, read_at = excluded.read_at,\n    view = excluded.view", agent, scope, version, ctx.now(), view)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** The seat's kinds in order: member, owner (owns a live room), delegate (active grant); operators get all four. */
function seatView(ctx, a) {
    if (a.operator)
        return ['member', 'owner', 'delegate', 'operator'];
    var view = ['member'];
    if (__spreadArray([], ctx.cache.channels.values(), true).some(function (c) { return c.created_by === a.id && c.archived_at == null; }))
        view.push('owner');
    if ((0, delegations_js_1.activeGrant)(ctx, a.id))
        view.push('delegate');
    return view;
}
function viewCovers(served, view) {
    if (served === 'full')
        return true;
    var kinds = new Set(served.split(',').filter(Boolean));
    return view.every(function (k) { return kinds.has(k); });
}
/** whoami.hub_charter: a pointer, never the text. */
function hubCharterPointer(ctx, a) {
    return __awaiter(this, void 0, void 0, function () {
        var cur, r, view, current, viewCurrent;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, (0, texts_js_1.currentText)(ctx, 'charter')];
                case 1:
                    cur = _b.sent();
                    return [4 /*yield*/, receiptOf(ctx, a.id, 'hub')];
                case 2:
                    r = _b.sent();
                    view = seatView(ctx, a);
                    current = r !== undefined && r.version >= cur.version;
                    viewCurrent = current && viewCovers(r.view, view);
                    return [2 /*return*/, __assign({ version: cur.version, your_receipt: (_a = r === null || r === void 0 ? void 0 : r.version) !== null && _a !== void 0 ? _a : null, current: current, view: view, view_current: viewCurrent, read_with: exports.HUB_READ_WITH }, (current && !viewCurrent ? { note: 'your seat kinds changed since you read it; read it again for your current slice' } : {}))];
            }
        });
    });
}
/** GET /charter[?full]: the seat's slice (or the whole text), recording a receipt. */
function readCharter(ctx, a, full) {
    return __awaiter(this, void 0, void 0, function () {
        var cur, view, slice;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, texts_js_1.currentText)(ctx, 'charter')];
                case 1:
                    cur = _a.sent();
                    view = seatView(ctx, a);
                    slice = full ? { text: cur.text, sliced: false } : (0, texts_js_1.sliceFor)(cur.text, view);
                    return [4 /*yield*/, recordReceipt(ctx, a.id, 'hub', cur.version, slice.sliced ? view.join(',') : 'full')];
                case 2:
                    _a.sent();
                    return [2 /*return*/, { version: cur.version, text: slice.text, sliced: slice.sliced, view: view, your_receipt: cur.version, current: true,
                            updated_by: cur.updated_by, updated_at: cur.updated_at }];
            }
        });
    });
}
/** The hub charter text to inline in a channel charter read when the reader is behind (records nothing). */
function hubPartIfBehind(ctx_1, a_1) {
    return __awaiter(this, arguments, void 0, function (ctx, a, full) {
        var cur, r, slice;
        if (full === void 0) { full = false; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, texts_js_1.currentText)(ctx, 'charter')];
                case 1:
                    cur = _a.sent();
                    return [4 /*yield*/, receiptOf(ctx, a.id, 'hub')];
                case 2:
                    r = _a.sent();
                    if (r && r.version >= cur.version)
                        return [2 /*return*/, null];
                    slice = full ? { text: cur.text, sliced: false } : (0, texts_js_1.sliceFor)(cur.text, seatView(ctx, a));
                    return [2 /*return*/, { version: cur.version, text: slice.text, sliced: slice.sliced }];
            }
        });
    });
}
function liveCharterVersion(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var row;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, "fs/".concat(fs_js_1.CHARTER_PATH))];
                case 1:
                    row = _b.sent();
                    if (!row || row.value_json == null || ((_a = (0, store_js_1.parseValue)(row)) === null || _a === void 0 ? void 0 : _a.deleted) === true)
                        return [2 /*return*/, null];
                    return [2 /*return*/, row.version];
            }
        });
    });
}
/** The charter gate of the post pipeline: a `norms_required` room refuses posts until the sender's receipt is current. */
function charterGate(ctx, channel, sender) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b, version, have;
        var _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    _a = (0, channels_js_1.isDm)(channel);
                    if (_a) return [3 /*break*/, 4];
                    if (!((_c = ctx.metaCache.get(channel)) !== null && _c !== void 0)) return [3 /*break*/, 1];
                    _b = _c;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, channel)];
                case 2:
                    _b = _f.sent();
                    _f.label = 3;
                case 3:
                    _a = !(_b).norms_required;
                    _f.label = 4;
                case 4:
                    if (_a)
                        return [2 /*return*/];
                    return [4 /*yield*/, liveCharterVersion(ctx, channel)];
                case 5:
                    version = _f.sent();
                    if (version === null)
                        return [2 /*return*/];
                    return [4 /*yield*/, receiptOf(ctx, sender, channel)];
                case 6:
                    have = (_e = (_d = (_f.sent())) === null || _d === void 0 ? void 0 : _d.version) !== null && _e !== void 0 ? _e : null;
                    if (have !== null && have >= version)
                        return [2 /*return*/];
                    (0, context_js_1.fail)(409, "'".concat(channel, "' requires reading its charter (version ").concat(version, ") before posting; you have ").concat(have === null ? 'not read it' : "read version ".concat(have), ", read it with ").concat(channelReadWith(channel), " and retry"));
                    return [2 /*return*/];
            }
        });
    });
}
/** /owed.charters: one row per charter the seat is behind on. */
function owedCharters(ctx, a) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, hub, behind, _i, behind_1, b, _a, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    rows = [];
                    return [4 /*yield*/, hubCharterPointer(ctx, a)];
                case 1:
                    hub = _e.sent();
                    if (!hub.current || !hub.view_current) {
                        rows.push({ scope: 'hub', version: hub.version, your_receipt: hub.your_receipt, read_with: exports.HUB_READ_WITH, gated: false,
                            reason: hub.current ? 'view' : 'version' });
                    }
                    return [4 /*yield*/, ctx.db.all("SELECT s.channel AS channel, s.version AS version,\n    r.version AS receipt FROM members m JOIN store s ON s.channel = m.channel AND s.key = ?\n    LEFT JOIN charter_receipts r ON r.agent = m.agent_id AND r.scope = m.channel\n    WHERE m.agent_id = ? AND s.value_json IS NOT NULL AND (r.version IS NULL OR r.version < s.version) ORDER BY s.channel", "fs/".concat(fs_js_1.CHARTER_PATH), a.id)];
                case 2:
                    behind = _e.sent();
                    _i = 0, behind_1 = behind;
                    _e.label = 3;
                case 3:
                    if (!(_i < behind_1.length)) return [3 /*break*/, 8];
                    b = behind_1[_i];
                    _a = (0, channels_js_1.isDm)(b.channel);
                    if (_a) return [3 /*break*/, 5];
                    return [4 /*yield*/, liveCharterVersion(ctx, b.channel)];
                case 4:
                    _a = (_e.sent()) === null;
                    _e.label = 5;
                case 5:
                    if (_a)
                        return [3 /*break*/, 7];
                    _c = (_b = rows).push;
                    _d = { scope: b.channel, version: b.version, your_receipt: b.receipt, read_with: channelReadWith(b.channel) };
                    return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, b.channel)];
                case 6:
                    _c.apply(_b, [(_d.gated = !!(_e.sent()).norms_required, _d.reason = 'version', _d)]);
                    _e.label = 7;
                case 7:
                    _i++;
                    return [3 /*break*/, 3];
                case 8: return [2 /*return*/, rows];
            }
        });
    });
}
/** GET /admin/charter/receipts (scope hub) and GET /channels/{c}/charter/receipts: every seat in scope, read or not. */
function receiptsFor(ctx, scope, seats, version) {
    return __awaiter(this, void 0, void 0, function () {
        var _this = this;
        return __generator(this, function (_a) {
            return [2 /*return*/, (0, in_order_js_1.mapInOrder)(seats.sort(), function (agent) { return __awaiter(_this, void 0, void 0, function () {
                    var r;
                    var _a, _b, _c;
                    return __generator(this, function (_d) {
                        switch (_d.label) {
                            case 0: return [4 /*yield*/, receiptOf(ctx, agent, scope)];
                            case 1:
                                r = _d.sent();
                                return [2 /*return*/, { agent: agent, version: (_a = r === null || r === void 0 ? void 0 : r.version) !== null && _a !== void 0 ? _a : null, read_at: (_b = r === null || r === void 0 ? void 0 : r.read_at) !== null && _b !== void 0 ? _b : null, view: (_c = r === null || r === void 0 ? void 0 : r.view) !== null && _c !== void 0 ? _c : null, current: !!r && r.version >= version }];
                        }
                    });
                }); })];
        });
    });
}
function channelCharterReceipts(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var version;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, liveCharterVersion(ctx, channel)];
                case 1:
                    version = _b.sent();
                    if (version === null)
                        (0, context_js_1.fail)(404, "'".concat(channel, "' has no charter; its owner can write channel/charter.md"));
                    _a = { channel: channel, version: version };
                    return [4 /*yield*/, receiptsFor(ctx, channel, ctx.cache.membersOf(channel).map(function (m) { return m.agent_id; }), version)];
                case 2: return [2 /*return*/, (_a.receipts = _b.sent(), _a)];
            }
        });
    });
}

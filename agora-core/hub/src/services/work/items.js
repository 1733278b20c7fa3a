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
exports.CITING_MESSAGES_MAX = void 0;
exports.cites = cites;
exports.channelWork = channelWork;
exports.workItem = workItem;
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("../context.js");
var store_js_1 = require("../store.js");
var messages_js_1 = require("../messages.js");
var kinds_js_1 = require("./kinds.js");
exports.CITING_MESSAGES_MAX = 100;
function plainObject(r) {
    var v = (0, protocol_1.toPlain)((0, store_js_1.parseValue)(r));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
}
/** Does a claim or phase row cite this work item: `work` naming it (or a list holding it), or the key `claim:<item>`? */
function cites(key, v, item) {
    if (key === "claim:".concat(item))
        return true;
    var w = v === null || v === void 0 ? void 0 : v.work;
    return w === item || (Array.isArray(w) && w.includes(item));
}
function rowOut(r, v) {
    return { channel: r.channel, key: r.key, value: v, version: r.version, updated_by: r.updated_by, updated_at: r.updated_at };
}
/** GET /channels/{c}/work: the room's backlog index (`work:` rows) with the claims and phases citing each item. */
function channelWork(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, parsed, counts, items;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT * FROM store WHERE channel = ? AND\n    ((key >= 'work:' AND key < 'work;') OR (key >= 'claim:' AND key < 'claim;') OR (key >= 'phase:' AND key < 'phase;')) ORDER BY key", channel)];
                case 1:
                    rows = _a.sent();
                    parsed = rows.map(function (r) { return ({ r: r, v: plainObject(r) }); });
                    counts = { proposed: 0, planned: 0, completed: 0, deprecated: 0 };
                    items = parsed.filter(function (_a) {
                        var r = _a.r;
                        return r.key.startsWith('work:');
                    }).map(function (_a) {
                        var r = _a.r, v = _a.v;
                        var item = r.key.slice('work:'.length);
                        var status = typeof (v === null || v === void 0 ? void 0 : v.status) === 'string' ? v.status : '';
                        if (status in counts)
                            counts[status]++;
                        return __assign(__assign({ item_id: item }, rowOut(r, v)), { status: status, title: typeof (v === null || v === void 0 ? void 0 : v.title) === 'string' ? v.title : '', cited_by: parsed.filter(function (x) { return !x.r.key.startsWith('work:') && cites(x.r.key, x.v, item); })
                                .map(function (x) { var _a, _b, _c, _d, _e, _f, _g, _h; return ({ key: x.r.key, owner: (_d = (_b = (_a = x.v) === null || _a === void 0 ? void 0 : _a.owner) !== null && _b !== void 0 ? _b : (_c = x.v) === null || _c === void 0 ? void 0 : _c.steward) !== null && _d !== void 0 ? _d : null, status: (_h = (_f = (_e = x.v) === null || _e === void 0 ? void 0 : _e.status) !== null && _f !== void 0 ? _f : (_g = x.v) === null || _g === void 0 ? void 0 : _g.state) !== null && _h !== void 0 ? _h : null, version: x.r.version }); }) });
                    });
                    return [2 /*return*/, { channel: channel, items: items, counts: counts }];
            }
        });
    });
}
/** GET /work/{item_id}: everything in the caller's rooms that cites the item: its rows, claims, phases and messages. */
function workItem(ctx, viewer, item) {
    return __awaiter(this, void 0, void 0, function () {
        var rooms, inRooms, store, rows, claims, phases, _i, store_1, r, v, like, msgs, mentions, messages;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!kinds_js_1.WORK_ITEM.test(item))
                        (0, context_js_1.fail)(400, "a work item id is <package>-<n>, e.g. parser-12; '".concat(item.slice(0, 64), "' is not"));
                    rooms = ctx.cache.channelsOf(viewer);
                    if (rooms.length === 0)
                        return [2 /*return*/, { item_id: item, rows: [], claims: [], phases: [], messages: [] }];
                    inRooms = "channel IN (".concat(rooms.map(function () { return '?'; }).join(', '), ")");
                    return [4 /*yield*/, (_a = ctx.db).all.apply(_a, __spreadArray(__spreadArray(["SELECT * FROM store WHERE ".concat(inRooms, " AND (key = ? OR key >= 'claim:' AND key < 'claim;'\n    OR key >= 'phase:' AND key < 'phase;') ORDER BY channel, key")], rooms, false), ["work:".concat(item)], false))];
                case 1:
                    store = _b.sent();
                    rows = [], claims = [], phases = [];
                    for (_i = 0, store_1 = store; _i < store_1.length; _i++) {
                        r = store_1[_i];
                        v = plainObject(r);
                        if (r.key === "work:".concat(item))
                            rows.push(rowOut(r, v));
                        else if (cites(r.key, v, item))
                            (r.key.startsWith('claim:') ? claims : phases).push(rowOut(r, v));
                    }
                    like = "%".concat(item.replace(/_/g, '\\_'), "%");
                    return [4 /*yield*/, messages_js_1.selectMessages.apply(void 0, __spreadArray(__spreadArray([ctx, "FROM messages WHERE ".concat(inRooms, " AND retracted_at IS NULL\n    AND (title LIKE ? ESCAPE '\\' OR body LIKE ? ESCAPE '\\' OR data_json LIKE ? ESCAPE '\\') ORDER BY created_at DESC, seq DESC LIMIT ").concat(exports.CITING_MESSAGES_MAX)], rooms, false), [like, like, like], false))];
                case 2:
                    msgs = _b.sent();
                    mentions = new RegExp("(^|[^a-z0-9._-])".concat(item.replace(/[.]/g, '\\.'), "($|[^a-z0-9._-])"));
                    messages = msgs.filter(function (m) { var _a; return mentions.test(m.title) || mentions.test(m.body) || mentions.test(JSON.stringify((_a = m.data) !== null && _a !== void 0 ? _a : null)); })
                        .map(function (m) { return ({ channel: m.channel, id: m.id, seq: m.seq, sender: m.sender, status: m.status, title: m.title, created_at: m.created_at }); });
                    return [2 /*return*/, { item_id: item, rows: rows, claims: claims, phases: phases, messages: messages }];
            }
        });
    });
}

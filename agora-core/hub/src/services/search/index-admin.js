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
exports.searchDrift = searchDrift;
exports.rebuildSearch = rebuildSearch;
/** What the index should hold: live human messages (retracted rows and hub rows never match). */
var LIVE = "kind = 'message' AND retracted_at IS NULL";
/**
 * Drift between the messages and the full-text index: rows missing from it and rows it still
 * holds that should be gone. PostgreSQL's index is a generated column, so it cannot drift.
 */
function searchDrift(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var live, _a, embedded, _b, indexed, _c, missing, _d, stale, _e;
        var _f, _g, _h, _j, _k, _l, _m, _o, _p, _q;
        return __generator(this, function (_r) {
            switch (_r.label) {
                case 0:
                    _a = Number;
                    return [4 /*yield*/, ctx.db.get("SELECT COUNT(*) AS n FROM messages WHERE ".concat(LIVE))];
                case 1:
                    live = _a.apply(void 0, [(_g = (_f = (_r.sent())) === null || _f === void 0 ? void 0 : _f.n) !== null && _g !== void 0 ? _g : 0]);
                    _b = Number;
                    return [4 /*yield*/, ctx.db.get("SELECT COUNT(*) AS n FROM message_embeddings e JOIN messages m ON m.id = e.message_id\n    WHERE m.kind = 'message' AND m.retracted_at IS NULL")];
                case 2:
                    embedded = _b.apply(void 0, [(_j = (_h = (_r.sent())) === null || _h === void 0 ? void 0 : _h.n) !== null && _j !== void 0 ? _j : 0]);
                    if (ctx.db.dialect !== 'sqlite') {
                        return [2 /*return*/, { engine: 'postgres-tsvector', expected: live, indexed: live, missing: 0, stale: 0, in_step: true, embedded: embedded, checked_at: ctx.now() }];
                    }
                    _c = Number;
                    return [4 /*yield*/, ctx.db.get('SELECT COUNT(*) AS n FROM messages_fts_docsize')];
                case 3:
                    indexed = _c.apply(void 0, [(_l = (_k = (_r.sent())) === null || _k === void 0 ? void 0 : _k.n) !== null && _l !== void 0 ? _l : 0]);
                    _d = Number;
                    return [4 /*yield*/, ctx.db.get("SELECT COUNT(*) AS n FROM messages\n    WHERE ".concat(LIVE, " AND rowid NOT IN (SELECT id FROM messages_fts_docsize)"))];
                case 4:
                    missing = _d.apply(void 0, [(_o = (_m = (_r.sent())) === null || _m === void 0 ? void 0 : _m.n) !== null && _o !== void 0 ? _o : 0]);
                    _e = Number;
                    return [4 /*yield*/, ctx.db.get("SELECT COUNT(*) AS n FROM messages_fts_docsize\n    WHERE id NOT IN (SELECT rowid FROM messages WHERE ".concat(LIVE, ")"))];
                case 5:
                    stale = _e.apply(void 0, [(_q = (_p = (_r.sent())) === null || _p === void 0 ? void 0 : _p.n) !== null && _q !== void 0 ? _q : 0]);
                    return [2 /*return*/, { engine: 'sqlite-fts5', expected: live, indexed: indexed, missing: missing, stale: stale, in_step: missing === 0 && stale === 0, embedded: embedded, checked_at: ctx.now() }];
            }
        });
    });
}
/** Rebuild the full-text index from the messages, in one transaction; answers what it indexed. */
function rebuildSearch(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var started, drift;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    started = Date.now();
                    if (!(ctx.db.dialect === 'sqlite')) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run("INSERT INTO messages_fts (messages_fts) VALUES ('delete-all')")];
                                    case 1:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run("INSERT INTO messages_fts (rowid, title, body) SELECT rowid, title, body FROM messages WHERE ".concat(LIVE))];
                                    case 2:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run("DELETE FROM message_embeddings WHERE message_id IN (SELECT id FROM messages WHERE retracted_at IS NOT NULL)")];
                                    case 3:
                                        _a.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [3 /*break*/, 4];
                case 2: return [4 /*yield*/, ctx.db.run("DELETE FROM message_embeddings WHERE message_id IN (SELECT id FROM messages WHERE retracted_at IS NOT NULL)")];
                case 3:
                    _a.sent();
                    _a.label = 4;
                case 4: return [4 /*yield*/, searchDrift(ctx)];
                case 5:
                    drift = _a.sent();
                    return [2 /*return*/, { rebuilt: true, indexed: drift.indexed, took_ms: Date.now() - started, drift: drift }];
            }
        });
    });
}

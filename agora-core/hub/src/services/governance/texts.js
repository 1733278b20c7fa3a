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
exports.SEAT_KINDS = exports.TEXT_CAP = void 0;
exports.currentText = currentText;
exports.publishText = publishText;
exports.sections = sections;
exports.analyseCharter = analyseCharter;
exports.sliceFor = sliceFor;
exports.charterHistory = charterHistory;
exports.charterVersion = charterVersion;
var context_js_1 = require("../context.js");
var governance_js_1 = require("../governance.js");
var charter_js_1 = require("../charter.js");
exports.TEXT_CAP = 256 * 1024;
exports.SEAT_KINDS = ['member', 'owner', 'delegate', 'operator'];
var packaged = function (name) { return (name === 'rules' ? governance_js_1.HUB_RULES_V0 : charter_js_1.HUB_CHARTER_V0); };
/** The text in force: the stored row, or the packaged v0. */
function currentText(ctx, name) {
    return __awaiter(this, void 0, void 0, function () {
        var r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT version, text, updated_by, updated_at FROM hub_texts WHERE name = ?', name)];
                case 1:
                    r = _a.sent();
                    return [2 /*return*/, r !== null && r !== void 0 ? r : { version: 0, text: packaged(name), updated_by: 'hub', updated_at: null }];
            }
        });
    });
}
/** Publish a new version (admin key): versions only grow, text is capped at 256 KiB. */
function publishText(ctx, name, text, version, by) {
    return __awaiter(this, void 0, void 0, function () {
        var bytes;
        var _this = this;
        return __generator(this, function (_a) {
            bytes = Buffer.byteLength(text);
            if (bytes > exports.TEXT_CAP)
                (0, context_js_1.fail)(413, "the ".concat(name, " text is ").concat(bytes, " bytes; the cap is ").concat(exports.TEXT_CAP, ", shorten it"));
            if (!text.trim())
                (0, context_js_1.fail)(400, "the ".concat(name, " text is empty; send the full text to publish"));
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var cur, next, row;
                    return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, currentText(ctx, name)];
                            case 1:
                                cur = _a.sent();
                                next = version !== null && version !== void 0 ? version : cur.version + 1;
                                if (next <= cur.version)
                                    (0, context_js_1.fail)(409, "".concat(name, " version ").concat(next, " is not above the current version ").concat(cur.version, "; send version ").concat(cur.version + 1, " or omit it"));
                                row = { version: next, text: text, updated_by: by, updated_at: ctx.now() };
                                return [4 /*yield*/, ctx.db.run("INSERT INTO hub_texts (name, text, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)\n      ON CONFLICT (name) DO UPDATE SET text = excluded.text, version = excluded.version, updated_by = excluded.updated_by,\n      updated_at = excluded.updated_at", name, text, next, by, row.updated_at)];
                            case 2:
                                _a.sent();
                                if (!(name === 'charter')) return [3 /*break*/, 4];
                                return [4 /*yield*/, ctx.db.run('INSERT INTO charter_versions (version, text, updated_by, updated_at) VALUES (?, ?, ?, ?)', next, text, by, row.updated_at)];
                            case 3:
                                _a.sent();
                                _a.label = 4;
                            case 4: return [2 /*return*/, row];
                        }
                    });
                }); })];
        });
    });
}
function kindOf(heading) {
    var _a, _b;
    var word = (_b = (_a = heading.trim().toLowerCase().split(/\s+/)[0]) === null || _a === void 0 ? void 0 : _a.replace(/s$/, '')) !== null && _b !== void 0 ? _b : '';
    return exports.SEAT_KINDS.includes(word) ? word : null;
}
/** Split on `## ` headings: a preamble (heading '') then one section per heading. */
function sections(text) {
    var out = [{ heading: '', kind: null, body: '' }];
    for (var _i = 0, _a = text.split('\n'); _i < _a.length; _i++) {
        var line = _a[_i];
        if (line.startsWith('## '))
            out.push({ heading: line.slice(3).trim(), kind: kindOf(line.slice(3)), body: '' });
        out[out.length - 1].body += "".concat(line, "\n");
    }
    return out;
}
/** What PUT /admin/charter reports: which seat kinds have a heading, and whether slicing applies. */
function analyseCharter(text) {
    var secs = sections(text);
    var headed = new Set(secs.map(function (s) { return s.kind; }).filter(Boolean));
    var missing = exports.SEAT_KINDS.filter(function (k) { return !headed.has(k); });
    var mentioned = missing.filter(function (k) { return new RegExp("\\b".concat(k, "s?\\b"), 'i').test(text); });
    return { missing_roles: missing, sliceable: missing.length === 0, unsectioned_roles: mentioned };
}
/** The seat's slice: preamble, sections for its kinds, and sections that name no kind. */
function sliceFor(text, view) {
    if (!analyseCharter(text).sliceable)
        return { text: text, sliced: false };
    var parts = sections(text).filter(function (s) { return s.kind === null || view.includes(s.kind); });
    return { text: parts.map(function (s) { return s.body; }).join('').replace(/\n+$/, '\n'), sliced: true };
}
/** /charter/history: newest first, ending with the packaged v0. */
function charterHistory(ctx, limit) {
    return __awaiter(this, void 0, void 0, function () {
        var cur, rows, out;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, currentText(ctx, 'charter')];
                case 1:
                    cur = (_a.sent()).version;
                    return [4 /*yield*/, ctx.db.all('SELECT version, text, updated_by, updated_at FROM charter_versions ORDER BY version DESC LIMIT ?', limit)];
                case 2:
                    rows = _a.sent();
                    out = rows.map(function (r) { return ({ version: r.version, updated_by: r.updated_by, updated_at: r.updated_at,
                        bytes: Buffer.byteLength(r.text), current: r.version === cur }); });
                    if (out.length < limit)
                        out.push({ version: 0, updated_by: 'hub', updated_at: null, bytes: Buffer.byteLength(charter_js_1.HUB_CHARTER_V0), current: cur === 0 });
                    return [2 /*return*/, out];
            }
        });
    });
}
/** /charter/versions/{n}: any archived version, v0 always. Records nothing. */
function charterVersion(ctx, n) {
    return __awaiter(this, void 0, void 0, function () {
        var r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (n === 0)
                        return [2 /*return*/, { version: 0, text: charter_js_1.HUB_CHARTER_V0, updated_by: 'hub', updated_at: null }];
                    return [4 /*yield*/, ctx.db.get('SELECT version, text, updated_by, updated_at FROM charter_versions WHERE version = ?', n)];
                case 1:
                    r = _a.sent();
                    if (!r)
                        (0, context_js_1.fail)(404, "hub charter version ".concat(n, " does not exist; list versions with GET /charter/history"));
                    return [2 /*return*/, r];
            }
        });
    });
}

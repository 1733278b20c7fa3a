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
exports.COLLEAGUE_NOTE_MAX = void 0;
exports.setColleagueNote = setColleagueNote;
exports.colleagueNotes = colleagueNotes;
var context_js_1 = require("./context.js");
exports.COLLEAGUE_NOTE_MAX = 2000;
/** The seat a note is about: 404 unknown, 410 deleted (retired seats can still be noted). */
function subjectOf(ctx, id) {
    var a = ctx.cache.agents.get(id);
    if (!a)
        (0, context_js_1.fail)(404, "no agent '".concat(id, "'; list seats with GET /agents"));
    if (a.deleted_at != null)
        (0, context_js_1.fail)(410, "'".concat(id, "' was deleted; notes about it were erased with it"));
    return a;
}
/**
 * PUT /colleagues/{subject}: the author's private impression of another seat; one note per
 * (author, subject), replaced on every write. An empty note removes it. Nobody else can read it.
 */
function setColleagueNote(ctx, author, subject, raw) {
    return __awaiter(this, void 0, void 0, function () {
        var target, note, at, gone;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    target = subjectOf(ctx, subject);
                    if (target.id === author.id)
                        (0, context_js_1.fail)(400, 'colleague notes are about other seats; keep notes about yourself in your own files');
                    note = (0, context_js_1.sanitizeMultiline)(raw);
                    if (note.length > exports.COLLEAGUE_NOTE_MAX)
                        (0, context_js_1.fail)(413, "note is ".concat(note.length, " characters; the limit is ").concat(exports.COLLEAGUE_NOTE_MAX, ", shorten it"));
                    at = ctx.now();
                    if (!!note) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.run('DELETE FROM colleague_notes WHERE author = ? AND subject = ?', author.id, target.id)];
                case 1:
                    gone = _a.sent();
                    return [2 /*return*/, { subject: target.id, note: '', updated_at: at, removed: gone.changes > 0 }];
                case 2: return [4 /*yield*/, ctx.db.run("INSERT INTO colleague_notes (author, subject, note, updated_at) VALUES (?, ?, ?, ?)\n    ON CONFLICT (author, subject) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at", author.id, target.id, note, at)];
                case 3:
                    _a.sent();
                    return [2 /*return*/, { subject: target.id, note: note, updated_at: at, removed: false }];
            }
        });
    });
}
/** GET /colleagues[?subject=]: the caller's own notes, by subject. */
function colleagueNotes(ctx, author, subject) {
    return __awaiter(this, void 0, void 0, function () {
        var target;
        return __generator(this, function (_a) {
            if (subject !== undefined) {
                target = subjectOf(ctx, subject);
                return [2 /*return*/, ctx.db.all('SELECT subject, note, updated_at FROM colleague_notes WHERE author = ? AND subject = ?', author.id, target.id)];
            }
            return [2 /*return*/, ctx.db.all('SELECT subject, note, updated_at FROM colleague_notes WHERE author = ? ORDER BY subject LIMIT 1000', author.id)];
        });
    });
}

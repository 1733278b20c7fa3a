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
exports.ROTATE_BYTES = void 0;
exports.notifyLine = notifyLine;
exports.startNotify = startNotify;
var node_fs_1 = require("node:fs");
var node_path_1 = require("node:path");
var envelopes_js_1 = require("./envelopes.js");
var wake_writer_js_1 = require("./wake-writer.js");
exports.ROTATE_BYTES = 8 * 1024 * 1024;
/** Python json.dumps default separators (", " and ": ") with ASCII escaping, for notify lines. */
function pyDumps(value) {
    if (value === null || value === undefined)
        return 'null';
    if (typeof value === 'boolean')
        return value ? 'true' : 'false';
    if (typeof value === 'number')
        return String(value);
    if (typeof value === 'string') {
        return JSON.stringify(value).replace(/[\u007f-\uffff]/g, function (c) { return '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'); });
    }
    return "{".concat(Object.entries(value).map(function (_a) {
        var k = _a[0], v = _a[1];
        return "".concat(pyDumps(k), ": ").concat(pyDumps(v));
    }).join(', '), "}");
}
/** One line per message per member except the sender, built from the viewer's envelope. */
function notifyLine(env) {
    var flags = [];
    var status = env.status;
    if (env.critical)
        flags.push('critical');
    if (env.escalated)
        flags.push('escalated');
    if (env.to_me)
        flags.push('to-me');
    if (env.reply_to_me)
        flags.push('reply-to-me');
    if (env.addressed)
        flags.push('addressed');
    if (env.from_operator)
        flags.push('from-operator');
    if ((status === 'open' || status === 'blocked') && !env.addressed && !env.from_operator)
        flags.push('unassigned');
    if (env.retracted)
        flags.push('retracted');
    if (status === 'open' || status === 'blocked')
        flags.push(status);
    var line = { channel: env.channel, seq: env.seq, sender: env.sender, id: env.id, kind: env.kind, status: status, title: env.title, retracted: !!env.retracted, flags: flags.join(',') };
    var preview = typeof env.body === 'string' ? env.body.slice(0, 200) : '';
    if (preview)
        line.preview = preview;
    var attachments = Array.isArray(env.attachments) ? env.attachments.length : 0;
    if (attachments > 0)
        line.attachments = attachments;
    return pyDumps(line);
}
function startNotify(ctx, dir) {
    var _this = this;
    var repaired = new Set();
    var failing = false;
    var write = function (agent, text) {
        var file = (0, node_path_1.join)(dir, "".concat(agent, "-inbox.log"));
        try {
            (0, node_fs_1.mkdirSync)(dir, { recursive: true, mode: 448 });
            (0, node_fs_1.chmodSync)(dir, 448);
            try {
                if ((0, node_fs_1.statSync)(file).size > exports.ROTATE_BYTES) {
                    (0, node_fs_1.renameSync)(file, "".concat(file, ".1"));
                    (0, node_fs_1.chmodSync)("".concat(file, ".1"), 384);
                    repaired.delete(file);
                }
            }
            catch (_a) {
                // no file yet
            }
            (0, node_fs_1.appendFileSync)(file, text + '\n', { mode: 384 });
            if (!repaired.has(file)) {
                (0, node_fs_1.chmodSync)(file, 384);
                repaired.add(file);
            }
            failing = false;
        }
        catch (err) {
            if (!failing)
                process.stderr.write("agora hub: notify write failed for ".concat(agent, ": ").concat(err.message, "\n"));
            failing = true;
        }
    };
    // Envelopes read the store (async); lines are still appended in publish order, one message at a time.
    var chain = Promise.resolve();
    var off = ctx.bus.on(function (m) {
        var members = ctx.cache.membersOf(m.channel).filter(function (member) { return member.agent_id !== m.sender; });
        chain = chain.then(function () { return __awaiter(_this, void 0, void 0, function () {
            var _i, members_1, member, _a, _b, _c;
            return __generator(this, function (_d) {
                switch (_d.label) {
                    case 0:
                        _i = 0, members_1 = members;
                        _d.label = 1;
                    case 1:
                        if (!(_i < members_1.length)) return [3 /*break*/, 4];
                        member = members_1[_i];
                        _a = write;
                        _b = [member.agent_id];
                        _c = notifyLine;
                        return [4 /*yield*/, (0, envelopes_js_1.buildEnvelope)(ctx, m, member.agent_id)];
                    case 2:
                        _a.apply(void 0, _b.concat([_c.apply(void 0, [_d.sent()])]));
                        _d.label = 3;
                    case 3:
                        _i++;
                        return [3 /*break*/, 1];
                    case 4: return [2 /*return*/];
                }
            });
        }); }).catch(function (err) {
            process.stderr.write("agora hub: notify line failed: ".concat(err.message, "\n"));
        });
    });
    // Re-emitted wakes join the same chain, so a wake line never overtakes the post lines before it.
    (0, wake_writer_js_1.setWakeWriter)(ctx, function (agent, m) {
        chain = chain.then(function () { return __awaiter(_this, void 0, void 0, function () { var _a, _b, _c; return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = write;
                    _b = [agent];
                    _c = notifyLine;
                    return [4 /*yield*/, (0, envelopes_js_1.buildEnvelope)(ctx, m, agent)];
                case 1: return [2 /*return*/, _a.apply(void 0, _b.concat([_c.apply(void 0, [_d.sent()])]))];
            }
        }); }); }).catch(function (err) {
            process.stderr.write("agora hub: wake line failed: ".concat(err.message, "\n"));
        });
    });
    return { stop: function () { off(); (0, wake_writer_js_1.setWakeWriter)(ctx, null); } };
}

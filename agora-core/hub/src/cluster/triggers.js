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
exports.EVENTS = void 0;
exports.installTriggers = installTriggers;
/** The LISTEN/NOTIFY channel every hub process on one PostgreSQL database shares. */
exports.EVENTS = 'agora_events';
/**
 * PostgreSQL only: triggers that announce committed changes to the other hub processes. A
 * trigger's pg_notify is queued inside the writing transaction and delivered at its commit, in
 * commit order, and dropped on rollback, so no service has to remember to announce anything and
 * a listener never hears of a row it cannot read yet. `agora.origin` (set on every pooled
 * connection) lets a process skip its own events: it already published them in-process.
 * Installed idempotently at open, after the migrations; SQLite has one process and no triggers.
 */
var FUNCTION = "\nCREATE OR REPLACE FUNCTION agora_announce() RETURNS trigger LANGUAGE plpgsql AS $$\nDECLARE\n  origin text := coalesce(current_setting('agora.origin', true), '');\nBEGIN\n  IF TG_TABLE_NAME = 'messages' THEN\n    PERFORM pg_notify('".concat(exports.EVENTS, "', json_build_object('k', 'm', 'o', origin, 'id', NEW.id, 'c', NEW.channel, 's', NEW.seq)::text);\n  ELSIF TG_TABLE_NAME = 'blocks' THEN\n    IF NEW.scope = 'hub' THEN\n      PERFORM pg_notify('").concat(exports.EVENTS, "', json_build_object('k', 'sever', 'o', origin, 'a', NEW.agent_id)::text);\n    END IF;\n    PERFORM pg_notify('").concat(exports.EVENTS, "', json_build_object('k', 'cache', 'o', origin)::text);\n  ELSIF TG_TABLE_NAME = 'store' THEN\n    IF TG_OP = 'DELETE' THEN\n      IF OLD.key = 'channel:meta' THEN\n        PERFORM pg_notify('").concat(exports.EVENTS, "', json_build_object('k', 'meta', 'o', origin, 'c', OLD.channel)::text);\n      END IF;\n    ELSIF NEW.key = 'channel:meta' THEN\n      PERFORM pg_notify('").concat(exports.EVENTS, "', json_build_object('k', 'meta', 'o', origin, 'c', NEW.channel)::text);\n    END IF;\n  ELSE\n    PERFORM pg_notify('").concat(exports.EVENTS, "', json_build_object('k', 'cache', 'o', origin)::text);\n  END IF;\n  RETURN NULL;\nEND $$");
var TRIGGERS = [
    ['agora_messages_insert', 'AFTER INSERT ON messages FOR EACH ROW'],
    // A retraction re-publishes the tombstone, as the retracting process does in-process.
    ['agora_messages_retract', 'AFTER UPDATE OF retracted_at ON messages FOR EACH ROW WHEN (NEW.retracted_at IS NOT NULL)'],
    ['agora_agents_change', 'AFTER INSERT OR UPDATE OR DELETE ON agents FOR EACH STATEMENT'],
    ['agora_channels_change', 'AFTER INSERT OR UPDATE OR DELETE ON channels FOR EACH STATEMENT'],
    ['agora_members_change', 'AFTER INSERT OR UPDATE OR DELETE ON members FOR EACH STATEMENT'],
    ['agora_pauses_change', 'AFTER INSERT OR UPDATE OR DELETE ON hub_pauses FOR EACH STATEMENT'],
    ['agora_blocks_change', 'AFTER INSERT OR UPDATE ON blocks FOR EACH ROW'],
    ['agora_meta_change', 'AFTER INSERT OR UPDATE OR DELETE ON store FOR EACH ROW'],
];
function installTriggers(knex) {
    return __awaiter(this, void 0, void 0, function () {
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, knex.transaction(function (trx) { return __awaiter(_this, void 0, void 0, function () {
                        var _i, TRIGGERS_1, _a, name_1, when, table;
                        return __generator(this, function (_b) {
                            switch (_b.label) {
                                case 0: 
                                // Two processes starting at once must not race on CREATE OR REPLACE.
                                return [4 /*yield*/, trx.raw("SELECT pg_advisory_xact_lock(".concat(0x61676f7201, ")"))];
                                case 1:
                                    // Two processes starting at once must not race on CREATE OR REPLACE.
                                    _b.sent();
                                    return [4 /*yield*/, trx.raw(FUNCTION)];
                                case 2:
                                    _b.sent();
                                    _i = 0, TRIGGERS_1 = TRIGGERS;
                                    _b.label = 3;
                                case 3:
                                    if (!(_i < TRIGGERS_1.length)) return [3 /*break*/, 7];
                                    _a = TRIGGERS_1[_i], name_1 = _a[0], when = _a[1];
                                    table = /ON (\w+)/.exec(when)[1];
                                    return [4 /*yield*/, trx.raw("DROP TRIGGER IF EXISTS ".concat(name_1, " ON ").concat(table))];
                                case 4:
                                    _b.sent();
                                    return [4 /*yield*/, trx.raw("CREATE TRIGGER ".concat(name_1, " ").concat(when, " EXECUTE FUNCTION agora_announce()"))];
                                case 5:
                                    _b.sent();
                                    _b.label = 6;
                                case 6:
                                    _i++;
                                    return [3 /*break*/, 3];
                                case 7: return [2 /*return*/];
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

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
exports.ROOMS = exports.PEERS = exports.MEASURED = void 0;
exports.seedObligations = seedObligations;
/**
 * The debts both hub benches seed for the measured seat in every room: asks (half answered), addressed opens,
 * directives and answers to consume. `post` sends one message as `who`; the count of posts sent is returned.
 */
exports.MEASURED = 'measured';
exports.PEERS = ['peer-0', 'peer-1', 'peer-2', 'peer-3', 'peer-4'];
exports.ROOMS = ['ops', 'build', 'design', 'release', 'support'];
function seedObligations(send) {
    return __awaiter(this, void 0, void 0, function () {
        var n, post, _i, ROOMS_1, room, i, peer, q, i, seed, i, i, mine;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    n = 0;
                    post = function (who, room, msg) { n++; return send(who, room, msg); };
                    _i = 0, ROOMS_1 = exports.ROOMS;
                    _a.label = 1;
                case 1:
                    if (!(_i < ROOMS_1.length)) return [3 /*break*/, 21];
                    room = ROOMS_1[_i];
                    i = 0;
                    _a.label = 2;
                case 2:
                    if (!(i < 40)) return [3 /*break*/, 6];
                    peer = exports.PEERS[i % exports.PEERS.length];
                    return [4 /*yield*/, post(peer, room, { title: "question ".concat(i), body: "two asks ".concat(i), status: 'open',
                            data: { asks: [{ id: '1', text: 'measured: can you check?', to: [exports.MEASURED] }, { id: '2', text: 'and you?', to: [exports.PEERS[(i + 1) % exports.PEERS.length]] }] } })];
                case 3:
                    q = _a.sent();
                    if (!(i % 2 === 0)) return [3 /*break*/, 5];
                    return [4 /*yield*/, post(exports.MEASURED, room, { status: 'reply', reply_to: q.id, body: 'checked', data: { answers: ['1'] } })];
                case 4:
                    _a.sent();
                    _a.label = 5;
                case 5:
                    i++;
                    return [3 /*break*/, 2];
                case 6:
                    i = 0;
                    _a.label = 7;
                case 7:
                    if (!(i < 20)) return [3 /*break*/, 10];
                    return [4 /*yield*/, post(exports.PEERS[i % exports.PEERS.length], room, { title: "need you ".concat(i), body: 'please take this', status: 'open', to: [exports.MEASURED] })];
                case 8:
                    _a.sent();
                    _a.label = 9;
                case 9:
                    i++;
                    return [3 /*break*/, 7];
                case 10: return [4 /*yield*/, post(exports.PEERS[0], room, { body: 'context for directives', status: 'fyi' })];
                case 11:
                    seed = _a.sent();
                    i = 0;
                    _a.label = 12;
                case 12:
                    if (!(i < 20)) return [3 /*break*/, 15];
                    return [4 /*yield*/, post(exports.PEERS[1], room, { body: "measured: also do ".concat(i), status: 'reply', reply_to: seed.id, to: [exports.MEASURED] })];
                case 13:
                    _a.sent();
                    _a.label = 14;
                case 14:
                    i++;
                    return [3 /*break*/, 12];
                case 15:
                    i = 0;
                    _a.label = 16;
                case 16:
                    if (!(i < 20)) return [3 /*break*/, 20];
                    return [4 /*yield*/, post(exports.MEASURED, room, { title: "my question ".concat(i), body: 'eta?', status: 'open', data: { asks: [{ id: '1', text: 'eta?', to: [exports.PEERS[2]] }] } })];
                case 17:
                    mine = _a.sent();
                    return [4 /*yield*/, post(exports.PEERS[2], room, { status: 'reply', reply_to: mine.id, body: 'tomorrow', data: { answers: ['1'] } })];
                case 18:
                    _a.sent();
                    _a.label = 19;
                case 19:
                    i++;
                    return [3 /*break*/, 16];
                case 20:
                    _i++;
                    return [3 /*break*/, 1];
                case 21: return [2 /*return*/, n];
            }
        });
    });
}

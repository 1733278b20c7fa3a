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
exports.findMentions = findMentions;
exports.mergeMentions = mergeMentions;
exports.mergeAskMentions = mergeAskMentions;
/**
 * @mentions (docs/protocol.md#messages): `@id` at the start or after a non-id character, case-folded, trailing
 * `.-_` stripped. Code spans, fenced blocks and nonce-fenced quotes are not scanned. Only ids
 * that `isRegistered` accepts count; anything else (e.g. `@notes/plan.md`) is ignored.
 */
function findMentions(text, isRegistered) {
    var visible = text
        .replace(/```[\s\S]*?(```|$)/g, ' ')
        .replace(/`[^`\n]*`/g, ' ')
        .replace(/⟦AGORA:([^:⟧]+):[^⟧]*⟧[\s\S]*?⟦\/AGORA:\1⟧/g, ' ');
    var found = [];
    for (var _i = 0, _a = visible.matchAll(/(^|[^a-z0-9_-])@([a-z0-9][a-z0-9_.-]*)/gi); _i < _a.length; _i++) {
        var m = _a[_i];
        var id = m[2].toLowerCase().replace(/[._-]+$/, '');
        if (id && isRegistered(id) && !found.includes(id))
            found.push(id);
    }
    return found;
}
/** Merge body mentions of room members into `to` (never the sender). */
function mergeMentions(to, body, sender, isRegistered, isMember) {
    var out = __spreadArray([], to, true);
    for (var _i = 0, _a = findMentions(body, isRegistered); _i < _a.length; _i++) {
        var id = _a[_i];
        if (id !== sender && isMember(id) && !out.includes(id))
            out.push(id);
    }
    return out;
}
/** Merge each ask's text mentions of members into that ask's `to`, at most 3 names per ask. */
function mergeAskMentions(asks, sender, isRegistered, isMember) {
    if (!Array.isArray(asks))
        return asks;
    return asks.map(function (a) {
        var _a;
        if (!a || typeof a !== 'object' || typeof a.text !== 'string')
            return a;
        var ask = a;
        if (ask.to !== undefined && ask.to !== null && !Array.isArray(ask.to))
            return a;
        var to = __spreadArray([], ((_a = ask.to) !== null && _a !== void 0 ? _a : []), true);
        for (var _i = 0, _b = findMentions(ask.text, isRegistered); _i < _b.length; _i++) {
            var id = _b[_i];
            if (to.length >= 3)
                break;
            if (id !== sender && isMember(id) && !to.includes(id))
                to.push(id);
        }
        return to.length ? __assign(__assign({}, ask), { to: to }) : a;
    });
}

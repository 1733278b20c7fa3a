"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PATTERN_MAX = void 0;
exports.normalizePattern = normalizePattern;
exports.overlaps = overlaps;
exports.segmentOverlap = segmentOverlap;
exports.normalizeWorkspace = normalizeWorkspace;
var context_js_1 = require("./context.js");
/**
 * Lease patterns are repository-relative POSIX paths with `*` and `?` (within one segment) and `**`
 * (any number of segments). Everything else, `[id].tsx` included, is literal. Comparison ignores
 * case, because one checkout on a case-insensitive disk makes `Src/A.ts` and `src/a.ts` one file.
 */
exports.PATTERN_MAX = 400;
/** One canonical spelling per pattern, or a 400 that says how to write it. */
function normalizePattern(raw, field) {
    if (field === void 0) { field = 'path'; }
    if (typeof raw !== 'string' || raw.trim() === '')
        (0, context_js_1.fail)(400, "each ".concat(field, " must be a non-empty repository-relative path such as 'src/api/**'"));
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(raw))
        (0, context_js_1.fail)(400, "".concat(field, " '").concat(raw.slice(0, 80), "' contains control characters; send a plain path"));
    if (raw.includes('\\'))
        (0, context_js_1.fail)(400, "".concat(field, " '").concat(raw, "' uses a backslash; write paths with '/' relative to the repository root"));
    if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
        (0, context_js_1.fail)(400, "".concat(field, " '").concat(raw, "' is absolute; leases name paths relative to the repository root, e.g. 'src/api/**'"));
    var segments = raw.split('/').filter(function (s) { return s !== '' && s !== '.'; });
    if (segments.includes('..'))
        (0, context_js_1.fail)(400, "".concat(field, " '").concat(raw, "' contains '..'; name the path inside the repository without climbing out of it"));
    if (segments.length === 0)
        (0, context_js_1.fail)(400, "".concat(field, " '").concat(raw, "' names the repository root; lease '**' if you really mean every file"));
    var out = segments.join('/');
    if (out.length > exports.PATTERN_MAX)
        (0, context_js_1.fail)(400, "".concat(field, " is ").concat(out.length, " characters; the limit is ").concat(exports.PATTERN_MAX, ", lease a parent directory instead"));
    return out;
}
/**
 * True when some file could be covered by both: equal paths, a glob matching the other, or one an
 * ancestor directory of the other (a lease on `src` covers `src/a.ts`, and the reverse conflicts too).
 * A pattern may name a directory only when its last segment is literal (`*.md` names files); `bIsFile`
 * says `b` is a concrete file being written, which has no descendants.
 */
function overlaps(a, b, bIsFile) {
    if (bIsFile === void 0) { bIsFile = false; }
    var sa = a.toLowerCase().split('/');
    var sb = b.toLowerCase().split('/');
    return segmentsOverlap(sa, sb, mayBeDirectory(sa), !bIsFile && mayBeDirectory(sb));
}
var isGlob = function (segment) { return segment.includes('*') || segment.includes('?'); };
var mayBeDirectory = function (segments) { return !isGlob(segments[segments.length - 1]); };
var allGlobstar = function (segments, from) { return segments.slice(from).every(function (s) { return s === '**'; }); };
function segmentsOverlap(a, b, aDir, bDir) {
    var memo = new Map();
    var walk = function (i, j) {
        // one side ran out: equal, or it names a directory that holds what the other still describes
        if (i === a.length)
            return j === b.length || allGlobstar(b, j) || aDir;
        if (j === b.length)
            return allGlobstar(a, i) || bDir;
        var k = i * (b.length + 1) + j;
        var seen = memo.get(k);
        if (seen !== undefined)
            return seen;
        var result;
        if (a[i] === '**')
            result = walk(i + 1, j) || walk(i, j + 1);
        else if (b[j] === '**')
            result = walk(i, j + 1) || walk(i + 1, j);
        else
            result = segmentOverlap(a[i], b[j]) && walk(i + 1, j + 1);
        memo.set(k, result);
        return result;
    };
    return walk(0, 0);
}
/** Whether two one-segment globs (`*`, `?`, literals) can match the same name. */
function segmentOverlap(p, q) {
    if (!p.includes('*') && !p.includes('?') && !q.includes('*') && !q.includes('?'))
        return p === q;
    var memo = new Map();
    var walk = function (x, y) {
        if (x === p.length && y === q.length)
            return true;
        var k = x * (q.length + 1) + y;
        var seen = memo.get(k);
        if (seen !== undefined)
            return seen;
        var result = false;
        if (p[x] === '*')
            result = walk(x + 1, y) || (y < q.length && walk(x, y + 1));
        else if (q[y] === '*')
            result = walk(x, y + 1) || (x < p.length && walk(x + 1, y));
        else if (x < p.length && y < q.length)
            result = (p[x] === q[y] || p[x] === '?' || q[y] === '?') && walk(x + 1, y + 1);
        memo.set(k, result);
        return result;
    };
    return walk(0, 0);
}
/** Workspace ids are opaque repository identities (`<remote>@<root commit>`), never machine paths. */
function normalizeWorkspace(raw) {
    if (typeof raw !== 'string' || !/^[A-Za-z0-9._:/@+~-]{1,200}$/.test(raw)) {
        (0, context_js_1.fail)(400, "workspace must be a repository identity of 1-200 characters from [A-Za-z0-9._:/@+~-], e.g. 'github.com/acme/app@1a2b3c4d5e6f'; `agora lease` computes it from the git root commit and remote");
    }
    if (raw.startsWith('/'))
        (0, context_js_1.fail)(400, "workspace '".concat(raw, "' looks like a machine path; send the repository identity (remote@root-commit) so seats on other machines share the lease"));
    return raw;
}

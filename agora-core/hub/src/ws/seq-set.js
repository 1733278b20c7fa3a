"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SeqSet = void 0;
/**
 * The seqs of one channel a connection has already accounted for (sent, or the viewer's own), as
 * sorted disjoint runs. A single high-water is not enough: a live push can land above seqs the
 * backlog has not sent yet, and a high-water would then skip them for good. Channel seqs are
 * contiguous, so runs merge as they fill and memory stays a handful of pairs per channel.
 */
var SeqSet = /** @class */ (function () {
    function SeqSet() {
        /** Sorted, disjoint, non-adjacent [lo, hi] runs. */
        this.runs = [];
    }
    SeqSet.prototype.has = function (seq) {
        var i = this.runBefore(seq);
        return i >= 0 && this.runs[i][1] >= seq;
    };
    SeqSet.prototype.add = function (seq) {
        var runs = this.runs;
        var i = this.runBefore(seq);
        if (i >= 0 && runs[i][1] >= seq)
            return;
        var joinsLeft = i >= 0 && runs[i][1] === seq - 1;
        var joinsRight = i + 1 < runs.length && runs[i + 1][0] === seq + 1;
        if (joinsLeft && joinsRight) {
            runs[i][1] = runs[i + 1][1];
            runs.splice(i + 1, 1);
        }
        else if (joinsLeft)
            runs[i][1] = seq;
        else if (joinsRight)
            runs[i + 1][0] = seq;
        else
            runs.splice(i + 1, 0, [seq, seq]);
    };
    Object.defineProperty(SeqSet.prototype, "size", {
        /** How many runs are held (for tests: contiguous seqs collapse into one). */
        get: function () {
            return this.runs.length;
        },
        enumerable: false,
        configurable: true
    });
    /** Index of the last run starting at or below seq, or -1. Live pushes append, so check the tail first. */
    SeqSet.prototype.runBefore = function (seq) {
        var runs = this.runs;
        var hi = runs.length - 1;
        if (hi < 0 || runs[hi][0] <= seq)
            return hi;
        var lo = 0;
        while (lo < hi) {
            var mid = (lo + hi + 1) >> 1;
            if (runs[mid][0] <= seq)
                lo = mid;
            else
                hi = mid - 1;
        }
        return runs[lo][0] <= seq ? lo : -1;
    };
    return SeqSet;
}());
exports.SeqSet = SeqSet;

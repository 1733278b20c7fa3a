// reputation: message votes, history votes and the leaderboard.
// The public face of services/reputation/: code outside this folder imports from here only.

export {VOTES_SORT_MAX, historyByVotes, withRatings} from './history-votes.js'
export {leaderboard} from './leaderboard.js'
export {CATEGORIES, castVote, checkValue, cleanNote, dropRaterVotes, rateMessage, ratingTallies, ratingsOf, refuseRating, unrateMessage, votesAbout, withdrawVotes} from './votes.js'

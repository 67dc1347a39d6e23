//! Standings after any round: points, then tie-breaks in the tournament's order, then lots;
//! final ranks (written to the TRF rank column by [`apply_ranks`]); the cross table.
//!
//! # The tie-breaks
//! Every tie-break of FIDE's Tie-Break Regulations C.07 (2026) that applies to an individual
//! Swiss event, by the codes the regulations and FIDE's calculator (Gacrux) use, with their
//! modifiers: `/Cn` cuts the n least significant values, `/Mn` the n least and the n most
//! significant (median), `/Unnnn` gives unrated players that rating in the rating-based ones.
//! [`Tiebreak::parse`] reads a code, [`Tiebreak::code`] writes it; [`KINDS`] lists them with
//! what each measures. Two more are this program's own: `DE1` (the Dutch 1992 text's F.10:
//! the games between the players tied for first place, when all of them have met) and `MP`
//! (Double-Swiss: 2 for a match won, 1 drawn).
//!
//! # The default order
//! - Dutch 1992-2006 (seed text): its F.10: points; for first place only, the games between
//!   the tied players (`DE1`); the average rating of the opponents (`ARO`); lots.
//! - Dutch 2026, Dubov 1997 and Double-Swiss 2026: C.07's recommendation for individual Swiss
//!   events as read here (the regulations' text is not among the rule texts of this project:
//!   see the Readings): Buchholz Cut-1, Buchholz, direct encounter, wins, games with Black.
//!
//! A tournament records its order when it is created; an event log written before the order
//! was recorded (an empty list) keeps the defaults of that time ([`System::legacy_tiebreaks`]).
//!
//! # Unplayed rounds (C.07, 2026, art. 16)
//! A round is *played* when a game was played over the board (a Double-Swiss match: unless a
//! player forfeited both games, as its preface says). Every other round is *unplayed*:
//! pairing-allocated bye, requested byes, forfeits won or lost, announced absences, rounds
//! after a withdrawal or before a late entry. An unplayed round that gave no win (a forfeit
//! lost, a half- or zero-point bye, an absence, a round not paired) is a *voluntary unplayed
//! round* (VUR); a forfeit won, the pairing-allocated bye and a full-point bye are not.
//!
//! | tie-break | the player's own unplayed round | an opponent's unplayed rounds |
//! |---|---|---|
//! | BH, FB, their cuts | counts as a game against a dummy opponent whose score is the player's own final score, but no more than the forfeiting opponent's (16.4.1) or, with no opponent, than a draw in every round (16.4.2); a cut removes a VUR's contribution before any other | the opponent's score as scored, except that the rounds after the opponent's last round that was not a VUR and had no opponent count as draws (16.3: a withdrawal's rounds) |
//! | SB | the dummy's score times the points the round gave | as for Buchholz |
//! | AOB | the opponents played over the board only | — |
//! | DE | not an encounter | — |
//! | WIN, GE | a forfeit win is a win, and so is a bye that gives a win's points (the pairing-allocated bye, a full-point bye); GE counts the rounds that were not VURs | — |
//! | WON, BPG, BWG | not a game | — |
//! | ARO, TPR, PTP, APRO, APPO | left out | — |
//! | PS, STD, KS | the points it gave count | — |
//!
//! FIDE's tie-break calculator (Gacrux, `../shared/oracles/gacrux`) computes these the same
//! way; the agreement test in `engine/tests/engine/c07.rs` holds us to it.
//!
//! # Round-robins (C.07's pre-determined pairings; C.05)
//! In a round-robin every game is scheduled by the tables, and FIDE's calculator, in its
//! round-robin mode, counts it against its scheduled opponent whether played or forfeited: SB
//! takes each opponent's score as scored (no dummy, no 16.3 adjustment), a rest (the bye
//! number of an odd field) adds nothing; DE counts a forfeited game between tied players with
//! its result; KS's limit is half of the games a player had (the rounds they had an opponent),
//! not of the rounds. Held to the calculator on its 50 round-robins
//! (`engine/tests/engine/round_robin.rs`). C.05 on a withdrawal: a player who withdrew having
//! played fewer than half of their games over the board counts for nobody ([`annulled`]): the
//! games against them are left out of everyone's points and tie-breaks, and they are listed
//! last without a place; [`standings_of_table`] counts every game, as the cross table shows it.
//!
//! # Readings
//! - C.07's recommended order for round-robins, as read here (the text was not available):
//!   direct encounter, wins, Sonneborn-Berger, Koya (the order FIDE's earlier tie-break
//!   regulations gave individual round-robins).
//! - C.05's "completed less than 50% of the games" is read as played over the board, out of the
//!   player's games in the whole event (a forfeit is not a game completed).
//! - C.07's recommended order for individual Swiss events (the defaults above): the text was
//!   not available to this project; BH/C1, BH, DE, WIN, BPG is the order as recalled from it,
//!   every one of them a tie-break of C.07, and the chief arbiter sets any other before round 1.
//! - Direct encounter (DE) as the calculator reads C.07: among the players still tied, each
//!   one's points against the others; when every two of them have met, the points order them;
//!   otherwise a player is placed ahead only when their points exceed the most that any player
//!   below could still have reached against the group (a win for every missing encounter), and
//!   the rest stay tied; then the same again within each group that was split. The value shown
//!   is the place so found within the tied group (1 first), 0 when it separates nobody.
//! - Rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG): C.07 leaves the rating of an
//!   unrated player to the tournament's regulations. Without one (`/Unnnn`) they are not
//!   computed (shown `-`) as soon as any player of the tournament is unrated, as the calculator
//!   does; with one, unrated players count as rated so. TPR and PTP use FIDE's conversion
//!   tables (Rating Regulations 8.1 (a) and (b)), a whole score (100 %) worth 800 and a zero
//!   score -800.
//! - Cuts of the rating-based ones remove the lowest (and, for a median, the highest) rated
//!   opponents played; unplayed rounds are not among them. Cuts of Sonneborn-Berger are chosen
//!   by the opponent's score, as for Buchholz.
//! - Fore Buchholz (FB): after the final round, a player who had an opponent in it (played or
//!   forfeited) counts that round as a draw, both in the score they give their opponents and in
//!   their own dummy score; before the final round FB is Buchholz.
//! - Koya (KS): the points scored against the opponents (played or forfeited) who finished
//!   with at least half of the maximum score.
//! - Dutch 1992's `DE1` separates a tied group only when every two of its players have played
//!   each other, and only for first place. In Double-Swiss the score is the game points (each
//!   match gives 0 to 2); `MP` counts 2 for a match won, 1 drawn, 0 lost, byes by the points
//!   they give.
//!
//! # Files
//! - `table.rs`: the types ([`Value`], [`Row`], [`Standings`]).
//! - `ranks.rs`: the standings after a round, C.05's withdrawals, the ranks written back.
//! - `facts.rs`: what every tie-break reads of each round (article 16's unplayed rounds).
//! - `context.rs`: the context the tie-breaks are computed in; `values.rs` chooses the family
//!   by code: `buchholz.rs` (the opponents' scores), `ratings.rs` (the rating-based ones and
//!   FIDE's conversion tables), `encounter.rs` (direct encounter).
//! - `cross_table.rs`: the cross table.
//! - `team/`: the standings of team competitions and their tie-breaks (articles 11-16).

mod buchholz;
mod context;
mod cross_table;
mod encounter;
mod facts;
mod ranks;
mod ratings;
mod table;
mod team;
mod values;

pub use cross_table::{cross_table, cross_table_rows};
pub use ranks::{annulled, apply_ranks, standings, standings_of_table};
pub use table::{Row, Standings, Value};
pub use team::{
    default_team_tiebreaks, parse_team_tiebreaks, team_standings, TeamRow, TeamStandings,
    TeamTiebreak,
};

//! FIDE's Swiss Team Pairing System (C.04.6, applied from 1 February 2026): the
//! pairing-allocated bye first (3.4), then the top-scoregroup with the upfloaters 3.5 selects,
//! paired as a bracket by 3.6, until every team is paired; the colours last (article 4), in
//! the three colour modes (Type A, Type B, none) and with either score primary.
//!
//! Files: `field.rs` the teams as the round sees them (1.2, 1.5-1.7), `procedure.rs` article
//! 3, `colours.rs` article 4, `tiers.rs` criteria as tiers of one matching's weights.
//!
//! # Readings
//!
//! Where the text leaves room, this is how it is read (and how FIDE's calculator Gacrux reads
//! it, which the reference data in `../shared/reference/team-swiss` was made with):
//!
//! - [C1]: a match forfeited as a whole (record 330) was not played, so the two teams have not
//!   played each other and may be paired again. It gives no colour (1.6.1) and makes no
//!   floater; its winner may no longer have the bye ([C2]).
//! - 1.5: a floater is a team that played (a match actually played) an opponent whose primary
//!   score before that round was different; a team with the bye is no floater. [C7] and
//!   [C10] look at the previous round only.
//! - "The last two rounds" ([C7], [C10]) and "the last round" (1.7.2) are counted from the
//!   rounds planned (record 142); with no number of rounds, no round is one of the last.
//! - 3.4.3: matches played are matches actually played (not byes, not matches forfeited as a
//!   whole).
//! - 3.5: the sets of upfloaters are compared by [C4] (their number), then [C5] (the number at
//!   the largest score difference, then the next, ...), then [C6], then [C7] (the fewest
//!   floaters, "comply as much as possible", 2.3), then 3.5.4's order; a set is a candidate
//!   only if the bracket and all the teams left can be paired ([C1], [C3]).
//! - [C6]: "the following scoregroup" is the round's next score below the top-scoregroup's;
//!   it is complied with when what is left of that scoregroup can be paired with the fewest
//!   upfloaters its size allows (none when even, one when odd) and everything below it still
//!   pairs. When no set of the best [C5] profile can comply, [C6] decides nothing.
//! - 3.6.4: [C8], [C9] and [C10] are minimised in that order, then the identifier of 3.6.2
//!   decides. [C8] counts pairs whose two teams prefer the same colour (article 4 grants every
//!   other preference); [C9] pairs of two strong preferences for the same colour (Type B).
//! - 4.1: with no initial-colour in the file (record 152), White.
//! - 4.3.6: the played colours of the two teams are compared from the last back, each
//!   sequence without the rounds the team did not play (General Handling Rules 3.4).
//! - The matches are listed by the higher score of the pair, then the sum of the scores, then
//!   the lower TPN (the text says nothing; Gacrux's order).
//! - No team is absent: every team of the file is paired (absences and requested byes, records
//!   240, are not read yet).

mod colours;
mod field;
mod procedure;
mod tiers;

pub use field::{preference, Preference, Strength};
pub use procedure::{identifier, pair};

use crate::model::ids::RoundNo;
use crate::model::team::TeamTpn;
use crate::pairing::explanation::Step;

/// A round's pairing of teams.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamPairing {
    /// The round paired.
    pub round: RoundNo,
    /// The matches, the team with White on board 1 first, in board order.
    pub pairs: Vec<(TeamTpn, TeamTpn)>,
    /// The team given the pairing-allocated bye.
    pub bye: Option<TeamTpn>,
    /// The explanation.
    pub steps: Vec<Step>,
}

/// Why a round of teams cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamPairingError {
    /// No pairing complies with the absolute criteria (3.3.3: the Chief Arbiter decides).
    #[error("round {round} has no legal pairing: no pairing keeps every team from meeting an opponent again and the bye from a team that had it (3.3.3: the Chief Arbiter decides)")]
    NoLegalPairing {
        /// The round.
        round: RoundNo,
    },
    /// Every round planned (record 142) has been paired.
    #[error("every one of the {rounds} rounds planned has been paired")]
    TournamentComplete {
        /// The rounds planned.
        rounds: u16,
    },
    /// Fewer than two teams.
    #[error("a round needs at least two teams")]
    TooFewTeams,
}

#[cfg(test)]
mod tests;

//! Dutch F.4 and E.5: round 1.
use crate::model::ids::RoundNo;
use crate::model::settings::System;
use crate::model::tournament::Tournament;
use crate::pairing::common::check_no_forbidden;
use crate::pairing::common::half_against_half;
use crate::pairing::common::tpn_list as list_tpn;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::RoundPairing;

/// Dutch F.4: all players form one homogeneous bracket ordered by A.2; if the number is odd the
/// lowest ranked gets the bye; the highest of S1 plays the highest of S2, and so on.
/// E.5 with A.7: the lot gives the first player of S1 a colour; S1's odd-numbered players
/// (1st, 3rd, ... in S1) get that colour and its even-numbered ones the other.
///
/// Reading: "even numbered players in S1" counts positions in S1, which is also how Dubov 5
/// words it ("all odd-numbered pairs"); with no absentees this is the pairing number.
///
/// `None` when the straight pairing holds a forbidden pair: the general procedure pairs then.
pub(super) fn round_one(tournament: &Tournament, round: RoundNo) -> Option<RoundPairing> {
    let mut explanation = vec![Step::new(
        "F.4",
        "round 1: one homogeneous score bracket, ordered by A.2.",
    )];
    let r = half_against_half(tournament, round, &mut explanation);
    check_no_forbidden(tournament, System::Dutch1992, round, &r.pairs).ok()?;
    if let Some(b) = r.bye {
        explanation.push(Step::new(
            "F.4",
            format!("the number of players is odd; the lowest ranked, {b}, gets the bye (A.5)."),
        ));
    }
    explanation.push(Step::new(
        "A.6",
        format!(
            "p = {}; S1 = {}; S2 = {}.",
            r.upper.len(),
            list_tpn(&r.upper),
            list_tpn(&r.lower)
        ),
    ));
    explanation.push(Step::new(
        "E.5",
        format!(
            "S1's odd-numbered players get {} (the lot, A.7), its even-numbered ones the other colour.",
            r.first.name()
        ),
    ));
    Some(RoundPairing {
        round,
        pairs: r.pairs,
        bye: r.bye,
        explanation,
    })
}

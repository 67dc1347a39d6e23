//! Dutch F.4 and E.5: round 1.
use crate::model::ids::RoundNo;
use crate::model::settings::System;
use crate::model::tournament::Tournament;
use crate::pairing::common::check_no_forbidden;
use crate::pairing::common::half_against_half;
use crate::pairing::common::player_named;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::RoundPairing;

/// Players as the explanation lists them: "1 Garcia López, 2 Ng".
fn named(tournament: &Tournament, players: &[crate::model::ids::Tpn]) -> String {
    crate::pairing::explanation::joined(players, ", ", |out, &t| {
        out.push_str(&player_named(tournament, t));
        Ok(())
    })
}

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
            format!(
                "the number of players is odd; the lowest ranked, {}, gets the bye (A.5).",
                player_named(tournament, b)
            ),
        ));
    }
    explanation.push(Step::new(
        "A.6",
        format!(
            "p = {}; S1 = {}; S2 = {}.",
            r.upper.len(),
            named(tournament, &r.upper),
            named(tournament, &r.lower)
        ),
    ));
    explanation.push(Step::new(
        "E.5",
        format!(
            "the lot drawn before round 1 gave {} (A.7): S1's odd-numbered players get it, \
             its even-numbered ones the other colour.",
            r.first.name()
        ),
    ));
    for (k, &(w, b)) in r.pairs.iter().enumerate().take(200) {
        let upper_white = r.upper.get(k) == Some(&w);
        explanation.push(Step::new(
            "E.5",
            format!(
                "board {}: {} - {}: {}, {} of S1, gets {}.",
                k + 1,
                player_named(tournament, w),
                player_named(tournament, b),
                player_named(tournament, if upper_white { w } else { b }),
                if k % 2 == 0 {
                    "an odd-numbered player"
                } else {
                    "an even-numbered player"
                },
                if upper_white { "White" } else { "Black" }
            ),
        ));
    }
    Some(RoundPairing {
        round,
        pairs: r.pairs,
        bye: r.bye,
        explanation,
    })
}

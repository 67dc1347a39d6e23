//! Dubov 5: the pairing for the first round.
use crate::model::ids::RoundNo;
use crate::model::settings::System;
use crate::model::tournament::Tournament;
use crate::pairing::common::check_no_forbidden;
use crate::pairing::common::half_against_half;
use crate::pairing::common::player_named;
use crate::pairing::explanation::Step;
use crate::pairing::proposal::RoundPairing;

/// Dubov 5: the list is divided into two equal parts, the first of the upper part plays the
/// first of the lower part, and so on; the lot gives the first pair its colours, odd-numbered
/// pairs the same and even-numbered pairs the other. With an odd number the last player in the
/// list gets the bye, having no colour.
///
/// Reading: "the player's list calculated before" is the starting list, ordered as the
/// pairing numbers were fixed (rating, title, name).
///
/// `None` when the straight pairing holds a forbidden pair: the general procedure pairs then.
pub(super) fn round_one(tournament: &Tournament, round: RoundNo) -> Option<RoundPairing> {
    let mut explanation = vec![Step::new(
        "5",
        "round 1: the starting list divided into two equal parts.",
    )];
    let r = half_against_half(tournament, round, &mut explanation);
    check_no_forbidden(tournament, System::Dubov, round, &r.pairs).ok()?;
    if let Some(b) = r.bye {
        explanation.push(Step::new(
            "5",
            format!(
                "the number of players is odd; the last in the list, {}, gets the bye.",
                player_named(tournament, b)
            ),
        ));
    }
    explanation.push(Step::new(
        "5",
        format!(
            "the lot drawn before round 1 gave {}: the first pair's left-hand player gets it; odd \
             pairs alike, even pairs the other way.",
            r.first.name()
        ),
    ));
    for (k, &(w, b)) in r.pairs.iter().enumerate().take(200) {
        let upper_white = r.upper.get(k) == Some(&w);
        explanation.push(Step::new(
            "5",
            format!(
                "board {}: {} - {}: {} of the upper half gets {}, {}.",
                k + 1,
                player_named(tournament, w),
                player_named(tournament, b),
                player_named(tournament, if upper_white { w } else { b }),
                if upper_white { "White" } else { "Black" },
                if k % 2 == 0 {
                    "the lot's colour in an odd-numbered pair"
                } else {
                    "the other colour in an even-numbered pair"
                }
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

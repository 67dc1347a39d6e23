//! Dubov 2026 Article 2's criteria in our words, for the explanation: each code given with
//! what it asks the first time a score group's story names it
//! (`crate::pairing::explanation::gloss_bracketed`).
use crate::pairing::explanation::Meanings;

/// [C1]-[C10], each with its meaning, short, from the text of Article 2.
pub(crate) const CRITERIA: Meanings = &[
    ("C1", "no two players meet twice"),
    (
        "C2",
        "no pairing-allocated bye to a player who had one or scored a win's points without playing",
    ),
    (
        "C3",
        "no game between two players with the same absolute colour preference",
    ),
    ("C4", "the players not yet paired can all still be paired"),
    ("C5", "as few upfloaters as possible"),
    (
        "C6",
        "upfloaters with scores as high as possible, the smallest score differences first",
    ),
    (
        "C7",
        "the fewest players who do not get their colour preference",
    ),
    (
        "C8",
        "the fewest upfloaters who are maximum upfloaters, except in the last round",
    ),
    (
        "C9",
        "the fewest times the maximum upfloaters chosen have upfloated, except in the last round",
    ),
    (
        "C10",
        "the fewest upfloaters who upfloated the round before, except in the last round",
    ),
];

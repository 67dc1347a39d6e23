//! Burstein 2026 Article 2's criteria in our words, for the explanation: each code given with
//! what it asks the first time a score group's story names it
//! (`crate::pairing::explanation::gloss_bracketed`).
use crate::pairing::explanation::Meanings;

/// [C1]-[C8], each with its meaning, short, from the text of Article 2.
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
    (
        "C5",
        "as many pairs as possible, that is as few outgoing floaters as possible",
    ),
    ("C6", "outgoing floaters with scores as low as possible"),
    (
        "C7",
        "outgoing floaters that let the next bracket meet C1-C6",
    ),
    (
        "C8",
        "the fewest players who do not get their colour preference",
    ),
];

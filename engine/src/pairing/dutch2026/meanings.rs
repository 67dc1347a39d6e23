//! Dutch 2026 Article 2's criteria in our words, for the explanation: each code given with
//! what it asks the first time a bracket's story names it (`Glossary`).
use crate::pairing::explanation::Meanings;

/// [C1]-[C21], each with its meaning, short, from the text of Article 2.
pub(crate) const CRITERIA: Meanings = &[
    ("C1", "no two players meet twice"),
    (
        "C2",
        "no pairing-allocated bye to a player who had one or scored a win's points without playing",
    ),
    (
        "C3",
        "no game between two non-topscorers with the same absolute colour preference",
    ),
    ("C4", "the players not yet paired can all still be paired"),
    (
        "C5",
        "the pairing-allocated bye to the lowest score possible",
    ),
    ("C6", "as few downfloaters as possible"),
    ("C7", "downfloaters with scores as low as possible"),
    (
        "C8",
        "downfloaters that let the next bracket meet C1-C7 as well as it can",
    ),
    ("C9", "the bye to the player with the fewest unplayed games"),
    (
        "C10",
        "the fewest topscorers or their opponents with a colour difference beyond +2 or -2",
    ),
    (
        "C11",
        "the fewest topscorers or their opponents with one colour three times in a row",
    ),
    (
        "C12",
        "the fewest players who do not get their colour preference",
    ),
    (
        "C13",
        "the fewest players who do not get a strong or absolute colour preference",
    ),
    (
        "C14",
        "the fewest resident downfloaters who downfloated the round before",
    ),
    (
        "C15",
        "the fewest opponents of moved-down players who upfloated the round before",
    ),
    (
        "C16",
        "the fewest resident downfloaters who downfloated two rounds before",
    ),
    (
        "C17",
        "the fewest opponents of moved-down players who upfloated two rounds before",
    ),
    (
        "C18",
        "the smallest score differences for moved-down players who downfloated the round before",
    ),
    (
        "C19",
        "the smallest score differences for opponents of moved-down players who upfloated the \
         round before",
    ),
    (
        "C20",
        "the smallest score differences for moved-down players who downfloated two rounds before",
    ),
    (
        "C21",
        "the smallest score differences for opponents of moved-down players who upfloated two \
         rounds before",
    ),
];

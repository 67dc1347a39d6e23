//! The tie-breaks' names: every tie-break of FIDE's Tie-Break Regulations C.07 (2026) for
//! individual events by the codes the regulations and FIDE's calculator (Gacrux) use, with
//! their modifiers (`/Cn` cuts, `/Mn` medians, `/Unnnn` the rating of unrated players), and
//! what each measures. A leaf of the model: the settings name an order of tie-breaks, the TRF
//! records 202 and 212 write it, and [`crate::standings`] computes them.

/// What a tie-break measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// BH: the sum of the opponents' scores.
    Buchholz,
    /// FB: Buchholz as if the final round's games had been draws.
    ForeBuchholz,
    /// SB: the opponents' scores, each times the points scored against them.
    SonnebornBerger,
    /// AOB: the average of the Buchholz of the opponents played.
    AverageOfOpponentsBuchholz,
    /// DE: the games between the tied players.
    DirectEncounter,
    /// DE1 (Dutch 1992 F.10): direct encounter for the players tied for first place only.
    DirectEncounterForFirst,
    /// WIN: rounds won, played or not.
    Wins,
    /// WON: games won over the board.
    GamesWon,
    /// BPG: games played with Black.
    GamesWithBlack,
    /// BWG: games won with Black.
    WinsWithBlack,
    /// GE: rounds one elected to play (not a voluntary unplayed round).
    GamesElected,
    /// ARO: the average rating of the opponents played.
    AverageRatingOfOpponents,
    /// TPR: the tournament performance rating.
    PerformanceRating,
    /// PTP: the perfect tournament performance.
    PerfectPerformance,
    /// APRO: the average of the opponents' performance ratings.
    AverageOfOpponentsPerformance,
    /// APPO: the average of the opponents' perfect performances.
    AverageOfOpponentsPerfectPerformance,
    /// PS: the sum of the running score after each round.
    ProgressiveScore,
    /// KS: the points scored against the opponents with at least half the maximum score.
    Koya,
    /// STD: the standard points, 1 for a round won, ½ drawn, whatever the point system.
    StandardPoints,
    /// TPN: the pairing number, lowest first.
    PairingNumber,
    /// RTNG: the rating, highest first.
    Rating,
    /// MP (Double-Swiss): 2 for a match won, 1 drawn, 0 lost.
    MatchPoints,
}

/// Which modifiers a tie-break takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Takes {
    Nothing,
    /// `/Cn` and `/Mn`.
    Cuts,
    /// `/Cn` only (PS: the first n rounds).
    CutFirst,
    /// `/Unnnn`.
    Unrated,
    /// `/Cn`, `/Mn` and `/Unnnn`.
    CutsUnrated,
}

/// Every tie-break: its kind, its code and what it means (the pages show it beside the code).
pub const KINDS: [(Kind, &str, &str); 22] = [
    (Kind::Buchholz, "BH", "Buchholz: the sum of the opponents' scores"),
    (Kind::ForeBuchholz, "FB", "Fore Buchholz: Buchholz as if the final round's games had been drawn"),
    (Kind::SonnebornBerger, "SB", "Sonneborn-Berger: each opponent's score times the points scored against them"),
    (Kind::AverageOfOpponentsBuchholz, "AOB", "Average of the opponents' Buchholz"),
    (Kind::DirectEncounter, "DE", "Direct encounter: the games between the tied players (the place among them; 0 when it separates nobody)"),
    (Kind::DirectEncounterForFirst, "DE1", "Direct encounter for first place only (Dutch 1992 F.10): the points scored against the other players tied for first, when all have met"),
    (Kind::Wins, "WIN", "Wins: rounds won, over the board or not (forfeit wins, the pairing-allocated bye, full-point byes)"),
    (Kind::GamesWon, "WON", "Games won over the board"),
    (Kind::GamesWithBlack, "BPG", "Games played with Black"),
    (Kind::WinsWithBlack, "BWG", "Games won with Black"),
    (Kind::GamesElected, "GE", "Rounds one elected to play: every round but half- and zero-point byes, forfeits lost and absences"),
    (Kind::AverageRatingOfOpponents, "ARO", "Average rating of the opponents played"),
    (Kind::PerformanceRating, "TPR", "Tournament performance rating"),
    (Kind::PerfectPerformance, "PTP", "Perfect tournament performance: the rating at which the expected score reaches the score made"),
    (Kind::AverageOfOpponentsPerformance, "APRO", "Average of the opponents' performance ratings"),
    (Kind::AverageOfOpponentsPerfectPerformance, "APPO", "Average of the opponents' perfect performances"),
    (Kind::ProgressiveScore, "PS", "Progressive score: the sum of the running score after each round"),
    (Kind::Koya, "KS", "Koya: the points scored against the opponents with at least half of the maximum score"),
    (Kind::StandardPoints, "STD", "Standard points: 1 for a round won, ½ drawn, 0 lost, whatever the point values"),
    (Kind::PairingNumber, "TPN", "Pairing number, lowest first"),
    (Kind::Rating, "RTNG", "Rating, highest first"),
    (Kind::MatchPoints, "MP", "Match points (Double-Swiss): 2 for a match won, 1 drawn, 0 lost"),
];

impl Kind {
    /// The code, as C.07 and the calculator write it.
    pub fn code(self) -> &'static str {
        KINDS
            .iter()
            .find(|(k, _, _)| *k == self)
            .map_or("?", |(_, c, _)| c)
    }

    /// What it measures, in a sentence.
    pub fn meaning(self) -> &'static str {
        KINDS
            .iter()
            .find(|(k, _, _)| *k == self)
            .map_or("?", |(_, _, m)| m)
    }

    fn takes(self) -> Takes {
        match self {
            Kind::Buchholz | Kind::ForeBuchholz | Kind::SonnebornBerger => Takes::Cuts,
            Kind::AverageOfOpponentsBuchholz => Takes::Cuts,
            Kind::ProgressiveScore => Takes::CutFirst,
            Kind::AverageRatingOfOpponents | Kind::PerformanceRating | Kind::PerfectPerformance => {
                Takes::CutsUnrated
            }
            Kind::AverageOfOpponentsPerformance
            | Kind::AverageOfOpponentsPerfectPerformance
            | Kind::Rating => Takes::Unrated,
            _ => Takes::Nothing,
        }
    }

    /// Lower values rank higher (a place, a pairing number).
    pub fn ascending(self) -> bool {
        matches!(self, Kind::DirectEncounter | Kind::PairingNumber)
    }
}

/// A tie-break with its modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tiebreak {
    /// What it measures.
    pub kind: Kind,
    /// How many of the least significant values are cut (`/Cn`, and `/Mn`).
    pub cut_low: u8,
    /// How many of the most significant values are cut (`/Mn`).
    pub cut_high: u8,
    /// The rating an unrated player counts with (`/Unnnn`).
    pub unrated: Option<u16>,
}

impl Tiebreak {
    /// `kind` without modifiers.
    pub const fn of(kind: Kind) -> Tiebreak {
        Tiebreak {
            kind,
            cut_low: 0,
            cut_high: 0,
            unrated: None,
        }
    }

    /// `kind` with the `n` least significant values cut (`/Cn`).
    pub const fn cut(kind: Kind, n: u8) -> Tiebreak {
        Tiebreak {
            kind,
            cut_low: n,
            cut_high: 0,
            unrated: None,
        }
    }

    /// `kind` with the `n` least and `n` most significant values cut (`/Mn`).
    pub const fn median(kind: Kind, n: u8) -> Tiebreak {
        Tiebreak {
            kind,
            cut_low: n,
            cut_high: n,
            unrated: None,
        }
    }

    /// The code, as C.07 and the calculator write it (`BH/C1`, `ARO/U1000`).
    pub fn code(&self) -> String {
        let mut out = self.kind.code().to_string();
        if self.cut_high > 0 {
            out.push_str(&format!("/M{}", self.cut_high));
        } else if self.cut_low > 0 {
            out.push_str(&format!("/C{}", self.cut_low));
        }
        if let Some(r) = self.unrated {
            out.push_str(&format!("/U{r}"));
        }
        out
    }

    /// What it measures, with its modifiers, in a sentence.
    pub fn meaning(&self) -> String {
        let mut out = self.kind.meaning().to_string();
        // "the lowest value", "the 2 lowest values".
        let some = |n: u8, one: &str, many: &str| {
            if n == 1 {
                format!("the {one}")
            } else {
                format!("the {n} {many}")
            }
        };
        let rated = self.kind.takes() == Takes::CutsUnrated;
        if self.cut_high > 0 {
            let what = if rated {
                some(
                    self.cut_high,
                    "lowest- and the highest-rated opponent",
                    "lowest- and highest-rated opponents",
                )
            } else {
                some(
                    self.cut_high,
                    "lowest and the highest value",
                    "lowest and highest values",
                )
            };
            out.push_str(&format!(", without {what}"));
        } else if self.cut_low > 0 {
            let what = match self.kind.takes() {
                Takes::CutFirst => some(self.cut_low, "first round", "first rounds"),
                _ if rated => some(
                    self.cut_low,
                    "lowest-rated opponent",
                    "lowest-rated opponents",
                ),
                _ => some(self.cut_low, "lowest value", "lowest values"),
            };
            out.push_str(&format!(", without {what}"));
        }
        if let Some(r) = self.unrated {
            out.push_str(&format!("; an unrated player counts as {r}"));
        }
        out
    }

    /// Reads a code: C.07's and the calculator's (`BH/C1`, `BH/M1`, `ARO/U1000`, `SNO` for
    /// `TPN`, `REP` for `GE`), and the forms this program wrote before (`BH-C1`, `BH-M1`).
    /// The error names what is wrong.
    pub fn parse(code: &str) -> Result<Tiebreak, String> {
        let text = code.trim().to_ascii_uppercase();
        let text = if text.contains('/') {
            text
        } else {
            text.replacen('-', "/", 1)
        };
        let mut parts = text.split('/');
        let name = parts.next().unwrap_or_default();
        let name = match name {
            "SNO" => "TPN",
            "REP" => "GE",
            other => other,
        };
        let Some(&(kind, _, _)) = KINDS.iter().find(|(_, c, _)| *c == name) else {
            return Err(format!(
                "{code:?} is not a tie-break (one of {})",
                KINDS
                    .iter()
                    .map(|(_, c, _)| *c)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        };
        let mut tb = Tiebreak::of(kind);
        for m in parts {
            let (letter, number) = m.split_at(m.len().min(1));
            let n: Option<u32> = number.parse().ok();
            let takes = kind.takes();
            match (letter, n) {
                ("C", Some(n @ 1..=9))
                    if matches!(takes, Takes::Cuts | Takes::CutsUnrated | Takes::CutFirst) =>
                {
                    tb.cut_low = n as u8;
                    tb.cut_high = 0;
                }
                ("M", Some(n @ 1..=9)) if matches!(takes, Takes::Cuts | Takes::CutsUnrated) => {
                    tb.cut_low = n as u8;
                    tb.cut_high = n as u8;
                }
                ("U", Some(r @ 0..=4000))
                    if matches!(takes, Takes::Unrated | Takes::CutsUnrated) =>
                {
                    tb.unrated = Some(r as u16);
                }
                _ => {
                    let allowed = match takes {
                        Takes::Nothing => "none".to_string(),
                        Takes::Cuts => "/C1-/C9 (cut the lowest), /M1-/M9 (median)".into(),
                        Takes::CutFirst => "/C1-/C9 (leave out the first rounds)".into(),
                        Takes::Unrated => "/U0-/U4000 (the rating of unrated players)".into(),
                        Takes::CutsUnrated => {
                            "/C1-/C9, /M1-/M9, /U0-/U4000 (the rating of unrated players)".into()
                        }
                    };
                    return Err(format!(
                        "{code:?}: {name} takes no modifier {m:?} (its modifiers: {allowed})"
                    ));
                }
            }
        }
        Ok(tb)
    }

    /// The tie-break for a code ([`Tiebreak::parse`] without the reason).
    pub fn from_code(code: &str) -> Option<Tiebreak> {
        Tiebreak::parse(code).ok()
    }
}

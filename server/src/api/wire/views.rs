//! The views of a tournament: the tournament, its players, a round by board and by name, the
//! proposal with its explanation, the standings, a player's card, Dubov's AROs; each converted
//! explicitly from the application's answers.

use super::settings::{Details, Settings, System};
use super::vocabulary::{results_text, Bye, Color, Float};
use events::app;
use serde::Serialize;

/// A tournament.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Tournament {
    /// Its identifier.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its settings.
    pub settings: Option<Settings>,
    /// Its details: place, dates, arbiters, time control.
    pub details: Details,
    /// Players registered.
    pub players: usize,
    /// Rounds published.
    pub rounds_published: usize,
    /// Whether it is closed.
    pub closed: bool,
    /// The sequence number of its last event (a live connection resumes after it).
    pub last_seq: u64,
}

impl From<app::Summary> for Tournament {
    fn from(s: app::Summary) -> Tournament {
        Tournament {
            id: s.id.to_string(),
            name: s.name,
            settings: s.settings.as_ref().map(Into::into),
            details: (&s.details).into(),
            players: s.players,
            rounds_published: s.rounds_published,
            closed: s.closed,
            last_seq: s.last_seq,
        }
    }
}

/// A player, with both numbers: `player`, the registration number (given in the order of
/// registration, never changed: paths and the log use it), and `tpn`, the pairing number
/// (the initial ranking's order; the system's rules say when it is final).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Player {
    /// The registration number.
    pub player: u32,
    /// The pairing number.
    pub tpn: Option<u32>,
    /// Name.
    pub name: String,
    /// Rating.
    pub rating: Option<u16>,
    /// Title.
    pub title: Option<&'static str>,
    /// Federation.
    pub federation: Option<String>,
    /// FIDE id.
    pub fide_id: Option<u64>,
    /// The first round no longer played.
    pub withdrawn_from: Option<u16>,
    /// The byes asked for and absences announced for rounds not yet published (left out when
    /// there is none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requested_byes: Vec<RequestedFor>,
    /// A late entry's first round (left out for a player registered before round 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub late_from: Option<u16>,
    /// Under the Baku acceleration (C.04.7 1.2): the player's group, `A` or `B`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baku_group: Option<String>,
    /// The virtual points for the next round to pair, when the player has some (C.04.7 1.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub virtual_points_next: Option<String>,
}

/// A group of players kept apart: no two of them are paired in rounds `from_round` to
/// `to_round` (TRF-2026 record 260).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct KeptApartGroup {
    /// The group's number (for its removal).
    pub group: u32,
    /// The players.
    pub players: Vec<Player>,
    /// The first round.
    pub from_round: u16,
    /// The last round (left out: the tournament's last).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_round: Option<u16>,
}

/// A bye asked for (or an absence announced) for a round not yet published.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RequestedFor {
    /// The round.
    pub round: u16,
    /// Which: `half`, `full`, or `zero` (a zero-point bye or an announced absence).
    pub kind: Bye,
}

impl From<app::PlayerView> for Player {
    fn from(p: app::PlayerView) -> Player {
        Player {
            player: p.key.0,
            tpn: p.tpn.map(|t| t.get()),
            name: p.name,
            rating: p.rating,
            title: p.title.map(|t| t.as_str()),
            federation: p.federation,
            fide_id: p.fide_id,
            withdrawn_from: p.withdrawn_from,
            requested_byes: p
                .requested
                .into_iter()
                .map(|(round, kind)| RequestedFor {
                    round,
                    kind: kind.into(),
                })
                .collect(),
            late_from: p.late_from,
            baku_group: p.baku_group.map(String::from),
            virtual_points_next: p.virtual_next.map(|v| v.to_string()),
        }
    }
}

/// A player with a score ("3.5").
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ScoredPlayer {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// The score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    /// In an accelerated round (C.04.7): the pairing score, the score plus the virtual points
    /// (left out otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairing_score: Option<String>,
}

impl From<app::Scored> for ScoredPlayer {
    fn from(s: app::Scored) -> ScoredPlayer {
        ScoredPlayer {
            player: s.player.into(),
            pairing_score: s
                .virtual_points
                .map(|v| (s.score.unwrap_or_default() + v).to_string()),
            score: s.score.map(|p| p.to_string()),
        }
    }
}

/// A board of a published round.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Board {
    /// 1 for the first.
    pub board: u32,
    /// White (in a match: White in game 1).
    pub white: ScoredPlayer,
    /// Black.
    pub black: ScoredPlayer,
    /// The result as arbiters write it, one per game, once recorded.
    pub games: Option<Vec<String>>,
    /// Who of the players reported the result, when it came from their reports (left out
    /// when an arbiter entered it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reported_by: Option<NamedPlayer>,
    /// Who confirmed their report (the opponent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmed_by: Option<NamedPlayer>,
}

/// A player named with their registration number.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct NamedPlayer {
    /// The registration number.
    pub player: u32,
    /// The name.
    pub name: String,
}

impl From<&app::PlayerView> for NamedPlayer {
    fn from(p: &app::PlayerView) -> NamedPlayer {
        NamedPlayer {
            player: p.key.0,
            name: p.name.clone(),
        }
    }
}

/// A player not playing a round by request.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RequestedBye {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// Which bye.
    pub kind: Bye,
}

/// The system and engine version that made a pairing.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct MadeBy {
    /// The system.
    pub system: System,
    /// The engine's version.
    pub engine_version: String,
}

/// A published round.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Round {
    /// The round.
    pub round: u16,
    /// The boards (those asked for with `from` and `count`, else all).
    pub pairs: Vec<Board>,
    /// How many boards the round has.
    pub total_boards: u32,
    /// How many of them still have no result (of all the boards, not only those sent).
    pub results_missing: u32,
    /// The pairing-allocated bye.
    pub bye: Option<ScoredPlayer>,
    /// Players not playing by request.
    pub requested_byes: Vec<RequestedBye>,
    /// Who made the pairing.
    pub made_by: MadeBy,
    /// The chief arbiter's changes to the system's proposal.
    pub manual_changes: Vec<String>,
}

impl From<app::RoundView> for Round {
    fn from(r: app::RoundView) -> Round {
        Round {
            round: r.round,
            total_boards: r.boards.len() as u32,
            results_missing: r.boards.iter().filter(|b| b.games.is_none()).count() as u32,
            pairs: r
                .boards
                .into_iter()
                .map(|b| Board {
                    board: b.board,
                    white: b.white.into(),
                    black: b.black.into(),
                    games: b.games.as_deref().map(results_text),
                    reported_by: b.agreed.as_ref().map(|a| (&a.0).into()),
                    confirmed_by: b.agreed.as_ref().map(|a| (&a.1).into()),
                })
                .collect(),
            bye: r.bye.map(Into::into),
            requested_byes: r
                .requested
                .into_iter()
                .map(|(p, kind)| RequestedBye {
                    player: p.into(),
                    kind: kind.into(),
                })
                .collect(),
            made_by: MadeBy {
                system: r.made_by.0.into(),
                engine_version: r.made_by.1,
            },
            manual_changes: r.manual_changes,
        }
    }
}

/// A player's line in a round's list by name (the list players look for in a big open).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct NameRow {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// The board played on, if paired.
    pub board: Option<u32>,
    /// The colour (in a match: in game 1), if paired.
    pub color: Option<Color>,
    /// The opponent, if paired.
    pub opponent: Option<Player>,
    /// Why not playing: the pairing-allocated bye or a requested one.
    pub bye: Option<Bye>,
}

/// A published round's players by name: every player paired, given the bye or not playing by
/// request, sorted by name (letters compared without case), then by pairing number.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RoundByName {
    /// The round.
    pub round: u16,
    /// The lines (those asked for with `from` and `count`, else all).
    pub rows: Vec<NameRow>,
    /// How many lines the list has.
    pub total_rows: u32,
}

impl From<Round> for RoundByName {
    fn from(r: Round) -> RoundByName {
        let line = |player: Player, board, color, opponent, bye| NameRow {
            player,
            board,
            color,
            opponent,
            bye,
        };
        let mut rows: Vec<NameRow> = Vec::with_capacity(2 * r.pairs.len() + 1);
        for b in r.pairs {
            let (w, bl) = (b.white.player, b.black.player);
            rows.push(line(
                w.clone(),
                Some(b.board),
                Some(Color::White),
                Some(bl.clone()),
                None,
            ));
            rows.push(line(bl, Some(b.board), Some(Color::Black), Some(w), None));
        }
        if let Some(p) = r.bye {
            rows.push(line(
                p.player,
                None,
                None,
                None,
                Some(Bye::PairingAllocated),
            ));
        }
        for b in r.requested_byes {
            rows.push(line(b.player, None, None, None, Some(b.kind)));
        }
        rows.sort_by_cached_key(|x| (alphabetical(&x.player.name), x.player.tpn, x.player.player));
        RoundByName {
            round: r.round,
            total_rows: rows.len() as u32,
            rows,
        }
    }
}

/// One pair of a proposal.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ProposedPair {
    /// 1 for the first.
    pub board: usize,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
}

/// The system's proposal for the next round.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Proposal {
    /// The round.
    pub round: u16,
    /// The pairs, board 1 first.
    pub pairs: Vec<ProposedPair>,
    /// The pairing-allocated bye.
    pub bye: Option<Player>,
    /// The reasoning, step by step under each article.
    pub explanation: Vec<Step>,
}

/// One step of a pairing's explanation.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Step {
    /// 0 for the round, a bracket or a score group; 1 for a decision inside one.
    pub depth: u8,
    /// The article of the system's text that decided it ("C.7", "6.2"); null for a heading.
    pub article: Option<&'static str>,
    /// What was decided, in words.
    pub text: String,
}

impl From<engine::pairing::Step> for Step {
    fn from(s: engine::pairing::Step) -> Step {
        Step {
            depth: s.depth,
            article: s.article,
            text: s.text,
        }
    }
}

impl From<app::Proposal> for Proposal {
    fn from(p: app::Proposal) -> Proposal {
        Proposal {
            round: p.round,
            pairs: p
                .pairs
                .into_iter()
                .enumerate()
                .map(|(i, (w, b))| ProposedPair {
                    board: i + 1,
                    white: w.into(),
                    black: b.into(),
                })
                .collect(),
            bye: p.bye.map(Into::into),
            explanation: p.explanation.into_iter().map(Into::into).collect(),
        }
    }
}

/// One row of the standings.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct StandingsRow {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// Place.
    pub rank: u32,
    /// Points.
    pub score: String,
    /// The tie-breaks' values, in the order of `tiebreaks`.
    pub tiebreaks: Vec<String>,
    /// Whether lots decided the place.
    pub by_lot: bool,
    /// Whether the player's results count in the standings: `false` for a round-robin player
    /// who withdrew having played fewer than half of their games (C.05), listed last, their
    /// games counted for nobody.
    pub counted: bool,
    /// In a round-robin, the player's performance rating (C.07's TPR: the opponents' average
    /// rating plus FIDE's difference for the percentage scored), as its cross table shows it;
    /// left out in other systems and where no rated game was played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub performance: Option<String>,
}

/// The standings.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Standings {
    /// The round they are after.
    pub after_round: u16,
    /// The tie-breaks' codes (C.07's, as FIDE's calculator writes them), in order.
    pub tiebreaks: Vec<String>,
    /// What each tie-break measures, in the order of `tiebreaks`.
    pub tiebreak_meanings: Vec<String>,
    /// The rows (those asked for with `from` and `count`, else all).
    pub rows: Vec<StandingsRow>,
    /// How many rows the standings have.
    pub total_rows: u32,
    /// While `after_round` still has results missing: how many are in. The standings are then
    /// provisional (pages say "round 3 in progress: 12 of 20 results"): players tied share
    /// their place and no lots are drawn. `null` once the round is complete.
    pub in_progress: Option<Progress>,
}

/// A round's results so far.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct Progress {
    /// Boards with a result.
    pub results: u32,
    /// Boards.
    pub boards: u32,
}

impl From<app::StandingsView> for Standings {
    fn from(s: app::StandingsView) -> Standings {
        Standings {
            after_round: s.after_round,
            tiebreaks: s.tiebreaks,
            tiebreak_meanings: s.meanings,
            total_rows: s.rows.len() as u32,
            in_progress: s.in_progress.map(|(results, boards)| Progress {
                results: results as u32,
                boards: boards as u32,
            }),
            rows: s
                .rows
                .into_iter()
                .map(|r| StandingsRow {
                    player: r.player.into(),
                    rank: r.rank,
                    score: r.score.to_string(),
                    tiebreaks: r.tiebreaks,
                    by_lot: r.by_lot,
                    counted: r.counted,
                    performance: r.performance,
                })
                .collect(),
        }
    }
}

/// One round of a player's card.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CardRound {
    /// Paired.
    Paired {
        /// The round.
        round: u16,
        /// The opponent (boxed: a card is mostly games).
        opponent: Box<Player>,
        /// The player's colour.
        color: Color,
        /// Whether the game was played.
        played: bool,
        /// The board.
        board: Option<u32>,
        /// The result as arbiters write it (White first), one per game.
        games: Option<Vec<String>>,
        /// The float.
        float: Option<Float>,
    },
    /// A bye.
    Bye {
        /// The round.
        round: u16,
        /// Which bye.
        bye: Bye,
        /// The float.
        float: Option<Float>,
    },
    /// Not in the round.
    Absent {
        /// The round.
        round: u16,
        /// Always true.
        absent: bool,
    },
}

/// A player's card.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Card {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// Points.
    pub score: String,
    /// Round by round.
    pub rounds: Vec<CardRound>,
    /// Round by round, from the player's own side: the points the round gave (`"1"`, `"0.5"`,
    /// a Double-Swiss match's `"1.5"`; `null` while the game's result is not in) and the score
    /// after it (counting only the results in).
    pub points: Vec<CardPoints>,
    /// Dubov 9: the average rating of the opponents played after each round (Dubov
    /// tournaments only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aro_after_round: Option<Vec<String>>,
}

/// What one round gave a player.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct CardPoints {
    /// The points the round gave; `null` for a game not played yet (its result not in): not a
    /// loss.
    pub points: Option<String>,
    /// Whether the round's game is still to be played or its result still to come (then
    /// `points` is `null`).
    pub pending: bool,
    /// The score after the round.
    pub score_after: String,
}

impl From<app::CardView> for Card {
    fn from(c: app::CardView) -> Card {
        Card {
            player: c.player.into(),
            score: c.score.to_string(),
            points: c
                .points
                .iter()
                .map(|(p, after)| CardPoints {
                    points: p.map(|p| p.to_string()),
                    pending: p.is_none(),
                    score_after: after.to_string(),
                })
                .collect(),
            aro_after_round: c
                .aro_after_round
                .map(|v| v.iter().map(|a| aro_text(*a, c.aro_rounded)).collect()),
            rounds: c
                .rounds
                .into_iter()
                .map(|r| match r {
                    app::CardRound::Paired {
                        round,
                        opponent,
                        color,
                        played,
                        board,
                        games,
                        float,
                    } => CardRound::Paired {
                        round,
                        opponent: Box::new(opponent.into()),
                        color: color.into(),
                        played,
                        board,
                        games: games.as_deref().map(results_text),
                        float: float.map(Into::into),
                    },
                    app::CardRound::Bye { round, kind, float } => CardRound::Bye {
                        round,
                        bye: kind.into(),
                        float: float.map(Into::into),
                    },
                    app::CardRound::Absent { round } => CardRound::Absent {
                        round,
                        absent: true,
                    },
                })
                .collect(),
        }
    }
}

/// An ARO as the system reads it: Dubov 2026 1.7.1's integer (rounded half up), or the 1997
/// text's exact value with three decimals.
fn aro_text(a: engine::model::history::Aro, rounded: bool) -> String {
    if rounded {
        a.rounded().to_string()
    } else {
        a.to_string()
    }
}

/// A player's AROs after each round: three decimals (Dubov 1997, 9), or Dubov 2026's integers.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct AroRow {
    /// Who.
    #[serde(flatten)]
    pub player: Player,
    /// After round 1, 2, ...
    pub aro_after_round: Vec<String>,
}

impl From<app::AroRow> for AroRow {
    fn from(r: app::AroRow) -> AroRow {
        AroRow {
            player: r.player.into(),
            aro_after_round: r
                .after_round
                .iter()
                .map(|a| aro_text(*a, r.rounded))
                .collect(),
        }
    }
}

/// A player in the log: by registration number, the number that never changes.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct Registered {
    /// The registration number.
    pub player: u32,
}

/// One pair as published.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct PublishedPair {
    /// White.
    pub white: Registered,
    /// Black.
    pub black: Registered,
}

/// A name as a list by name orders it: accents folded ("Álvarez" beside "Alvarez", not after
/// "Zhang"), the letters that carry no accent mark to fold written as they are read in an
/// international list (ø as o, æ as ae, ß as ss, ł as l), and case ignored.
fn alphabetical(name: &str) -> String {
    use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};
    let mut out = String::with_capacity(name.len());
    for c in name.nfd().filter(|c| !is_combining_mark(*c)) {
        match c {
            'ø' | 'Ø' => out.push('o'),
            'æ' | 'Æ' => out.push_str("ae"),
            'œ' | 'Œ' => out.push_str("oe"),
            'ß' => out.push_str("ss"),
            'ł' | 'Ł' => out.push('l'),
            'đ' | 'Đ' => out.push('d'),
            'þ' | 'Þ' => out.push_str("th"),
            'ı' => out.push('i'),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::alphabetical;

    #[test]
    fn a_list_by_name_orders_accented_names_with_their_letters() {
        let mut names = vec![
            "Zhang, Wei",
            "Álvarez, Ana",
            "Øberg, Lars",
            "Alvarez, Bea",
            "Oakes, Tom",
            "Łukasz, Jan",
            "Müller, Max",
            "Lopez, Eva",
            "Mueller, Udo",
        ];
        names.sort_by_cached_key(|n| alphabetical(n));
        assert_eq!(
            names,
            [
                "Álvarez, Ana",
                "Alvarez, Bea",
                "Lopez, Eva",
                "Łukasz, Jan",
                "Mueller, Udo",
                "Müller, Max",
                "Oakes, Tom",
                "Øberg, Lars",
                "Zhang, Wei",
            ]
        );
    }
}

//! The application: every command the server offers (register, publish, enter a result,
//! correct, withdraw, ...) and every query it answers (a round, the standings, a player's card,
//! the AROs, the audit log, the TRF export), over the log.
//!
//! A command decides against the replayed state and appends one event; a query answers from
//! the replayed state. Both are blocking (the store, replay and pairing): the server calls them
//! on its blocking pool, never on an async worker. Answers are this module's own plain types,
//! in the engine's vocabulary (pairing numbers, colours, byes as enums); the server converts
//! them into its wire types. No HTTP, no JSON here.
//!
//! The application's vocabulary ([`crate::vocabulary`]: its own types and the engine's) is all a
//! caller sees: commands take it, answers and the audit trail's entries give it, and the
//! persisted schema stays inside this crate (converted in [`crate::convert`]).
//!
//! This file is long because it is the application's one door: every command and query over
//! the log, each short, beside the answers' types they fill.

mod hall;
mod import;
pub use crate::replay::HallRules;
pub use crate::vocabulary::{
    Change, Details, DrawMethod, Entry, NewSettings, Numbering, PlayerCorrection, PlayerData,
    Settings,
};
pub use hall::{Acting, BoardState, CodeView, HallBoard, HallPlayer, HallView, PlayerHall};

use crate::convert;
use crate::replay::{to_engine_system, RoundRecord, State};
use crate::schema::*;
use crate::store::{Append, Appended, Store, StoreError};
use engine::model::history::{Aro, Float, RoundEntry};
use engine::model::result::{ByeKind, GameResult};
use engine::pairing::{pair_next_round, PairingError, RoundPairing};
use engine::standings::{cross_table_rows, standings, Standings};
use engine::{Color, Points, RoundNo, Tpn};
use std::sync::Arc;

/// Why a command or a query could not be done. Nothing is written when a command fails.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The store refused or failed (unknown tournament, an event the state refuses, ...).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A round, board or player the tournament does not have.
    #[error("{0}")]
    NotFound(String),
    /// A request the tournament does not allow, naming the field at fault.
    #[error("{0}")]
    Refused(String),
    /// Input that cannot be read (a TRF file with its lines and columns at fault).
    #[error("{0}")]
    Invalid(String),
    /// The system finds no pairing meeting the absolute criteria, or cannot pair the round in
    /// this build: the chief arbiter may pair it by hand.
    #[error("{0}")]
    NoPairing(PairingError),
    /// A pairing to publish breaks the absolute criteria, and was not accepted as it is.
    #[error("the pairing breaks the absolute criteria; publish with accept_violations to publish it anyway")]
    Violations(Vec<Breach>),
    /// The server cannot do it now (a resource it needs is lacking); nothing was written.
    #[error("{0}")]
    Unavailable(String),
}

/// A breach of the absolute criteria in a pairing to publish: the engine's finding, and its
/// words, each player named by name and both numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breach {
    /// What the validator found.
    pub violation: engine::pairing::validate::Violation,
    /// It in words.
    pub words: String,
}

type Result<T> = std::result::Result<T, AppError>;

/// The application over a store.
#[derive(Clone)]
pub struct App {
    store: Store,
}

/// Who asks for a change, and under which request (for the audit trail and idempotency).
#[derive(Clone, Debug)]
pub struct Request {
    /// The account's name.
    pub actor: String,
    /// The client's idempotency key, if it sent one.
    pub idempotency_key: Option<String>,
    /// What identifies the request beside its key ([`fingerprint`]): the same key sent with
    /// another fingerprint is another request, refused rather than answered with the first
    /// request's answer.
    pub fingerprint: Vec<u8>,
    /// Whether a reason the request gives may be shown to the public (otherwise it is for the
    /// arbiters and the audit trail only).
    pub reason_public: bool,
}

/// The fingerprint of a request from its parts (account, method, route, body): SHA-256.
pub fn fingerprint(parts: &[&[u8]]) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_be_bytes());
        h.update(p);
    }
    h.finalize().to_vec()
}

/// What importing a file would make ([`App::preview_import`]).
#[derive(Clone, Debug)]
pub struct ImportPreview {
    /// The name it would have.
    pub name: String,
    /// The system, when the file names it (else the import needs one).
    pub system: Option<engine::System>,
    /// Players.
    pub players: usize,
    /// Rounds recorded in the file.
    pub rounds_played: usize,
    /// Rounds announced (XXR/062), when the file says.
    pub rounds: Option<u16>,
    /// Lines read but perhaps not meant, each with its line.
    pub warnings: Vec<String>,
}

/// The name an imported file's tournament gets: the one asked, else the file's (012).
fn imported_name(t: &engine::Tournament, asked: Option<String>) -> String {
    asked
        .or_else(|| {
            t.info
                .iter()
                .find(|r| r.code == "012")
                .map(|r| r.text.clone())
        })
        .unwrap_or_else(|| "Imported tournament".into())
}

/// A tournament in a list.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Its identifier.
    pub id: TournamentId,
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
    /// The sequence number of its last event.
    pub last_seq: u64,
}

/// A registered player as views show them.
#[derive(Clone, Debug)]
pub struct PlayerView {
    /// The registration number.
    pub key: PlayerKey,
    /// The pairing number as it is now (the system's rules say when it is final: see
    /// [`crate::replay`]).
    pub tpn: Option<Tpn>,
    /// Name.
    pub name: String,
    /// Rating.
    pub rating: Option<u16>,
    /// Title.
    pub title: Option<engine::model::player::Title>,
    /// Federation.
    pub federation: Option<String>,
    /// FIDE id.
    pub fide_id: Option<u64>,
    /// The first round the player no longer plays.
    pub withdrawn_from: Option<u16>,
    /// The byes asked for and absences announced for rounds not yet published: (round, kind).
    pub requested: Vec<(u16, ByeKind)>,
    /// A late entry's first round (None for a player registered before round 1).
    pub late_from: Option<u16>,
    /// Under the Baku acceleration, the player's group: `'A'` or `'B'` (C.04.7 1.2).
    pub baku_group: Option<char>,
    /// The virtual points the player has for the next round to pair (C.04.7 1.4), if any.
    pub virtual_next: Option<Points>,
}

/// A group of players kept apart: its number, the players, the first round and the last
/// (`None`: the tournament's last).
pub type KeptApartView = (u32, Vec<PlayerView>, u16, Option<u16>);

/// A player with a score.
#[derive(Clone, Debug)]
pub struct Scored {
    /// Who.
    pub player: PlayerView,
    /// The score before the round shown.
    pub score: Option<Points>,
    /// The virtual points of an accelerated round shown (C.04.7): the pairing score is the
    /// score plus these.
    pub virtual_points: Option<Points>,
}

/// One board of a published round.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// 1 for the first.
    pub board: u32,
    /// White (in a match: White in game 1).
    pub white: Scored,
    /// Black.
    pub black: Scored,
    /// The result, one per game, once recorded.
    pub games: Option<Vec<GameResult>>,
    /// Who reported the result and who confirmed it, when it came from the players' reports.
    pub agreed: Option<(PlayerView, PlayerView)>,
}

/// A published round.
#[derive(Clone, Debug)]
pub struct RoundView {
    /// The round.
    pub round: u16,
    /// Its boards in order.
    pub boards: Vec<BoardView>,
    /// The pairing-allocated bye.
    pub bye: Option<Scored>,
    /// Players not playing by their own request (byes, absences).
    pub requested: Vec<(PlayerView, ByeKind)>,
    /// The system that made the pairing and the engine's version.
    pub made_by: (engine::System, String),
    /// The chief arbiter's changes to the system's proposal.
    pub manual_changes: Vec<String>,
}

/// The system's proposal for the next round.
#[derive(Clone, Debug)]
pub struct Proposal {
    /// The round.
    pub round: u16,
    /// White and Black, board 1 first.
    pub pairs: Vec<(PlayerView, PlayerView)>,
    /// The pairing-allocated bye.
    pub bye: Option<PlayerView>,
    /// The system's reasoning, step by step under each article.
    pub explanation: Vec<engine::pairing::Step>,
}

/// The standings after a round.
#[derive(Clone, Debug)]
pub struct StandingsView {
    /// The round they are after (0 before any).
    pub after_round: u16,
    /// The tie-breaks' codes (C.07's, as FIDE's calculator writes them), in order.
    pub tiebreaks: Vec<String>,
    /// What each tie-break measures, in the same order.
    pub meanings: Vec<String>,
    /// The rows, first place first.
    pub rows: Vec<StandingsRow>,
    /// When `after_round` still has results missing: (results in, boards). The standings are
    /// then provisional: players tied share their place and no lots are drawn.
    pub in_progress: Option<(usize, usize)>,
}

/// One row of the standings.
#[derive(Clone, Debug)]
pub struct StandingsRow {
    /// Who.
    pub player: PlayerView,
    /// Place.
    pub rank: u32,
    /// Points.
    pub score: Points,
    /// The tie-breaks' values as shown.
    pub tiebreaks: Vec<String>,
    /// Whether lots decided the place.
    pub by_lot: bool,
    /// Whether the player's results count: not for a round-robin player who withdrew having
    /// played fewer than half of their games (C.05), listed last without a place.
    pub counted: bool,
}

/// One round of a player's card.
#[derive(Clone, Debug)]
pub enum CardRound {
    /// Paired.
    Paired {
        /// The round.
        round: u16,
        /// The opponent.
        opponent: PlayerView,
        /// The player's colour.
        color: Color,
        /// Whether the game was played.
        played: bool,
        /// The board.
        board: Option<u32>,
        /// The result, one per game, for the pairing's White and Black.
        games: Option<Vec<GameResult>>,
        /// The float (Dutch A.4).
        float: Option<Float>,
    },
    /// A bye.
    Bye {
        /// The round.
        round: u16,
        /// Which.
        kind: ByeKind,
        /// The float (a pairing-allocated bye is a downfloat, Dutch A.5).
        float: Option<Float>,
    },
    /// Not in the round.
    Absent {
        /// The round.
        round: u16,
    },
}

/// A player's card.
#[derive(Clone, Debug)]
pub struct CardView {
    /// Who.
    pub player: PlayerView,
    /// Points.
    pub score: Points,
    /// Round by round.
    pub rounds: Vec<CardRound>,
    /// Round by round: the points the round gave the player, and their score after it.
    pub points: Vec<(Points, Points)>,
    /// Dubov 9: the ARO after each round (Dubov tournaments only).
    pub aro_after_round: Option<Vec<Aro>>,
    /// Whether the AROs are shown as Dubov 2026 1.7.1 rounds them (else exactly, Dubov 1997).
    pub aro_rounded: bool,
}

/// A player's ARO after each round (Dubov 9).
#[derive(Clone, Debug)]
pub struct AroRow {
    /// Who.
    pub player: PlayerView,
    /// After round 1, 2, ...
    pub after_round: Vec<Aro>,
    /// Whether the AROs are shown as Dubov 2026 1.7.1 rounds them (else exactly, Dubov 1997).
    pub rounded: bool,
}

/// A bye or absence asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeRequest {
    /// Absent (Dutch F.5), no bye.
    Absent,
    /// A half-point bye.
    Half,
    /// A full-point bye.
    Full,
    /// A zero-point bye.
    Zero,
}

/// A player as a request names them: by registration number, by pairing number, or by both
/// (which must then be the same player). A request never leaves it to the server to guess
/// which number a bare number is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    /// The registration number.
    pub player: Option<PlayerKey>,
    /// The pairing number.
    pub tpn: Option<u32>,
}

impl Named {
    /// The registration number of the player named, in `s`; `field` names the request's field
    /// in the refusal.
    pub fn resolve(self, s: &State, field: &str) -> Result<PlayerKey> {
        let registered = |k: PlayerKey| k.0 >= 1 && (k.0 as usize) <= s.players().len();
        let by_tpn = |t: u32| {
            Tpn::new(t).and_then(|t| s.key_of(t)).ok_or_else(|| {
                AppError::Refused(format!(
                    "{field}: no player has pairing number {t} ({} players are registered)",
                    s.players().len()
                ))
            })
        };
        match (self.player, self.tpn) {
            (None, None) => Err(AppError::Refused(format!(
                "{field}: name the player by {{\"player\": registration number}} or {{\"tpn\": pairing number}}"
            ))),
            (Some(k), _) if !registered(k) => Err(AppError::Refused(format!(
                "{field}: no player has registration number {} ({} players are registered)",
                k.0,
                s.players().len()
            ))),
            (Some(k), None) => Ok(k),
            (None, Some(t)) => by_tpn(t),
            (Some(k), Some(t)) => {
                let other = by_tpn(t)?;
                if other == k {
                    Ok(k)
                } else {
                    Err(AppError::Refused(format!(
                        "{field}: player {} is {}, but pairing number {t} is {}",
                        k.0,
                        described(s, k),
                        described(s, other)
                    )))
                }
            }
        }
    }
}

/// A player in words, by name and both numbers: "Alder, Anna (pairing number 3, player 5)".
pub fn described(s: &State, key: PlayerKey) -> String {
    let p = player_view(s, key);
    match p.tpn {
        Some(t) => format!("{} (pairing number {t}, player {})", p.name, key.0),
        None => format!("{} (player {})", p.name, key.0),
    }
}

/// A round to publish, each player named by a number the request chose.
#[derive(Clone, Debug)]
pub struct Publication {
    /// The round: the next one.
    pub round: u16,
    /// White and Black, board 1 first.
    pub pairs: Vec<(Named, Named)>,
    /// The pairing-allocated bye.
    pub bye: Option<Named>,
    /// Publish even if the pairing breaks the absolute criteria (the breaches are recorded).
    pub accept_violations: bool,
}

/// What a command wrote: the entry it appended, or, when nothing new was written (a retry
/// with the same idempotency key, or a change that says what the log records already), the
/// entry that records it.
#[derive(Clone, Debug)]
pub struct Written {
    /// The entry.
    pub entry: Entry,
    /// Whether this command wrote it.
    pub new: bool,
}

impl From<&Appended> for Written {
    fn from(a: &Appended) -> Written {
        Written {
            entry: convert::entry_of(a.envelope()),
            new: matches!(a, Appended::New(_)),
        }
    }
}

/// A tournament's log followed ([`App::follow`]), entry by entry.
pub struct Feed(crate::store::Subscription);

impl Feed {
    /// The next entry, waiting at most `timeout`.
    pub fn recv_timeout(
        &mut self,
        timeout: std::time::Duration,
    ) -> std::result::Result<Entry, crate::store::SubscriptionEnd> {
        self.0.recv_timeout(timeout).map(|e| convert::entry_of(&e))
    }
}

/// The drawing of lots for the first player's colour (Dutch 2026 5.1, Dubov 5.1 and the other
/// systems' own: the colour is decided by lot before round 1): the operating system's random
/// source, through a version 4 UUID.
pub fn draw_lots() -> Color {
    if uuid::Uuid::new_v4().as_bytes()[0] & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// A round published.
#[derive(Clone, Debug)]
pub struct Published {
    /// What was written.
    pub written: Written,
    /// The changes to the system's proposal and the breaches accepted, as recorded.
    pub changes: Vec<String>,
}

impl App {
    /// The application over `store`.
    pub fn new(store: Store) -> App {
        App { store }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn state(&self, t: TournamentId) -> Result<Arc<State>> {
        Ok(self.store.shared(t)?)
    }

    fn append(
        &self,
        t: TournamentId,
        req: &Request,
        event: Event,
        reason: Option<String>,
    ) -> Result<Written> {
        let mut a = Append::new(t, req.actor.clone(), event);
        a.reason = reason;
        a.reason_public = req.reason_public;
        a.idempotency_key = req.idempotency_key.clone();
        a.fingerprint = req.fingerprint.clone();
        Ok(Written::from(&self.store.append(a)?))
    }

    // ----------------------------------------------------------------------------------------
    // Queries.

    /// Every tournament.
    pub fn tournaments(&self) -> Result<Vec<Summary>> {
        self.store
            .tournaments()?
            .into_iter()
            .map(|t| self.summary(t))
            .collect()
    }

    /// One tournament.
    pub fn summary(&self, t: TournamentId) -> Result<Summary> {
        let s = self.state(t)?;
        Ok(Summary {
            id: t,
            name: s.name().to_string(),
            // A round-robin's rounds are its tables' for the field.
            settings: s.settings().map(convert::settings_of).map(|mut x| {
                x.rounds = s.total_rounds();
                x
            }),
            details: convert::details_of(s.details()),
            players: s.present().count(),
            rounds_published: s.rounds().len(),
            closed: s.is_closed(),
            last_seq: s.last_seq(),
        })
    }

    /// The registered players, by registration number.
    pub fn players(&self, t: TournamentId) -> Result<Vec<PlayerView>> {
        let s = self.state(t)?;
        Ok(s.present().map(|p| player_view(&s, p.key)).collect())
    }

    /// A published round, with each player's score before it.
    pub fn round(&self, t: TournamentId, round: u16) -> Result<RoundView> {
        let s = self.state(t)?;
        let r: &RoundRecord = s
            .rounds()
            .get(usize::from(round).wrapping_sub(1))
            .ok_or_else(|| AppError::NotFound(format!("round {round} is not published")))?;
        let before = engine::model::history::states_before(
            s.engine(),
            RoundNo::new(round).unwrap_or(RoundNo::FIRST),
        );
        let shown = RoundNo::new(round).unwrap_or(RoundNo::FIRST);
        let scored = |k: PlayerKey| Scored {
            player: player_view(&s, k),
            score: s
                .tpn_of(k)
                .and_then(|t| before.get(t.index()))
                .map(|x| x.score),
            virtual_points: s
                .tpn_of(k)
                .map(|t| {
                    engine::model::acceleration::virtual_points_of(
                        &s.engine().virtual_points,
                        t,
                        shown,
                    )
                })
                .filter(|v| *v > Points::ZERO),
        };
        Ok(RoundView {
            round,
            boards: r
                .pairs
                .iter()
                .zip(&r.results)
                .enumerate()
                .map(|(i, (p, res))| BoardView {
                    board: i as u32 + 1,
                    white: scored(p.white),
                    black: scored(p.black),
                    games: res.as_ref().map(|(g, _)| convert::results_of(g)),
                    agreed: r.agreed[i].map(|(a, b)| (player_view(&s, a), player_view(&s, b))),
                })
                .collect(),
            bye: r.bye.map(scored),
            requested: r
                .requested
                .iter()
                .map(|(k, kind)| (player_view(&s, *k), *kind))
                .chain(
                    r.absent_unchecked
                        .iter()
                        .map(|k| (player_view(&s, *k), ByeKind::Zero)),
                )
                .collect(),
            made_by: (to_engine_system(r.made_by.0), r.made_by.1.clone()),
            manual_changes: r.manual_changes.clone(),
        })
    }

    /// The system's proposal for the next round; nothing is recorded.
    pub fn proposal(&self, t: TournamentId) -> Result<Proposal> {
        let s = self.state(t)?;
        let system = system_of(&s)?;
        if system.is_round_robin() && s.rounds().is_empty() && s.drawn_numbers().is_none() {
            return Err(AppError::Refused(
                "a round-robin's numbers are given before round 1: draw them by lot or by the Varma tables, or assign them (C.05)".into(),
            ));
        }
        let p = pair_next_round(s.engine(), system).map_err(|e| match e {
            PairingError::NotImplemented { .. } | PairingError::NoValidPairing { .. } => {
                AppError::NoPairing(e)
            }
            other => AppError::Refused(other.to_string()),
        })?;
        let view = |tpn: Tpn| player_view(&s, s.key_of(tpn).unwrap_or(PlayerKey(0)));
        Ok(Proposal {
            round: p.round.get(),
            pairs: p.pairs.iter().map(|(w, b)| (view(*w), view(*b))).collect(),
            bye: p.bye.map(view),
            explanation: p.explanation,
        })
    }

    /// The standings after round `after` (the last round if `None`).
    pub fn standings(&self, t: TournamentId, after: Option<u16>) -> Result<StandingsView> {
        let s = self.state(t)?;
        let (_, st) = computed_standings(&s, after);
        // A round with results missing: provisional standings, said so, with no lots drawn.
        let in_progress = s
            .rounds()
            .get(usize::from(st.after.get()).wrapping_sub(1))
            .filter(|_| !s.rounds().is_empty())
            .map(|r| {
                (
                    r.results.iter().filter(|x| x.is_some()).count(),
                    r.results.len(),
                )
            })
            .filter(|(done, all)| done < all);
        Ok(StandingsView {
            in_progress,
            after_round: if s.rounds().is_empty() {
                0
            } else {
                st.after.get()
            },
            tiebreaks: st.order.iter().map(|t| t.code()).collect(),
            meanings: st.order.iter().map(|t| t.meaning()).collect(),
            rows: st
                .rows
                .iter()
                .filter_map(|r| {
                    Some(StandingsRow {
                        player: player_view(&s, s.key_of(r.tpn)?),
                        rank: if in_progress.is_some() {
                            r.shared_rank
                        } else {
                            r.rank
                        },
                        score: r.score,
                        tiebreaks: r.tiebreaks.iter().map(ToString::to_string).collect(),
                        by_lot: r.by_lot && in_progress.is_none(),
                        counted: r.counted,
                    })
                })
                .collect(),
        })
    }

    /// The cross table, as text: its heading and the rows `part` picks from the standings'
    /// (given their number: all of them, or a part of a long table), with that number.
    pub fn cross_table(
        &self,
        t: TournamentId,
        part: impl FnOnce(usize) -> std::ops::Range<usize>,
    ) -> Result<(String, usize)> {
        let s = self.state(t)?;
        let (tournament, st) = computed_standings(&s, None);
        let total = st.rows.len();
        Ok((cross_table_rows(tournament, &st, part(total)), total))
    }

    /// A player's card: every round with opponent, colour, result and float.
    pub fn card(&self, t: TournamentId, key: PlayerKey) -> Result<CardView> {
        let s = self.state(t)?;
        let tpn = s
            .tpn_of(key)
            .ok_or_else(|| AppError::NotFound(format!("player {} is not registered", key.0)))?;
        let tournament = s.engine();
        let st = engine::model::history::states_before(tournament, tournament.next_round());
        let me = &st[tpn.index()];
        let rounds = me
            .entries
            .iter()
            .zip(&me.floats)
            .enumerate()
            .map(|(i, (e, float))| {
                let round = i as u16 + 1;
                match e {
                    RoundEntry::Paired {
                        opponent,
                        color,
                        played,
                        ..
                    } => {
                        let r = &s.rounds()[i];
                        let board = r
                            .pairs
                            .iter()
                            .position(|p| p.white == key || p.black == key);
                        CardRound::Paired {
                            round,
                            opponent: player_view(&s, s.key_of(*opponent).unwrap_or(PlayerKey(0))),
                            color: *color,
                            played: *played,
                            board: board.map(|b| b as u32 + 1),
                            games: board
                                .and_then(|b| r.results[b].as_ref())
                                .map(|(g, _)| convert::results_of(g)),
                            float: *float,
                        }
                    }
                    RoundEntry::Bye(kind) => CardRound::Bye {
                        round,
                        kind: *kind,
                        float: *float,
                    },
                    RoundEntry::Absent => CardRound::Absent { round },
                }
            })
            .collect();
        // Each round's points and the running score, from the player's own side.
        let mut running = Points::ZERO;
        let points = tournament
            .rounds()
            .iter()
            .map(|r| {
                let mut gained = vec![Points::ZERO; tournament.players().len()];
                engine::model::history::add_gains(&tournament.settings.points, r, &mut gained);
                let got = gained[tpn.index()];
                running += got;
                (got, running)
            })
            .collect();
        let system = tournament.settings.system;
        let aro_after_round = matches!(
            system,
            Some(engine::System::Dubov | engine::System::Dubov2026)
        )
        .then(|| aro_after_each_round(tournament, &me.entries));
        Ok(CardView {
            player: player_view(&s, key),
            score: me.score,
            rounds,
            points,
            aro_after_round,
            aro_rounded: system == Some(engine::System::Dubov2026),
        })
    }

    /// Dubov 9: every player's ARO after each round (the opponents actually played, at their
    /// current ratings; 0 before any game).
    pub fn aros(&self, t: TournamentId) -> Result<Vec<AroRow>> {
        let s = self.state(t)?;
        let tournament = s.engine();
        let rounds = tournament.rounds().len();
        let finals = engine::model::history::states_before(tournament, tournament.next_round());
        Ok(tournament
            .players()
            .iter()
            .filter_map(|p| {
                let entries = &finals[p.tpn.index()].entries;
                let after = aro_after_each_round(tournament, &entries[..rounds.min(entries.len())]);
                Some(AroRow {
                    player: player_view(&s, s.key_of(p.tpn)?),
                    after_round: after,
                    rounded: tournament.settings.system == Some(engine::System::Dubov2026),
                })
            })
            .collect())
    }

    /// The audit trail: every event with who, when and why.
    pub fn audit(&self, t: TournamentId) -> Result<Vec<Entry>> {
        self.entries(t, 0)
    }

    /// The sequence number up to which the tournament's log is durable (what live clients may
    /// be sent); an unknown tournament is refused.
    pub fn durable_head(&self, t: TournamentId) -> Result<u64> {
        self.state(t)?;
        Ok(self.store.durable_head(t)?)
    }

    /// Follows the tournament's log after `after`: the entries already durable first, then
    /// each new one once durable.
    pub fn follow(&self, t: TournamentId, after: u64) -> Result<Feed> {
        Ok(Feed(self.store.subscribe(t, after)?))
    }

    /// The entries of a tournament's log after `after` (0 for all), in order.
    pub fn entries(&self, t: TournamentId, after: u64) -> Result<Vec<Entry>> {
        self.state(t)?;
        Ok(self
            .store
            .read(t, after)?
            .iter()
            .map(|e| convert::entry_of(e))
            .collect())
    }

    /// The tournament as a TRF file, as a rating officer needs it: its details (012-132), its
    /// players and rounds, and the final ranks; with `xxa`, the virtual points of an
    /// acceleration as JaVaFo's XXA lines (for JaVaFo and bbpPairings) instead of 250.
    pub fn export_trf(&self, t: TournamentId, xxa: bool) -> Result<String> {
        let s = self.state(t)?;
        let mut tournament = s.tournament();
        let fresh = to_engine_details(s.name(), s.details()).header_records(&tournament);
        if !tournament.rounds().is_empty() {
            engine::standings::apply_ranks(&mut tournament, s.standings());
        }
        // An imported tournament is written in its file's layout: every record the file had
        // in its own form wherever its meaning is unchanged (dates as the file wrote them,
        // XXS, its 092), the counts TRF defines computed as it defines them.
        if let Some(file) = s
            .imported_file()
            .filter(|_| !xxa)
            .and_then(|text| engine::formats::trf::read_file(text, tournament.settings.system).ok())
        {
            tournament.info = engine::formats::trf::merge_header(&file.tournament.info, fresh);
            return Ok(engine::formats::trf::write_as(&tournament, &file.layout));
        }
        tournament.info = fresh;
        Ok(if xxa {
            engine::formats::trf::write_with_xxa(&tournament)
        } else {
            engine::formats::trf::write(&tournament)
        })
    }

    /// How many games a pairing of the tournament has (2 in a Double-Swiss match).
    pub fn games_per_pairing(&self, t: TournamentId) -> Result<usize> {
        Ok(self.store.with_state(t, games_per_pairing)?)
    }

    // ----------------------------------------------------------------------------------------
    // Commands.

    /// Creates a tournament; the first colour is drawn by lot when `settings` asks for it
    /// ([`draw_lots`]). With an idempotency key, a retry answers the tournament the first
    /// request created (not new) instead of creating another.
    pub fn create(
        &self,
        req: &Request,
        name: String,
        settings: NewSettings,
        details: Details,
    ) -> Result<(TournamentId, Written)> {
        let event = Event::TournamentCreated {
            name,
            settings: convert::v1_settings(settings, draw_lots),
            details: convert::v1_details(details),
        };
        let Some(key) = &req.idempotency_key else {
            let (id, e) = self.store.create(&req.actor, event)?;
            return Ok((id, Written::from(&Appended::New(e))));
        };
        let (id, exists) = self.store.creation_id(&req.actor, key, &req.fingerprint)?;
        if exists {
            let first = self.store.read(id, 0)?.into_iter().next();
            let first = first.ok_or_else(|| AppError::NotFound(format!("tournament {id}")))?;
            return Ok((id, Written::from(&Appended::Existing(first))));
        }
        let e = self.store.create_with_id(id, &req.actor, event)?;
        Ok((id, Written::from(&Appended::New(e))))
    }

    /// What importing a TRF file would make, without making it: its name, its system (as the
    /// file says it or `system`), players, rounds played and announced, and the warnings of
    /// reading it; refused in words as the import would be.
    pub fn preview_import(
        &self,
        text: &str,
        system: Option<engine::System>,
        name: Option<String>,
    ) -> Result<ImportPreview> {
        let file = engine::formats::trf::read_file(text, system)
            .map_err(|e| AppError::Invalid(e.to_string().trim_end().to_string()))?;
        let t = &file.tournament;
        not_accelerated(t)?;
        let name = imported_name(t, name);
        Ok(ImportPreview {
            name,
            system: t.settings.system,
            players: t.players().len(),
            rounds_played: t.rounds().len(),
            rounds: t.settings.rounds,
            warnings: file.warnings.iter().map(ToString::to_string).collect(),
        })
    }

    /// Imports a TRF file as a new tournament: its players in the file's numbering, and each
    /// recorded round as published with its byes, withdrawals and results. The system is the
    /// file's (record 192) or `system`; they must agree when both are given. The name is
    /// `name`, else the file's (012). The id, and whether a retry found it already made.
    pub fn import(
        &self,
        req: &Request,
        text: &str,
        system: Option<engine::System>,
        name: Option<String>,
    ) -> Result<(TournamentId, bool)> {
        // The file is read as one of the system asked for, if any: a file that names another
        // is refused (one saying only FIDE_DUTCH may be paired by either Dutch edition).
        let t = engine::formats::trf::read_as(text, system)
            .map_err(|e| AppError::Invalid(e.to_string().trim_end().to_string()))?;
        let Some(system) = t.settings.system else {
            return Err(AppError::Invalid(
                match engine::formats::trf::declared_type(text) {
                    Some(engine::model::settings::TrfType::Dutch) => {
                        "system: the file says FIDE_DUTCH, which does not name the edition; \
                         add ?system=dutch-2026 (the Dutch in force) or ?system=dutch-1992"
                    }
                    _ => {
                        "system: the file does not say its system (record 192); add \
                         ?system=dutch-2026|dutch-1992|dubov-1997|double-swiss-2026"
                    }
                }
                .into(),
            ));
        };
        not_accelerated(&t)?;
        let name = imported_name(&t, name);
        // With an idempotency key, a retry answers the tournament the first request made.
        let id = match &req.idempotency_key {
            Some(key) => match self.store.creation_id(&req.actor, key, &req.fingerprint)? {
                (id, true) => return Ok((id, true)),
                (id, false) => id,
            },
            None => TournamentId::new(),
        };
        import::import(&self.store, id, &req.actor, &name, system, &t, Some(text))?;
        Ok((id, false))
    }

    /// Registers a player with the next registration number, taken inside the store's append
    /// (under the tournament's lock), so that registrations made at the same moment are never
    /// refused for a number another took. Answers the event and the player as registered now:
    /// both their numbers.
    pub fn register(
        &self,
        t: TournamentId,
        req: &Request,
        data: PlayerData,
    ) -> Result<(Written, PlayerView)> {
        let mut a = Append::new(
            t,
            req.actor.clone(),
            Event::PlayerRegistered {
                player: PlayerKey(0),
                data: convert::v1_player(data),
            },
        );
        a.idempotency_key = req.idempotency_key.clone();
        a.fingerprint = req.fingerprint.clone();
        let appended = self.store.append_with(a, |state, event| {
            if let Event::PlayerRegistered { player, .. } = event {
                *player = PlayerKey(state.players().len() as u32 + 1);
            }
        })?;
        let key = match &appended.envelope().event {
            Event::PlayerRegistered { player, .. } => *player,
            _ => return Err(AppError::Refused("the log answered another event".into())),
        };
        let view = player_view(&*self.state(t)?, key);
        Ok((Written::from(&appended), view))
    }

    /// Corrects a player's name, rating or title (Dutch F.7: only pairings still to come).
    pub fn correct_player(
        &self,
        t: TournamentId,
        req: &Request,
        player: PlayerKey,
        correction: PlayerCorrection,
        reason: String,
    ) -> Result<Written> {
        let event = Event::PlayerCorrected {
            player,
            correction: convert::v1_correction(correction),
        };
        self.append(t, req, event, Some(reason))
    }

    /// Removes a player registered by mistake, who has never been in a published round (a
    /// player who has is withdrawn instead).
    pub fn remove_player(
        &self,
        t: TournamentId,
        req: &Request,
        player: PlayerKey,
        reason: Option<String>,
    ) -> Result<Written> {
        self.append(t, req, Event::PlayerRemoved { player }, reason)
    }

    /// Withdraws a player from `from_round` on.
    pub fn withdraw(
        &self,
        t: TournamentId,
        req: &Request,
        player: PlayerKey,
        from_round: u16,
        reason: Option<String>,
    ) -> Result<Written> {
        let event = Event::PlayerWithdrawn { player, from_round };
        self.append(t, req, event, reason)
    }

    /// Gives a round-robin's numbers before round 1 (C.05): by a drawing of lots or the Varma
    /// tables' restricted drawing (Annex 2) from `seed` (a random one when `None`: the seed
    /// is recorded, so the drawing can be made again), or as the arbiter assigns them
    /// (`assigned`: every registered player once, number 1 first). Answers what was written.
    pub fn draw_numbers(
        &self,
        t: TournamentId,
        req: &Request,
        method: DrawMethod,
        seed: Option<u64>,
        assigned: &[Named],
    ) -> Result<Written> {
        let s = self.state(t)?;
        let keys: Vec<PlayerKey> = s.present().map(|p| p.key).collect();
        let seed = match method {
            DrawMethod::Assigned => 0,
            _ => seed.unwrap_or_else(|| {
                u64::from_le_bytes(
                    uuid::Uuid::new_v4().as_bytes()[..8]
                        .try_into()
                        .unwrap_or_default(),
                )
            }),
        };
        let order: Vec<PlayerKey> = match method {
            DrawMethod::Lots => engine::pairing::round_robin::numbers::by_lot(keys.len(), seed)
                .into_iter()
                .map(|i| keys[i])
                .collect(),
            DrawMethod::Varma => {
                let entrants: Vec<engine::pairing::round_robin::numbers::Entrant> = s
                    .present()
                    .enumerate()
                    .map(|(i, p)| engine::pairing::round_robin::numbers::Entrant {
                        index: i,
                        federation: p
                            .player
                            .federation
                            .as_ref()
                            .map(|f| f.as_str().to_string())
                            .unwrap_or_default(),
                        name: p.player.name.clone(),
                    })
                    .collect();
                engine::pairing::round_robin::numbers::by_varma(&entrants, seed)
                    .map_err(|e| AppError::Refused(e.to_string()))?
                    .into_iter()
                    .map(|i| keys[i])
                    .collect()
            }
            DrawMethod::Assigned => assigned
                .iter()
                .enumerate()
                .map(|(i, n)| n.resolve(&s, &format!("order[{i}]")))
                .collect::<Result<_>>()?,
        };
        let event = Event::NumbersDrawn {
            method: convert::v1_draw_method(method),
            seed,
            order,
        };
        self.append(t, req, event, None)
    }

    /// Keeps `players` apart (no two paired) in rounds `from..=to` (to the last round when
    /// `to` is `None`): TRF-2026's record 260, an absolute criterion in every system.
    pub fn keep_apart(
        &self,
        t: TournamentId,
        req: &Request,
        players: &[Named],
        from: Option<u16>,
        to: Option<u16>,
        reason: Option<String>,
    ) -> Result<Written> {
        let s = self.state(t)?;
        let from = from.unwrap_or_else(|| u16::try_from(s.rounds().len() + 1).unwrap_or(u16::MAX));
        let players = players
            .iter()
            .enumerate()
            .map(|(i, n)| n.resolve(&s, &format!("players[{i}]")))
            .collect::<Result<Vec<_>>>()?;
        let event = Event::PairsKeptApart {
            group: s.next_kept_apart(),
            players,
            from_round: from,
            to_round: to,
        };
        drop(s);
        self.append(t, req, event, reason)
    }

    /// Ends a group of players kept apart, for the rounds still to be paired.
    pub fn release_kept_apart(
        &self,
        t: TournamentId,
        req: &Request,
        group: u32,
        reason: Option<String>,
    ) -> Result<Written> {
        self.append(t, req, Event::PairsKeptApartRemoved { group }, reason)
    }

    /// The groups of players kept apart: number, players, first round, last round.
    pub fn kept_apart(&self, t: TournamentId) -> Result<Vec<KeptApartView>> {
        let s = self.state(t)?;
        Ok(s.kept_apart()
            .iter()
            .map(|(g, k)| {
                (
                    *g,
                    k.players.iter().map(|p| player_view(&s, *p)).collect(),
                    k.from,
                    k.to,
                )
            })
            .collect())
    }

    /// Cancels a bye asked for (or an absence announced) for a round not yet published: the
    /// player is paired in it again.
    pub fn cancel_bye(
        &self,
        t: TournamentId,
        req: &Request,
        who: Named,
        round: u16,
        reason: Option<String>,
    ) -> Result<Written> {
        let player = who.resolve(&*self.state(t)?, "player")?;
        self.append(t, req, Event::ByeCancelled { player, round }, reason)
    }

    /// Records a bye or an absence asked for a round to come.
    pub fn request_bye(
        &self,
        t: TournamentId,
        req: &Request,
        who: Named,
        round: u16,
        kind: ByeRequest,
    ) -> Result<Written> {
        let player = who.resolve(&*self.state(t)?, "player")?;
        let requested = |kind| Event::ByeRequested {
            player,
            round,
            kind,
        };
        let event = match kind {
            ByeRequest::Absent => Event::AbsenceAnnounced { player, round },
            ByeRequest::Half => requested(RequestedByeV1::Half),
            ByeRequest::Full => requested(RequestedByeV1::Full),
            ByeRequest::Zero => requested(RequestedByeV1::Zero),
        };
        self.append(t, req, event, None)
    }

    /// Publishes the next round: the system's proposal as it is, or changed by hand. The
    /// differences from the proposal are recorded in words, by name and numbers; a pairing
    /// that breaks the absolute criteria is refused unless `accept_violations` is set, and
    /// then its breaches are recorded too.
    pub fn publish(&self, t: TournamentId, req: &Request, p: Publication) -> Result<Published> {
        let s = self.state(t)?;
        let system = system_of(&s)?;
        let settings_system = s.settings().map_or(SystemV1::Dutch1992, |x| x.system);
        let next = s.rounds().len() as u16 + 1;
        if p.round != next {
            return Err(AppError::Refused(format!(
                "round: the next round to publish is {next}, not {}",
                p.round
            )));
        }
        let tournament = s.engine();
        let mut keys = Vec::with_capacity(p.pairs.len());
        for (i, (w, b)) in p.pairs.iter().enumerate() {
            keys.push((
                w.resolve(&s, &format!("pairs[{i}].white"))?,
                b.resolve(&s, &format!("pairs[{i}].black"))?,
            ));
        }
        let bye_key = p.bye.map(|b| b.resolve(&s, "bye")).transpose()?;
        let tpn = |k: PlayerKey| s.tpn_of(k).unwrap_or(Tpn::from_index(0));
        let proposed = RoundPairing {
            round: RoundNo::new(next).unwrap_or(RoundNo::FIRST),
            pairs: keys.iter().map(|&(w, b)| (tpn(w), tpn(b))).collect(),
            bye: bye_key.map(tpn),
            explanation: vec![],
        };
        let who = |t: Tpn| described(&s, s.key_of(t).unwrap_or(PlayerKey(0)));
        let violations: Vec<Breach> =
            engine::pairing::validate::validate(tournament, system, &proposed)
                .into_iter()
                .map(|v| Breach {
                    words: v.describe(who),
                    violation: v,
                })
                .collect();
        if !violations.is_empty() && !p.accept_violations {
            return Err(AppError::Violations(violations));
        }
        let mut changes = changes_from_proposal(&s, &proposed, pair_next_round(tournament, system));
        changes.extend(
            violations
                .iter()
                .map(|v| format!("accepted breach of the absolute criteria: {}", v.words)),
        );
        let event = Event::RoundPublished {
            round: next,
            system: settings_system,
            engine_version: engine::VERSION.into(),
            pairs: keys
                .iter()
                .map(|&(white, black)| PairV1 { white, black })
                .collect(),
            bye: bye_key,
            manual_changes: changes.clone(),
            pairing_numbers: Vec::new(),
        };
        let written = self.append(t, req, event, None)?;
        if system.is_round_robin() {
            self.forfeit_withdrawn(t, req, next, &keys)?;
        }
        Ok(Published { written, changes })
    }

    /// C.05: in a round-robin, a withdrawn player's game is lost by forfeit and the opponent
    /// wins it; recorded for each such board of the round just published.
    fn forfeit_withdrawn(
        &self,
        t: TournamentId,
        req: &Request,
        round: u16,
        pairs: &[(PlayerKey, PlayerKey)],
    ) -> Result<()> {
        let s = self.state(t)?;
        let gone = |k: PlayerKey| {
            s.players()
                .get(k.0 as usize - 1)
                .and_then(|p| p.player.withdrawn_from)
                .is_some_and(|w| w.get() <= round)
        };
        let request = Request {
            idempotency_key: None,
            ..req.clone()
        };
        for (i, &(w, b)) in pairs.iter().enumerate() {
            let result = match (gone(w), gone(b)) {
                (false, false) => continue,
                (true, false) => GameResult::forfeit(Color::Black),
                (false, true) => GameResult::forfeit(Color::White),
                (true, true) => GameResult::DOUBLE_FORFEIT,
            };
            let event = Event::ResultRecorded {
                round,
                board: i as u32 + 1,
                games: vec![convert::v1_result(result)],
            };
            self.append(t, &request, event, None)?;
        }
        Ok(())
    }

    /// Withdraws the last round's pairing before any result is in (Dutch F.6).
    pub fn unpublish(&self, t: TournamentId, req: &Request, round: u16) -> Result<Written> {
        self.append(t, req, Event::RoundUnpublished { round }, None)
    }

    /// Records a board's result.
    pub fn enter_result(
        &self,
        t: TournamentId,
        req: &Request,
        round: u16,
        board: u32,
        games: Vec<GameResult>,
    ) -> Result<Written> {
        let event = Event::ResultRecorded {
            round,
            board,
            games: games.into_iter().map(convert::v1_result).collect(),
        };
        self.append(t, req, event, None)
    }

    /// Corrects a board's result, with the reason.
    pub fn correct_result(
        &self,
        t: TournamentId,
        req: &Request,
        correction: ResultCorrection,
        reason: Option<String>,
    ) -> Result<Written> {
        let ResultCorrection {
            round,
            board,
            games,
            colors_swapped,
        } = correction;
        let event = Event::ResultCorrected {
            round,
            board,
            games: games.into_iter().map(convert::v1_result).collect(),
            colors_swapped,
        };
        self.append(t, req, event, reason)
    }

    /// Closes the tournament.
    pub fn close(&self, t: TournamentId, req: &Request) -> Result<Written> {
        self.append(t, req, Event::TournamentClosed, None)
    }

    /// Brings the registered players' ratings and titles up to date from a rating list. GHR
    /// 2026 2.1 (as summarised in the text we have): the rating in force on the day the
    /// tournament starts is used, and a later list does not change the initial order: one recorded
    /// correction per player whose FIDE id the list has and whose rating or title differs,
    /// with `source` in its reason, so that the audit shows each. Only before round 1 is
    /// published; after, the ratings are the tournament's, and a wrong one is corrected by
    /// hand. A player the list does not have, or has unrated, keeps what was registered.
    pub fn update_ratings(
        &self,
        t: TournamentId,
        req: &Request,
        list: &engine::formats::rating_list::RatingList,
        source: &str,
    ) -> Result<Vec<RatingChange>> {
        let s = self.state(t)?;
        if !s.rounds().is_empty() {
            return Err(AppError::Refused(format!(
                "the ratings are those of the tournament's start: a rating-list update is \
                 taken before round 1 is published, and {} rounds are; correct a wrong rating \
                 on the player",
                s.rounds().len()
            )));
        }
        let wanted: Vec<(
            PlayerKey,
            PlayerCorrectionV1,
            Option<u16>,
            Option<engine::model::player::Title>,
        )> = s
            .present()
            .filter_map(|p| {
                let entry = list.get(p.player.fide_id.filter(|&i| i > 0)?)?;
                let rating = entry.rating.filter(|&r| Some(r) != p.player.rating);
                let title = entry.title.filter(|&t| Some(t) != p.player.title);
                if rating.is_none() && title.is_none() {
                    return None;
                }
                let correction = PlayerCorrectionV1 {
                    name: None,
                    rating: rating.map(Some),
                    title: title.map(|t| Some(crate::replay::v1_title(t))),
                    ..PlayerCorrectionV1::default()
                };
                Some((p.key, correction, p.player.rating, p.player.title))
            })
            .collect();
        drop(s);
        // The program's own reason, naming the list: nothing private in it.
        let req = Request {
            idempotency_key: None,
            reason_public: true,
            ..req.clone()
        };
        let reason = format!("rating list update: {source}");
        let mut out = Vec::new();
        for (player, correction, old_rating, old_title) in wanted {
            let e = self.append(
                t,
                &req,
                Event::PlayerCorrected { player, correction },
                Some(reason.clone()),
            )?;
            let seq = e.entry.seq;
            let s = self.state(t)?;
            out.push(RatingChange {
                player: player_view(&s, player),
                old_rating,
                old_title,
                seq,
            });
        }
        Ok(out)
    }

    /// Replaces the tournament's details (and renames it when `name` is given). Details that
    /// say what is recorded already write nothing.
    pub fn change_details(
        &self,
        t: TournamentId,
        req: &Request,
        name: Option<String>,
        details: Details,
    ) -> Result<Written> {
        let details = convert::v1_details(details);
        self.append(t, req, Event::DetailsChanged { name, details }, None)
    }

    /// Sets the acceleration (C.04.7: none or Baku), before round 1 only; refused for a
    /// round-robin and for points where a win is not worth two draws.
    pub fn change_acceleration(
        &self,
        t: TournamentId,
        req: &Request,
        acceleration: engine::model::acceleration::Acceleration,
    ) -> Result<Written> {
        let acceleration = convert::v1_acceleration(acceleration);
        self.append(t, req, Event::AccelerationChanged { acceleration }, None)
    }

    /// Replaces the tournament's tie-breaks (C.07's codes, in order; none for the system's
    /// defaults), before round 1 only. The list recorded, given again, writes nothing.
    pub fn change_tiebreaks(
        &self,
        t: TournamentId,
        req: &Request,
        codes: Vec<String>,
    ) -> Result<Written> {
        crate::replay::admit_tiebreaks("tiebreaks", &codes).map_err(StoreError::Rejected)?;
        let system = self
            .state(t)?
            .settings()
            .map_or(SystemV1::Dutch2026, |s| s.system);
        let tiebreaks = crate::replay::recorded_tiebreaks(codes, system);
        self.append(t, req, Event::TiebreaksChanged { tiebreaks }, None)
    }
}

/// Dubov 9: a player's ARO after each of `entries` (their rounds): the opponents actually
/// played, at their current ratings.
fn aro_after_each_round(tournament: &engine::Tournament, entries: &[RoundEntry]) -> Vec<Aro> {
    let mut aro = Aro::default();
    entries
        .iter()
        .map(|e| {
            if let RoundEntry::Paired {
                opponent,
                played: true,
                ..
            } = e
            {
                aro = aro.with(
                    tournament
                        .player(*opponent)
                        .map_or(0, |o| o.pairing_rating()),
                );
            }
            aro
        })
        .collect()
}

/// A board's result corrected: its round and board, the games as they now stand, and whether
/// the players had in fact played with each other's colours.
#[derive(Clone, Debug)]
pub struct ResultCorrection {
    /// The round.
    pub round: u16,
    /// The board.
    pub board: u32,
    /// Each game's result, as it now stands.
    pub games: Vec<GameResult>,
    /// Whether the colours were the other way round.
    pub colors_swapped: bool,
}

/// One player's rating or title changed by a rating-list update.
#[derive(Clone, Debug)]
pub struct RatingChange {
    /// The player, as now recorded.
    pub player: PlayerView,
    /// The rating before.
    pub old_rating: Option<u16>,
    /// The title before.
    pub old_title: Option<engine::model::player::Title>,
    /// The event that recorded the change.
    pub seq: u64,
}

/// The engine's form of a tournament's details, for its TRF header.
fn to_engine_details(name: &str, d: &DetailsV1) -> engine::model::details::Details {
    let date = |v: &Option<String>| {
        v.as_deref()
            .and_then(|v| engine::model::details::Date::parse_iso(v).ok())
    };
    engine::model::details::Details {
        name: name.to_string(),
        city: d.city.clone(),
        federation: d.federation.clone(),
        start: date(&d.start_date),
        end: date(&d.end_date),
        chief_arbiter: d.chief_arbiter.clone(),
        deputy_arbiters: d.deputy_arbiters.clone(),
        time_control: d.time_control.clone(),
        round_dates: d.round_dates.iter().map(date).collect(),
    }
}

/// A file whose virtual points (250, XXA, a `_BAKU` type) a served tournament cannot carry
/// (they are not the Baku method's) is refused in words, never imported without them.
fn not_accelerated(t: &engine::Tournament) -> Result<()> {
    import::acceleration_of_file(t).map_err(AppError::Invalid)
}

/// A registered player's view; a placeholder named "?" for a number nobody has.
fn player_view(s: &State, key: PlayerKey) -> PlayerView {
    let rec = (key.0 as usize)
        .checked_sub(1)
        .and_then(|i| s.players().get(i));
    match rec {
        Some(rec) => {
            let p = &rec.player;
            PlayerView {
                key,
                tpn: s.tpn_of(key),
                name: p.name.clone(),
                rating: p.rating,
                title: p.title,
                federation: p.federation.as_ref().map(|f| f.as_str().to_string()),
                fide_id: p.fide_id,
                withdrawn_from: p.withdrawn_from.map(RoundNo::get),
                requested: s.requested_of(key),
                late_from: (rec.entered_after > 0).then(|| rec.entered_after.saturating_add(1)),
                baku_group: s.tpn_of(key).and_then(|t| {
                    let e = s.engine();
                    (e.settings.acceleration == engine::model::acceleration::Acceleration::Baku)
                        .then(|| {
                            if e.virtual_points.iter().any(|v| v.first <= t && t <= v.last) {
                                'A'
                            } else {
                                'B'
                            }
                        })
                }),
                virtual_next: s.tpn_of(key).and_then(|t| {
                    let e = s.engine();
                    Some(engine::model::acceleration::virtual_points_of(
                        &e.virtual_points,
                        t,
                        e.next_round(),
                    ))
                    .filter(|v| *v > Points::ZERO)
                }),
            }
        }
        None => PlayerView {
            key,
            tpn: None,
            name: "?".into(),
            rating: None,
            title: None,
            federation: None,
            fide_id: None,
            withdrawn_from: None,
            requested: Vec::new(),
            late_from: None,
            baku_group: None,
            virtual_next: None,
        },
    }
}

fn system_of(s: &State) -> Result<engine::System> {
    s.settings()
        .map(|x| to_engine_system(x.system))
        .ok_or_else(|| AppError::NotFound("tournament not created".into()))
}

fn games_per_pairing(s: &State) -> usize {
    match s.settings().map(|x| x.system) {
        Some(SystemV1::DoubleSwiss) => 2,
        _ => 1,
    }
}

/// The standings after round `after` (the last if `None`): those of the last round are
/// worked out once per state.
fn computed_standings(
    s: &State,
    after: Option<u16>,
) -> (&engine::Tournament, std::borrow::Cow<'_, Standings>) {
    let t = s.engine();
    let last = t.rounds().len() as u16;
    match after.filter(|a| *a < last) {
        None => (t, std::borrow::Cow::Borrowed(s.standings())),
        Some(a) => {
            let st = standings(
                t,
                RoundNo::new(a),
                &t.settings.tiebreaks,
                t.settings.lot_seed,
            );
            (t, std::borrow::Cow::Owned(st))
        }
    }
}

/// How a pairing to publish differs from the system's proposal, in words that name each
/// player by name and by pairing and registration number.
fn changes_from_proposal(
    s: &State,
    published: &RoundPairing,
    system: std::result::Result<RoundPairing, PairingError>,
) -> Vec<String> {
    let who = |t: Tpn| described(s, s.key_of(t).unwrap_or(PlayerKey(0)));
    let pair = |(w, b): &(Tpn, Tpn)| format!("{} - {}", who(*w), who(*b));
    let Ok(p) = system else {
        let e = system.err().map(|e| e.to_string()).unwrap_or_default();
        return vec![format!("paired by hand: {e}")];
    };
    let mut out = Vec::new();
    for x in &published.pairs {
        if !p.pairs.contains(x) {
            out.push(format!("pair {} is not the system's", pair(x)));
        }
    }
    for x in &p.pairs {
        if !published.pairs.contains(x) {
            out.push(format!("the system's pair {} was changed", pair(x)));
        }
    }
    if p.bye != published.bye {
        let bye = |b: Option<Tpn>| b.map_or_else(|| "nobody".to_string(), who);
        out.push(format!(
            "bye: the system gave it to {}, published to {}",
            bye(p.bye),
            bye(published.bye)
        ));
    }
    out
}

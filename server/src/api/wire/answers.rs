//! What writes and the server's own routes answer: an entry written (a registration, a round,
//! a tournament created or imported), accounts and their tokens, the rating list and its
//! update, the tie-breaks, health, and the error body.

use super::views::Player;
use super::vocabulary::Role;
use events::app;
use serde::Serialize;

/// A tie-break a tournament may use.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct TiebreakInfo {
    /// Its code (`BH/C1`).
    pub code: String,
    /// What it measures.
    pub meaning: String,
}

/// `GET /api/tiebreaks`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct TiebreakList {
    /// Every tie-break, and the usual cuts of those that take one.
    pub tiebreaks: Vec<TiebreakInfo>,
    /// The default order of each system, by its name (`dutch-2026`: `["BH/C1", ...]`).
    pub defaults: std::collections::BTreeMap<String, Vec<String>>,
}

impl TiebreakList {
    /// The list.
    pub fn new() -> TiebreakList {
        use engine::model::tiebreak::{Kind, Tiebreak, KINDS};
        let mut list: Vec<Tiebreak> = Vec::new();
        for (kind, _, _) in KINDS {
            list.push(Tiebreak::of(kind));
            if matches!(
                kind,
                Kind::Buchholz
                    | Kind::ForeBuchholz
                    | Kind::SonnebornBerger
                    | Kind::AverageRatingOfOpponents
            ) {
                list.push(Tiebreak::cut(kind, 1));
            }
            if kind == Kind::Buchholz {
                list.push(Tiebreak::cut(kind, 2));
                list.push(Tiebreak::median(kind, 1));
                list.push(Tiebreak::median(kind, 2));
            }
        }
        TiebreakList {
            tiebreaks: list
                .iter()
                .map(|t| TiebreakInfo {
                    code: t.code(),
                    meaning: t.meaning(),
                })
                .collect(),
            defaults: engine::System::ALL
                .iter()
                .map(|s| {
                    (
                        s.name().to_string(),
                        s.default_tiebreaks().iter().map(|t| t.code()).collect(),
                    )
                })
                .collect(),
        }
    }
}

impl Default for TiebreakList {
    fn default() -> Self {
        TiebreakList::new()
    }
}

/// The server's FIDE rating list: whether one is loaded, and which.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RatingList {
    /// Whether a list is loaded.
    pub loaded: bool,
    /// How many players it lists.
    pub players: usize,
    /// The file it was loaded from, as uploaded.
    pub source: Option<String>,
    /// When it was loaded, in milliseconds since 1970-01-01 UTC.
    pub loaded_at_ms: Option<u64>,
}

impl From<Option<&crate::rating_list::Loaded>> for RatingList {
    fn from(l: Option<&crate::rating_list::Loaded>) -> RatingList {
        RatingList {
            loaded: l.is_some(),
            players: l.map_or(0, |l| l.list.len()),
            source: l.map(|l| l.source.clone()),
            loaded_at_ms: l.map(|l| l.loaded_at_ms),
        }
    }
}

/// A player of the FIDE rating list, in the fields a registration takes.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ListedPlayer {
    /// FIDE id.
    pub fide_id: u64,
    /// Name, as FIDE writes it.
    pub name: String,
    /// Title.
    pub title: Option<&'static str>,
    /// Federation.
    pub federation: Option<String>,
    /// Standard rating; null when unrated.
    pub rating: Option<u16>,
    /// Year of birth.
    pub birth_year: Option<u16>,
    /// Sex as FIDE records it: `m` or `w`.
    pub sex: Option<&'static str>,
}

impl From<&engine::formats::rating_list::Entry> for ListedPlayer {
    fn from(e: &engine::formats::rating_list::Entry) -> ListedPlayer {
        ListedPlayer {
            fide_id: e.fide_id,
            name: e.name.clone(),
            title: e.title.map(|t| t.as_str()),
            federation: e.federation.map(|f| f.as_str().to_string()),
            rating: e.rating,
            birth_year: e.birth_year,
            sex: e.sex.map(|s| match s {
                engine::model::player::Sex::Male => "m",
                engine::model::player::Sex::Female => "w",
            }),
        }
    }
}

/// A player's rating or title brought up to date from the rating list.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RatingChange {
    /// The player, as now recorded.
    #[serde(flatten)]
    pub player: Player,
    /// The rating before.
    pub old_rating: Option<u16>,
    /// The title before.
    pub old_title: Option<&'static str>,
    /// The event that recorded it.
    pub seq: u64,
}

impl From<app::RatingChange> for RatingChange {
    fn from(c: app::RatingChange) -> RatingChange {
        RatingChange {
            player: c.player.into(),
            old_rating: c.old_rating,
            old_title: c.old_title.map(|t| t.as_str()),
            seq: c.seq,
        }
    }
}

/// What a rating-list update did.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RatingUpdate {
    /// The list it came from.
    pub source: String,
    /// One per player changed (an empty list: every rating was already the list's).
    pub changes: Vec<RatingChange>,
}

/// What a write answers: the event it appended (201), or (200) the event that already records
/// what was asked (an identical request with the same `Idempotency-Key`, the same result
/// entered again, a correction to the result already recorded), with `unchanged` saying that
/// nothing was written.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Written {
    /// The event's position in the tournament's log.
    pub seq: u64,
    /// The event's identifier.
    pub id: String,
    /// When it was recorded, in milliseconds since 1970-01-01 UTC.
    pub recorded_at_ms: u64,
    /// The account that recorded it.
    pub actor: String,
    /// Present when nothing was written: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unchanged: Option<String>,
}

impl From<&app::Entry> for Written {
    fn from(e: &app::Entry) -> Written {
        Written {
            seq: e.seq,
            id: e.id.to_string(),
            recorded_at_ms: e.recorded_at_ms,
            actor: e.actor.clone(),
            unchanged: None,
        }
    }
}

impl From<&app::Written> for Written {
    fn from(a: &app::Written) -> Written {
        let mut w = Written::from(&a.entry);
        if !a.new {
            w.unchanged = Some(format!(
                "nothing was written: event {} already records this",
                a.entry.seq
            ));
        }
        w
    }
}

/// `POST /api/tournaments/{id}/players` answers what was written and the player as
/// registered, with both numbers.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PlayerWritten {
    /// What was written.
    #[serde(flatten)]
    pub written: Written,
    /// The player as registered now (`tpn` may change: see [`Player`]).
    #[serde(flatten)]
    pub player: Player,
}

/// `POST /api/tournaments/{id}/rounds` answers what was written and how the published round
/// differs from the system's proposal, each player by name and both numbers.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RoundWritten {
    /// What was written.
    #[serde(flatten)]
    pub written: Written,
    /// The differences from the system's proposal and the breaches accepted, as recorded
    /// (empty: the proposal as it was).
    pub manual_changes: Vec<String>,
}

/// `POST /api/tournaments/{id}/pairing/check` answers what publishing the pairing sent would
/// meet: its breaches of the absolute criteria and how it differs from the system's proposal,
/// each player by name and both numbers, as publishing would record them. Nothing is recorded.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PairingCheck {
    /// The breaches of the absolute criteria (empty: none); publishing is refused unless they
    /// are accepted.
    pub violations: Vec<String>,
    /// How the pairing differs from the system's proposal (empty: it is the proposal).
    pub changes: Vec<String>,
}

impl From<events::app::PairingCheck> for PairingCheck {
    fn from(c: events::app::PairingCheck) -> PairingCheck {
        PairingCheck {
            violations: c.violations,
            changes: c.changes,
        }
    }
}

/// `POST /api/tournaments` answers the new tournament's identifier.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Created {
    /// The tournament's identifier.
    pub id: String,
    /// The sequence number of its first event.
    pub seq: u64,
}

/// `POST /api/tournaments/import` answers the imported tournament's identifier.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Imported {
    /// The tournament's identifier.
    pub id: String,
}

/// `POST /api/tournaments/import/preview`: what importing the file would make.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ImportPreview {
    /// The name it would have (the file's 012, or the one asked).
    pub name: String,
    /// The system the file names (or the one asked); `null`: the import needs `?system=`.
    pub system: Option<super::settings::System>,
    /// Players.
    pub players: usize,
    /// Rounds recorded in the file (published with their results on import).
    pub rounds_played: usize,
    /// Rounds announced, when the file says.
    pub rounds: Option<u16>,
    /// Lines read but perhaps not meant, each with its line and column.
    pub warnings: Vec<String>,
}

impl From<events::app::ImportPreview> for ImportPreview {
    fn from(p: events::app::ImportPreview) -> ImportPreview {
        ImportPreview {
            name: p.name,
            system: p.system.map(Into::into),
            players: p.players,
            rounds_played: p.rounds_played,
            rounds: p.rounds,
            warnings: p.warnings,
        }
    }
}

/// An account, as `GET /api/me` shows the token's owner.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Account {
    /// The account's name.
    pub name: String,
    /// What it may do.
    pub role: Role,
    /// The tournaments it works in (none for an administrator, who is the chief arbiter of
    /// every tournament).
    pub tournaments: Vec<String>,
}

impl From<&events::app::Account> for Account {
    fn from(a: &events::app::Account) -> Account {
        Account {
            name: a.name.clone(),
            role: a.role.into(),
            tournaments: a.tournaments.iter().map(|t| t.0.to_string()).collect(),
        }
    }
}

/// A new account with its token, shown once.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct NewAccount {
    /// The account.
    #[serde(flatten)]
    pub account: Account,
    /// The bearer token: shown in this answer only.
    pub token: String,
}

/// The store, as `GET /api/health` shows it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct StoreHealth {
    /// `sled` (embedded) or `postgres` (shared by several servers).
    pub kind: &'static str,
    /// No tournament recorded yet.
    pub empty: bool,
    /// Bytes on disk.
    pub bytes: u64,
    /// Why the last write did not reach the store (a full disk, a lost database), in words;
    /// absent while writes succeed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    /// Bytes free on the disk holding the store, where the store can tell (the embedded one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_bytes: Option<u64>,
    /// A warning while the disk is nearly full (under [`FREE_SPACE_WARNING`] free).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// Below this many bytes free on the disk holding the store, health warns (and the console
/// shows it): 100 MB is some hours of a big open's events and far more than a club's event.
pub const FREE_SPACE_WARNING: u64 = 100 * 1024 * 1024;

/// `GET /api/health`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// "ok", or "degraded" when the last write did not reach the store, the disk is nearly
    /// full, or the copy folder could not be written (`store.problem`, `store.warning`,
    /// `copies.problem` say why).
    pub status: &'static str,
    /// The pairing engine's version.
    pub engine: &'static str,
    /// The store.
    pub store: StoreHealth,
    /// The copy folder, when one is kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copies: Option<CopiesHealth>,
}

/// `GET /api/public-url`: the address players' phones and the hall's tablets reach the server
/// by, for the links and QR codes the pages build.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PublicUrl {
    /// `server.public_url` (`SWISS_PUBLIC_URL`), else the address listened on when it is the
    /// network's, e.g. `http://192.168.1.20:8080`; null when the server listens on this
    /// machine's own address only (127.0.0.1), which no phone can open.
    pub public_url: Option<String>,
    /// `configuration` (set by the arbiter) or `listening` (found by the server); null with
    /// no address.
    pub from: Option<&'static str>,
}

/// The copy folder in `GET /api/health`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct CopiesHealth {
    /// The folder.
    pub folder: String,
    /// Why the last copy could not be written (the stick pulled), in words; absent while
    /// copies are written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// Every refusal and failure: what went wrong, in words, with what is recorded (409) or the
/// details (422) where there are some.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong.
    pub error: String,
    /// 409: what is recorded (for a result, its round, board and games).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub recorded: Option<serde_json::Value>,
    /// 422: details, such as the absolute criteria a pairing breaks (`violations`, a list of
    /// sentences) or whether a manual pairing is possible (`manual_pairing_possible`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub details: Option<serde_json::Value>,
}

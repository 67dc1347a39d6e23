//! The requests: every body the API reads, and results as arbiters write them ("1-0",
//! "1/2-1/2"), parsed into the application's vocabulary.

use super::vocabulary::{Details, PlayerCorrection, Role, Settings};
use engine::model::result::{GameMode, GameResult, GameScore};
use serde::{Deserialize, Serialize};

/// `POST /api/tournaments`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// The name.
    pub name: String,
    /// The settings.
    pub settings: Settings,
    /// Where, when, who arbitrates, the time control (for the TRF report); all optional.
    #[serde(default)]
    pub details: Details,
}

/// `PUT /api/tournaments/{id}/details`: the details, replacing those recorded, and the name
/// when it changes.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangeDetails {
    /// The new name, when it changes.
    #[serde(default)]
    pub name: Option<String>,
    /// The details.
    pub details: Details,
}

/// `PUT /api/tournaments/{id}/tiebreaks`: the tie-breaks in order, replacing those recorded.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangeTiebreaks {
    /// C.07's codes as FIDE's calculator writes them (`BH/C1`, `DE`, `ARO/U1000`, ...), in
    /// order; none for the system's defaults.
    pub tiebreaks: Vec<String>,
}

/// `PUT /api/tournaments/{id}/acceleration`: the acceleration, before round 1.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangeAcceleration {
    /// `none` or `baku`.
    pub acceleration: super::vocabulary::Acceleration,
}

/// `POST /api/tournaments/{id}/players`: the player's data.
pub use super::vocabulary::PlayerData as RegisterPlayer;

/// `PATCH /api/tournaments/{id}/players/{player}`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrectPlayer {
    /// The fields to change.
    pub correction: PlayerCorrection,
    /// Why (required).
    pub reason: String,
    /// Whether the reason may be shown on the public pages and the live connection; otherwise
    /// (the default) it is for the arbiters only (the audit trail read with a token).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reason_public: bool,
}

/// `POST /api/tournaments/{id}/players/{player}/withdrawal`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Withdraw {
    /// The first round the player does not play.
    pub from_round: u16,
    /// Why.
    #[serde(default)]
    pub reason: Option<String>,
    /// Whether the reason may be shown on the public pages and the live connection; otherwise
    /// (the default) it is for the arbiters only (the audit trail read with a token).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reason_public: bool,
}

/// `POST /api/tournaments/{id}/players/{player}/removal`: a player registered by mistake.
#[derive(Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RemovePlayer {
    /// Why.
    #[serde(default)]
    pub reason: Option<String>,
    /// Whether the reason may be shown to the public.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reason_public: bool,
}

/// `POST /api/qr`: the text to put in a QR code.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QrText {
    /// The text (a sign-in link), at most 1,000 characters.
    pub text: String,
}

/// `POST /api/tournaments/{id}/numbers`: a round-robin's numbers before round 1 (C.05). With
/// `lots` or `varma` the server draws them from `seed` (a random one, recorded, when not
/// given); with `assigned`, `order` lists every registered player once, number 1 first.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawNumbers {
    /// How.
    pub method: super::vocabulary::DrawMethod,
    /// The seed of the drawing (`lots`, `varma`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The players, number 1 first (`assigned`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<PlayerRef>,
}

/// A bye or absence for a round to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ByeRequest {
    /// A half-point bye.
    Half,
    /// A full-point bye.
    Full,
    /// A zero-point bye.
    Zero,
    /// An absence announced in advance (Dutch F.5): not paired, 0 points.
    Absent,
}

/// `POST /api/tournaments/{id}/byes`: the player by registration number (`player`) or
/// pairing number (`tpn`), or both (which must be the same player).
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RequestBye {
    /// The player's registration number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u32>,
    /// The player's pairing number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tpn: Option<u32>,
    /// The round.
    pub round: u16,
    /// Which.
    pub kind: ByeRequest,
}

/// `POST /api/tournaments/{id}/kept-apart`: players of whom no two may be paired in a range
/// of rounds (TRF-2026 record 260): siblings, clubmates, a federation's players.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct KeepApart {
    /// Two or more players, each by registration number (`player`) or pairing number (`tpn`).
    pub players: Vec<PlayerRef>,
    /// The first round (left out: the next round to be paired).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_round: Option<u16>,
    /// The last round (left out: to the tournament's last).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_round: Option<u16>,
    /// Why (for the audit trail).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `POST /api/tournaments/{id}/kept-apart/{group}/removal`: ends a group of players kept
/// apart, for the rounds still to be paired.
#[derive(Clone, Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseKeptApart {
    /// Why (for the audit trail).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `POST /api/tournaments/{id}/byes/cancellation`: the player by registration number
/// (`player`) or pairing number (`tpn`), and the round whose bye or absence is cancelled.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CancelBye {
    /// The player's registration number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u32>,
    /// The player's pairing number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tpn: Option<u32>,
    /// The round.
    pub round: u16,
    /// Why (for the audit trail).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Whether the reason may be shown on the public pages and the live connection; otherwise
    /// (the default) it is for the arbiters only (the audit trail read with a token).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reason_public: bool,
}

/// A player named by a number that says which it is: `{"player": 5}` (the registration
/// number), `{"tpn": 3}` (the pairing number), or both (which must be the same player). A bare
/// number is refused: the API never guesses which of a player's numbers it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PlayerRef {
    /// The registration number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<u32>,
    /// The pairing number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tpn: Option<u32>,
}

impl PlayerRef {
    /// The application's form.
    pub fn named(self) -> events::app::Named {
        events::app::Named {
            player: self.player.map(events::app::PlayerKey),
            tpn: self.tpn,
        }
    }
}

impl<'de> Deserialize<'de> for PlayerRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PlayerRef, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Fields {
            #[serde(default)]
            player: Option<u32>,
            #[serde(default)]
            tpn: Option<u32>,
        }
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = PlayerRef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "{\"player\": n} (the registration number) or {\"tpn\": n} (the pairing number)",
                )
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<PlayerRef, A::Error> {
                let f = Fields::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                if f.player.is_none() && f.tpn.is_none() {
                    return Err(serde::de::Error::custom(
                        "name the player: {\"player\": n} (the registration number) or {\"tpn\": n} (the pairing number)",
                    ));
                }
                Ok(PlayerRef {
                    player: f.player,
                    tpn: f.tpn,
                })
            }
        }
        d.deserialize_map(Visitor)
    }
}

/// One pair of a pairing to publish.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    /// White.
    pub white: PlayerRef,
    /// Black.
    pub black: PlayerRef,
}

/// `POST /api/tournaments/{id}/rounds`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Publish {
    /// The round (the next one).
    pub round: u16,
    /// The pairs, board 1 first.
    pub pairs: Vec<Pair>,
    /// The pairing-allocated bye.
    #[serde(default)]
    pub bye: Option<PlayerRef>,
    /// Publish even though the pairing breaks absolute criteria (the breaches are recorded).
    #[serde(default)]
    pub accept_violations: bool,
}

/// `PUT .../boards/{board}/result` and `POST .../boards/{board}/correction`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EnterResult {
    /// One-game rounds: the result, "1-0", "1/2-1/2", "0-1", "+-", "-+" or "--".
    #[serde(default)]
    pub result: Option<String>,
    /// Double-Swiss: both games, each written for the board's first-named (White in game 1)
    /// and second-named player, e.g. ["1-0", "1/2-1/2"].
    #[serde(default)]
    pub games: Option<Vec<String>>,
    /// Corrections: why (required).
    #[serde(default)]
    pub reason: Option<String>,
    /// Corrections: whether the reason may be shown on the public pages and the live connection; otherwise
    /// (the default) it is for the arbiters only (the audit trail read with a token).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reason_public: bool,

    /// Corrections: the game was played with the colours reversed.
    #[serde(default)]
    pub colors_swapped: bool,
}

/// `POST /api/accounts`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateAccount {
    /// The name.
    pub name: String,
    /// The role.
    pub role: Role,
    /// The tournaments a chief arbiter or an arbiter works in (at least one); none for an
    /// administrator.
    #[serde(default)]
    #[schema(value_type = Vec<String>)]
    pub tournaments: Vec<uuid::Uuid>,
}

/// Reads a result as arbiters write it. Field is the JSON field named in errors.
pub fn parse_result(text: &str, field: &str) -> Result<GameResult, String> {
    use GameMode::*;
    use GameScore::*;
    let normal = text.trim().replace('½', "1/2");
    let (mode, white, black) = match normal.as_str() {
        "1-0" => (Played, Win, Loss),
        "0-1" => (Played, Loss, Win),
        "1/2-1/2" | "=-=" => (Played, Draw, Draw),
        "1/2-0" => (Played, Draw, Loss),
        "0-1/2" => (Played, Loss, Draw),
        "0-0" => (Played, Loss, Loss),
        "+-" | "+:-" => (Forfeit, Win, Loss),
        "-+" | "-:+" => (Forfeit, Loss, Win),
        "--" | "-:-" => (Forfeit, Loss, Loss),
        _ => {
            return Err(format!(
                "{field}: {text:?} is not a result (1-0, 1/2-1/2, 0-1, +-, -+, --; in Double-Swiss also 1/2-0, 0-1/2, 0-0)"
            ))
        }
    };
    // Every form above is a result the engine knows (the Double-Swiss preface's ½-0, 0-½ and
    // 0-0 among them).
    GameResult::from_parts(mode, white, black)
        .ok_or_else(|| format!("{field}: {text:?} is not a possible result"))
}

/// The games of an [`EnterResult`], checked against the number of games a pairing has.
pub fn games_of(body: &EnterResult, per_pairing: usize) -> Result<Vec<GameResult>, String> {
    match (&body.result, &body.games, per_pairing) {
        (Some(r), None, 1) => Ok(vec![parse_result(r, "result")?]),
        (None, Some(gs), n) if gs.len() == n => gs
            .iter()
            .enumerate()
            .map(|(i, g)| parse_result(g, &format!("games[{i}]")))
            .collect(),
        (None, Some(gs), n) => Err(format!(
            "games: {} results given; a pairing here has {n} games",
            gs.len()
        )),
        (Some(_), None, n) => Err(format!(
            "result: this tournament plays matches of {n} games; send \"games\" with {n} results"
        )),
        (Some(_), Some(_), _) => Err("give either \"result\" or \"games\", not both".into()),
        (None, None, _) => Err("result: missing (or \"games\" for a match)".into()),
    }
}

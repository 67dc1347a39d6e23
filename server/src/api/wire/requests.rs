//! The requests: every body the API reads, and results as arbiters write them ("1-0",
//! "1/2-1/2"), parsed into the application's vocabulary.

use super::player_data::PlayerCorrection;
use super::settings::{Details, Settings};
use super::vocabulary::Role;
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
    pub acceleration: super::settings::Acceleration,
}

/// `POST /api/tournaments/{id}/players`: the player's data.
pub use super::player_data::PlayerData as RegisterPlayer;

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
    pub method: super::settings::DrawMethod,
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

// The document declares one body for both result routes, this one (its name and fields are
// the API's contract): a result entered refuses a correction's fields in words, and a
// correction is read as its own type, [`CorrectResult`], with the same fields.
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
    reason: Option<String>,
    /// Corrections: whether the reason may be shown on the public pages and the live connection; otherwise
    /// (the default) it is for the arbiters only (the audit trail read with a token).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    reason_public: bool,

    /// Corrections: the game was played with the colours reversed.
    #[serde(default)]
    colors_swapped: bool,
}

impl EnterResult {
    /// A result entered: one game's (`result`) or a match's (`games`).
    pub fn new(result: Option<String>, games: Option<Vec<String>>) -> EnterResult {
        EnterResult {
            result,
            games,
            reason: None,
            reason_public: false,
            colors_swapped: false,
        }
    }

    /// The games sent, each read; a correction's fields are refused, in words.
    pub fn games(&self) -> Result<Games, String> {
        if self.reason.is_some() || self.colors_swapped || self.reason_public {
            return Err(
                "reason/reason_public/colors_swapped: only for corrections (POST .../correction)"
                    .into(),
            );
        }
        Ok(Games::read(self.result.as_deref(), self.games.as_deref()))
    }
}

/// `POST .../boards/{board}/correction`: a board's result corrected, with the reason. Read
/// from the body the document declares as [`EnterResult`] (the same fields, in the same order,
/// so that a request is fingerprinted as it always was).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CorrectResult {
    /// One-game rounds: the result.
    #[serde(default)]
    pub result: Option<String>,
    /// Double-Swiss: both games.
    #[serde(default)]
    pub games: Option<Vec<String>>,
    /// Why (required).
    #[serde(default)]
    pub reason: Option<String>,
    /// Whether the reason may be shown on the public pages and the live connection.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reason_public: bool,
    /// The game was played with the colours reversed.
    #[serde(default)]
    pub colors_swapped: bool,
}

impl CorrectResult {
    /// The games sent, each read.
    pub fn games(&self) -> Games {
        Games::read(self.result.as_deref(), self.games.as_deref())
    }
}

/// A result's games as sent, each read as arbiters write it, before the number of games a
/// pairing has is known (the application's, asked in the same trip as the write): a problem
/// with a game is kept and answered after the number, as the number decides which field is
/// wrong.
#[derive(Debug)]
pub struct Games(Given);

/// Which of `result` and `games` a body gave.
#[derive(Debug)]
enum Given {
    /// `result`: one game.
    One(Result<GameResult, String>),
    /// `games`: a match's, in order.
    Several(Vec<Result<GameResult, String>>),
    /// Both.
    Both,
    /// Neither.
    Neither,
}

impl Games {
    /// Reads `result` or `games`, each game as arbiters write it.
    pub fn read(result: Option<&str>, games: Option<&[String]>) -> Games {
        Games(match (result, games) {
            (Some(r), None) => Given::One(parse_result(r, "result")),
            (None, Some(gs)) => Given::Several(
                gs.iter()
                    .enumerate()
                    .map(|(i, g)| parse_result(g, &format!("games[{i}]")))
                    .collect(),
            ),
            (Some(_), Some(_)) => Given::Both,
            (None, None) => Given::Neither,
        })
    }

    /// The games, checked against the number of games a pairing has.
    pub fn per_pairing(self, n: usize) -> Result<Vec<GameResult>, String> {
        match (self.0, n) {
            (Given::One(r), 1) => Ok(vec![r?]),
            (Given::Several(gs), n) if gs.len() == n => gs.into_iter().collect(),
            (Given::Several(gs), n) => Err(format!(
                "games: {} results given; a pairing here has {n} games",
                gs.len()
            )),
            (Given::One(_), n) => Err(format!(
                "result: this tournament plays matches of {n} games; send \"games\" with {n} results"
            )),
            (Given::Both, _) => Err("give either \"result\" or \"games\", not both".into()),
            (Given::Neither, _) => Err("result: missing (or \"games\" for a match)".into()),
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A result's games are read without the tournament, and checked against its number of
    /// games per pairing afterwards, with the same words in the same order as when they were
    /// read knowing it: the number first, then each game.
    #[test]
    fn games_are_read_first_and_counted_after() {
        let games = |v: &[&str]| Some(v.iter().map(|g| g.to_string()).collect::<Vec<_>>());
        let check = |result: Option<&str>, sent: Option<Vec<String>>, n: usize| {
            Games::read(result, sent.as_deref()).per_pairing(n)
        };
        assert_eq!(check(Some("1-0"), None, 1).unwrap().len(), 1);
        assert_eq!(check(None, games(&["1-0", "0-1"]), 2).unwrap().len(), 2);
        assert_eq!(
            check(Some("x"), None, 1).unwrap_err(),
            "result: \"x\" is not a result (1-0, 1/2-1/2, 0-1, +-, -+, --; in Double-Swiss also 1/2-0, 0-1/2, 0-0)"
        );
        assert_eq!(
            check(Some("x"), None, 2).unwrap_err(),
            "result: this tournament plays matches of 2 games; send \"games\" with 2 results"
        );
        assert_eq!(
            check(None, games(&["x"]), 2).unwrap_err(),
            "games: 1 results given; a pairing here has 2 games"
        );
        assert!(check(None, games(&["1-0", "y"]), 2)
            .unwrap_err()
            .starts_with("games[1]: \"y\" is not a result"));
        assert_eq!(
            check(Some("1-0"), games(&["1-0"]), 1).unwrap_err(),
            "give either \"result\" or \"games\", not both"
        );
        assert_eq!(
            check(None, None, 1).unwrap_err(),
            "result: missing (or \"games\" for a match)"
        );
    }

    /// A correction is its own type, read from the body the document declares for both result
    /// routes: every body either reads is read alike by the other, and fingerprinted by the same
    /// bytes; a result entered refuses a correction's fields in words.
    #[test]
    fn a_correction_reads_and_fingerprints_as_a_result_entered() {
        for body in [
            r#"{"result": "1-0"}"#,
            r#"{"games": ["1-0", "0-1"], "reason": "typo", "reason_public": true, "colors_swapped": true}"#,
            r#"{"result": "0-1", "reason": "typo"}"#,
        ] {
            let entered: EnterResult = serde_json::from_str(body).unwrap();
            let corrected: CorrectResult = serde_json::from_str(body).unwrap();
            assert_eq!(
                serde_json::to_vec(&entered).unwrap(),
                serde_json::to_vec(&corrected).unwrap(),
                "{body}"
            );
        }
        let unknown = r#"{"result": "1-0", "why": "x"}"#;
        let entered = serde_json::from_str::<EnterResult>(unknown).unwrap_err();
        let corrected = serde_json::from_str::<CorrectResult>(unknown).unwrap_err();
        assert_eq!(entered.to_string(), corrected.to_string());
        let correction: EnterResult =
            serde_json::from_str(r#"{"result": "1-0", "reason": "x"}"#).unwrap();
        assert_eq!(
            correction.games().unwrap_err(),
            "reason/reason_public/colors_swapped: only for corrections (POST .../correction)"
        );
    }
}

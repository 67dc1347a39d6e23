//! Why the log refuses an event: the replayed state's answer to one that does not fit it,
//! checked before every append and again at every replay. Nothing is written when an event is
//! refused. In the application's vocabulary (registration numbers, the engine's results),
//! never the persisted schema's.

use crate::ids::PlayerKey;
use engine::model::result::GameResult;

/// Why an event is refused. Nothing is written when an event is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// The first event of a tournament must create it, and only it may.
    #[error("the tournament does not exist yet: its first event must create it")]
    NotCreated,
    /// A second creation.
    #[error("the tournament already exists")]
    AlreadyCreated,
    /// Nothing is recorded after the tournament is closed.
    #[error("the tournament is closed")]
    Closed,
    /// An event names a player who is not registered.
    #[error("player {} is not registered", .0.0)]
    UnknownPlayer(PlayerKey),
    /// A registration number out of order.
    #[error("the next registration number is {expected}, not {got}")]
    WrongRegistrationNumber {
        /// The next number.
        expected: u32,
        /// The number given.
        got: u32,
    },
    /// Two players with one FIDE id.
    #[error("a player with FIDE id {0} is already registered")]
    DuplicateFideId(u64),
    /// A player acting on a board that is not theirs.
    #[error("player {} does not play on board {board} of round {round}", player.0)]
    NotOnBoard {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
        /// The board.
        board: u32,
    },
    /// A field of a player's data that is not valid.
    #[error("{field}: {problem}")]
    InvalidField {
        /// The field.
        field: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// A correction or other change without the reason it requires.
    #[error("a reason is required for this change")]
    ReasonRequired,
    /// A round outside the tournament.
    #[error("round {round} is outside the tournament's {rounds} rounds")]
    RoundOutOfRange {
        /// The round named.
        round: u16,
        /// Rounds in the tournament.
        rounds: u16,
    },
    /// A change for a round already published, where only rounds to come may change.
    #[error("round {0} is already published")]
    RoundAlreadyPublished(u16),
    /// A result or unpublication for a round not published.
    #[error("round {0} is not published")]
    RoundNotPublished(u16),
    /// Rounds are published one after the other.
    #[error("the next round to publish is {expected}, not {got}")]
    WrongRound {
        /// The next round.
        expected: u16,
        /// The round given.
        got: u16,
    },
    /// The round's results are not all in, so the next round cannot be published.
    #[error("round {0} still has results missing")]
    ResultsMissing(u16),
    /// A published pairing that names a player twice, a withdrawn or unregistered player, or
    /// a player with a requested bye.
    #[error("the pairing is not valid: {0}")]
    InvalidPairing(String),
    /// A board that the round does not have.
    #[error("round {round} has no board {board}")]
    NoSuchBoard {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
    },
    /// A result involving a player withdrawn before that round.
    #[error("player {} withdrew before round {round}", player.0)]
    PlayerWithdrawn {
        /// The player.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A player entering once every round is paired: there is no round left to play.
    #[error("all {rounds} rounds are paired: no player can enter any more")]
    EntryAfterLastRound {
        /// The tournament's rounds.
        rounds: u16,
    },
    /// A different result is already recorded: a change must be an explicit correction.
    #[error("round {round} board {board} already has a different result; correct it instead")]
    ResultConflict {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
        /// The result recorded, one per game.
        recorded: Vec<GameResult>,
    },
    /// A correction of a result that was never recorded.
    #[error("round {round} board {board} has no result to correct")]
    NothingToCorrect {
        /// The round.
        round: u16,
        /// The board.
        board: u32,
    },
    /// A result with the wrong number of games, or an impossible one.
    #[error("the result is not valid: {0}")]
    InvalidResult(String),
    /// The tie-breaks are published before the tournament starts (C.07 4.1).
    #[error("the tie-breaks cannot change once round 1 is published: FIDE C.07 (2026) 4.1 has the list published before the tournament starts (round 1 can be unpublished while it has no result)")]
    TiebreaksFixed,
    /// A player removed (registered by mistake) is named.
    #[error("player {} was removed (registered by mistake)", .0.0)]
    RemovedPlayer(PlayerKey),
    /// A player who has been in a published round cannot be removed.
    #[error("player {} cannot be removed: they were in round {} (withdraw them instead)", .0.0, .1)]
    CannotRemove(PlayerKey, u16),
    /// A cancellation of a bye nobody asked for.
    #[error("player {} has no bye or absence recorded for round {round}: nothing to cancel", player.0)]
    NoByeToCancel {
        /// Who.
        player: PlayerKey,
        /// The round.
        round: u16,
    },
    /// A round-robin's tables are fixed for the field at round 1 (C.05).
    #[error("a round-robin takes no late entries: its Berger tables were fixed for the players registered when round 1 was published")]
    RoundRobinLateEntry,
    /// A round-robin has no byes to request: a player who cannot play loses the game by
    /// forfeit.
    #[error("a round-robin has no byes or announced absences: every round is fixed by the tables, and a player who cannot play a game loses it by forfeit (enter the result -+ or +-)")]
    RoundRobinBye,
    /// Numbers are drawn only for a round-robin, and only before round 1.
    #[error("{0}")]
    NumbersNotDrawable(&'static str),
    /// A round that has results cannot be unpublished (Dutch F.6), nor any but the last.
    #[error("round {0} cannot be unpublished: {1}")]
    CannotUnpublish(u16, &'static str),
}

//! The wire vocabulary: what the API reads and answers, typed, with stable names, converted
//! explicitly from and into the application's vocabulary (`events::app`: its own types and the
//! engine's). The server never sees the persisted schema: a rename there or in the engine
//! changes nothing here unless this module is changed too; no `Debug` text is ever sent.
//!
//! [`vocabulary`] (the words requests and answers share), [`requests`] (the bodies the API
//! reads), [`views`] (the views of a tournament), [`answers`] (what writes and the server's own
//! routes answer), [`live`] (the live messages and the audit trail's entries).

pub mod answers;
pub mod hall;
pub mod live;
pub mod requests;
pub mod views;
pub mod vocabulary;

pub use answers::{
    Account, CopiesHealth, Created, ErrorBody, Health, ImportPreview, Imported, ListedPlayer,
    NewAccount, PlayerWritten, RatingChange, RatingList, RatingUpdate, RoundWritten, StoreHealth,
    TiebreakInfo, TiebreakList, Written, FREE_SPACE_WARNING,
};
pub use live::{Event, Live, Recorded};
pub use requests::{
    parse_result, ByeRequest, CancelBye, ChangeAcceleration, ChangeDetails, ChangeTiebreaks,
    CorrectPlayer, CorrectResult, CreateAccount, CreateTournament, DrawNumbers, EnterResult, Games,
    KeepApart, Pair, PlayerRef, Publish, QrText, RegisterPlayer, ReleaseKeptApart, RemovePlayer,
    RequestBye, Withdraw,
};
pub use views::{
    AroRow, Board, Card, CardPoints, CardRound, KeptApartGroup, MadeBy, NameRow, Player, Proposal,
    ProposedPair, PublishedPair, Registered, RequestedBye, Round, RoundByName, ScoredPlayer,
    Standings, StandingsRow, Step, Tournament,
};
pub use vocabulary::{
    result_text, results_text, Bye, Color, Details, DrawMethod, Float, InitialColor, Numbering,
    PlayerCorrection, PlayerData, PointValues, Role, Settings, Sex, System, Title,
};

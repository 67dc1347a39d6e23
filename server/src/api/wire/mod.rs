//! The wire vocabulary: what the API reads and answers, typed, with stable names, converted
//! explicitly from and into the application's vocabulary (`events::app`: its own types and the
//! engine's). The server never sees the persisted schema: a rename there or in the engine
//! changes nothing here unless this module is changed too; no `Debug` text is ever sent.
//!
//! [`settings`] (a tournament's settings and details), [`player_data`] (a player's data and its
//! correction), [`vocabulary`] (the other words requests and answers share), [`requests`] (the
//! bodies the API reads), [`views`] (the views of a tournament), [`answers`] (what writes and
//! the server's own routes answer), [`hall`] (the hall's requests and views), [`live`] (the
//! live messages and the audit trail's entries). Each imports only those before it in this
//! list (`views` before `hall`: a board names its players as the hall does,
//! [`views::NamedPlayer`]).

pub mod answers;
pub mod hall;
pub mod live;
pub mod player_data;
pub mod requests;
pub mod settings;
pub mod views;
pub mod vocabulary;

pub use answers::{
    Account, CopiesHealth, Created, ErrorBody, Health, ImportPreview, Imported, ListedPlayer,
    NewAccount, PairingCheck, PlayerWritten, PublicUrl, RatingChange, RatingList, RatingUpdate,
    RoundWritten, StoreHealth, TiebreakInfo, TiebreakList, Written, FREE_SPACE_WARNING,
};
pub use live::{Event, Live, Recorded};
pub use player_data::{PlayerCorrection, PlayerData, Sex, Title};
pub use requests::{
    parse_result, ByeRequest, CancelBye, ChangeAcceleration, ChangeDetails, ChangeTiebreaks,
    CorrectPlayer, CorrectResult, CreateAccount, CreateTournament, DrawNumbers, EnterResult, Games,
    KeepApart, Pair, PlayerRef, Publish, QrText, RegisterPlayer, ReleaseKeptApart, RemovePlayer,
    RequestBye, Withdraw,
};
pub use settings::{Details, DrawMethod, InitialColor, Numbering, PointValues, Settings, System};
pub use views::{
    AroRow, Board, Card, CardPoints, CardRound, KeptApartGroup, MadeBy, NameRow, Player, Proposal,
    ProposedPair, PublishedPair, Registered, RequestedBye, Round, RoundByName, ScoredPlayer,
    Standings, StandingsRow, Step, Tournament,
};
pub use vocabulary::{result_text, results_text, Bye, Color, Float, Role};

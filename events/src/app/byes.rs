//! Byes and absences asked for a round to come and their cancellation, and players kept
//! apart (TRF-2026's record 260).

use super::common::{App, Request, Result, Written};
use super::named::{player_view, Named, PlayerView};
use crate::convert;
use crate::schema::*;
use crate::vocabulary::ByeRequest;

/// A group of players kept apart: its number, the players, the first round and the last
/// (`None`: the tournament's last).
pub type KeptApartView = (u32, Vec<PlayerView>, u16, Option<u16>);

impl App {
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
        let event = convert::bye_request_event(player, round, kind);
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
}

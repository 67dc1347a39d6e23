//! Players: the list, a registration (its number taken inside the append), a correction, a
//! removal, a withdrawal, a rating-list update, and a round-robin's drawing of numbers.

use super::common::{App, AppError, Request, Result, Written};
use super::named::{player_view, Named, PlayerView};
use crate::convert;
use crate::schema::*;
use crate::store::Append;
use crate::vocabulary::{DrawMethod, PlayerCorrection, PlayerData};

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

impl App {
    /// The registered players, by registration number.
    pub fn players(&self, t: TournamentId) -> Result<Vec<PlayerView>> {
        let s = self.state(t)?;
        Ok(s.present().map(|p| player_view(&s, p.key)).collect())
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
                    title: title.map(|t| Some(convert::v1_title(t))),
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
}

//! Players as the application shows and names them: a player's view (both numbers, data,
//! byes asked, a late entry's first round, the Baku group), a request's way of naming a player
//! (by registration number, pairing number, or both), and a player in words.

use super::common::{AppError, Result};
use crate::replay::State;
use crate::schema::*;
use engine::model::result::ByeKind;
use engine::{Points, RoundNo, Tpn};

/// A registered player as views show them.
#[derive(Clone, Debug)]
pub struct PlayerView {
    /// The registration number.
    pub key: PlayerKey,
    /// The pairing number as it is now (the system's rules say when it is final: see
    /// the replay's numbering).
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
    pub(crate) fn resolve(self, s: &State, field: &str) -> Result<PlayerKey> {
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
pub(crate) fn described(s: &State, key: PlayerKey) -> String {
    let p = player_view(s, key);
    match p.tpn {
        Some(t) => format!("{} (pairing number {t}, player {})", p.name, key.0),
        None => format!("{} (player {})", p.name, key.0),
    }
}

/// A registered player's view; a placeholder named "?" for a number nobody has.
pub(super) fn player_view(s: &State, key: PlayerKey) -> PlayerView {
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

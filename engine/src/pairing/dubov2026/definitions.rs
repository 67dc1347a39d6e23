//! Dubov 2026 Article 1 (the players: score, TPN, colour difference and preference, ARO,
//! upfloats and the maximum upfloater) and Article 2.1 (what [C1]-[C3] allow).
use crate::model::color::Color;
use crate::model::history::pairing_states_before;
use crate::model::history::Aro;
use crate::model::history::ColorPreference;
use crate::model::history::Float;
use crate::model::history::RoundEntry;
use crate::model::ids::RoundNo;
use crate::model::ids::Tpn;
use crate::model::points::Points;
use crate::model::tournament::Tournament;
use crate::pairing::index::Barred;
use crate::pairing::index::IxVec;
use crate::pairing::index::PlayerIx;

/// One player as the procedure sees them.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub(crate) tpn: Tpn,
    /// The pairing score: the points, plus the round's virtual points under acceleration.
    pub(crate) score: Points,
    /// 1.7: the average rating of the opponents met over the board, rounded half up; 0
    /// before the first game.
    pub(crate) aro: u32,
    /// 1.6 (1.6.4: no game yet is a mild preference for Black).
    pub(crate) pref: ColorPreference,
    /// The colours of the games played, oldest first (C.04.2 3.4).
    pub(crate) colors: Vec<Color>,
    /// 3.1.4: the games played.
    pub(crate) games: usize,
    /// [C2]: may receive the pairing-allocated bye.
    pub(crate) can_bye: bool,
    /// 1.8: the times upfloated so far, and whether in the previous round ([C10]).
    pub(crate) ups: u32,
    pub(crate) up_last: bool,
    /// 1.8.1: upfloated MaxT times already.
    pub(crate) max_upfloater: bool,
}

impl Player {
    /// The colour this player seeks (1.6: every player has one, 1.6.4).
    pub(crate) fn seeks(&self) -> Color {
        self.pref.color().unwrap_or(Color::Black)
    }

    /// Whether the player has yet to play a game (3.2.3, 5.2.1).
    pub(crate) fn unplayed(&self) -> bool {
        self.games == 0
    }
}

/// The most players not yet paired for which a bracket no bound settles is chosen by the
/// weighted matching of them all (`procedure`; 1,000 take 0.1-4 s on one core). In generated
/// fields the bounds settle every bracket but a few at the bottom; a round that needs the
/// matching beyond this size is refused in words, naming the bracket, rather than kept
/// waiting.
pub const MATCHING_LIMIT: usize = 1_000;

/// What the procedure knows before the round.
pub(crate) struct Ctx {
    /// The players to pair, by rank (score, then TPN): index 0 is the highest.
    pub(crate) players: IxVec<Player>,
    /// [C1] (and the forbidden pairs): whom each player may not meet.
    pub(crate) met: Barred,
    /// Whether this is the tournament's last round ([C8]-[C10] do not apply).
    pub(crate) last_round: bool,
    /// 1.8.2's MaxT.
    pub(crate) max_t: u32,
    /// Whether a bracket a witness settles is settled so (`procedure`'s fast answers); a test
    /// pairs generated tournaments both ways.
    pub(crate) fast: bool,
    /// The most players not yet paired the general weighted matching is run for
    /// ([`MATCHING_LIMIT`]; a test lowers it to see the refusal).
    pub(crate) matching_limit: usize,
    /// The players' names as the explanation gives them (the surname), by rank.
    pub(crate) names: IxVec<Box<str>>,
}

/// 1.8.2: MaxT = 2 + [Rnds/5].
pub(crate) fn max_t(rounds: u16) -> u32 {
    2 + u32::from(rounds) / 5
}

/// 1.6: the colour preference of a player who played `colors` (oldest first): 1.6.1-1.6.3
/// as the 2026 Burstein text words them too (`common::preference_after_games`); 1.6.4: no game
/// yet is a mild preference for Black.
pub(crate) fn preference(colors: &[Color]) -> ColorPreference {
    crate::pairing::common::preference_after_games(colors)
        .unwrap_or(ColorPreference::Mild(Color::Black))
}

impl Ctx {
    pub(crate) fn new(t: &Tournament, round: RoundNo) -> Ctx {
        let states = pairing_states_before(t, round);
        let rating: Vec<u16> = t.players().iter().map(|p| p.pairing_rating()).collect();
        let available =
            crate::pairing::common::by_score_then_tpn(t.available_players(round), |p| {
                states[p.index()].score
            });
        // 1.8.2 (reading): with the number of rounds unknown, the rounds so far and this one.
        let rounds = t.settings.rounds.unwrap_or(round.get());
        let max_t = max_t(rounds);
        let players = crate::pairing::common::made_in_tpn_order(&available, |tpn| {
            let s = &states[tpn.index()];
            let aro = s
                .opponents()
                .fold(Aro::default(), |a, o| a.with(rating[o.index()]));
            // 1.8 and [C10]: an upfloat is a game played against a higher score (a forfeit is
            // no game, the Dutch 1.4.2's reading; the scores each round was paired with).
            let mut ups = 0;
            let mut up_last = false;
            for (e, f) in s.entries.iter().zip(&s.floats) {
                let up =
                    matches!(e, RoundEntry::Paired { played: true, .. }) && *f == Some(Float::Up);
                ups += u32::from(up);
                up_last = up;
            }
            let colors: Vec<Color> = s.played_colors().collect();
            let pref = preference(&colors);
            Player {
                tpn,
                score: s.score,
                aro: aro.rounded(),
                pref,
                colors,
                games: aro.games as usize,
                can_bye: !s.unplayed_point,
                ups,
                up_last,
                max_upfloater: ups >= max_t,
            }
        });
        let met = crate::pairing::common::barred_pairs(t, round, &states, &available);
        Ctx {
            players,
            met,
            last_round: t.settings.rounds == Some(round.get()),
            max_t,
            fast: true,
            matching_limit: MATCHING_LIMIT,
            names: crate::pairing::common::short_names(t, &available),
        }
    }

    /// [C1] and [C3]: `a` and `b` may meet (`common::may_meet`, the words both 2026 texts
    /// share).
    pub(crate) fn pair_ok(&self, a: PlayerIx, b: PlayerIx) -> bool {
        crate::pairing::common::may_meet(&self.met, a, b, |p| self.players[p].pref)
    }

    /// The players, as the explanation lists them: "3 Kaya, 7 Ng".
    pub(crate) fn tpns(&self, players: &[PlayerIx]) -> String {
        crate::pairing::common::tpns_of(players, |p| self.players[p].tpn, &self.names)
    }

    /// A player as the explanation names them: "12 Garcia López".
    pub(crate) fn who(&self, p: PlayerIx) -> String {
        let mut out = String::new();
        crate::pairing::common::write_who(&mut out, p, |p| self.players[p].tpn, &self.names).ok();
        out
    }
}

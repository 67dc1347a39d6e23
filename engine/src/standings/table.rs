//! What the standings are made of: a tie-break's [`Value`] (scaled, so values compare as
//! integers), a [`Row`] per player and the [`Standings`] after a round.
use crate::model::ids::{RoundNo, Tpn};
use crate::model::points::Points;
use crate::model::tiebreak::Tiebreak;

/// A tie-break's value: `value / scale`, the scale the same for every player, so values
/// compare as integers; [`Value::NONE`] where it cannot be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value {
    /// The scaled value.
    pub value: i64,
    /// What to divide by.
    pub scale: i64,
}

impl Value {
    /// No value (a rating-based tie-break with an unrated player and no rating for them, or
    /// a player with no rated opponent): ranked below every value, shown `-`.
    pub const NONE: Value = Value {
        value: i64::MIN,
        scale: 1,
    };

    /// Whether there is a value.
    pub fn is_some(&self) -> bool {
        *self != Value::NONE
    }

    pub(super) fn count(n: i64) -> Value {
        Value { value: n, scale: 1 }
    }

    pub(super) fn tenths(n: i64) -> Value {
        Value {
            value: n,
            scale: 10,
        }
    }

    pub(super) fn whole(n: Option<i64>) -> Value {
        n.map_or(Value::NONE, Value::count)
    }
}

impl std::fmt::Display for Value {
    /// Two decimals where the value has them, one otherwise, none for counts; `-` for none.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.is_some() {
            return write!(f, "-");
        }
        if self.scale == 1 {
            return write!(f, "{}", self.value);
        }
        let hundredths = (self.value * 100 + self.scale / 2 * self.value.signum()) / self.scale;
        let sign = if hundredths < 0 { "-" } else { "" };
        let h = hundredths.abs();
        if h % 10 == 0 {
            write!(f, "{sign}{}.{}", h / 100, (h % 100) / 10)
        } else {
            write!(f, "{sign}{}.{:02}", h / 100, h % 100)
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Place, 1 first; every player has a different one (lots break the last ties).
    pub rank: u32,
    /// The place shared by the players whom points and tie-breaks leave tied (the first of
    /// their places), before lots.
    pub shared_rank: u32,
    /// The player.
    pub tpn: Tpn,
    /// Points.
    pub score: Points,
    /// The tie-breaks, in the order used.
    pub tiebreaks: Vec<Value>,
    /// Whether lots were needed to separate the player from another.
    pub by_lot: bool,
    /// Whether the player's results count in the standings: not for a round-robin player who
    /// withdrew having played fewer than half of their games (C.05); such a player is listed
    /// below everyone, their games counted for nobody.
    pub counted: bool,
}

/// The standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// After which round.
    pub after: RoundNo,
    /// The tie-breaks used, in order.
    pub order: Vec<Tiebreak>,
    /// The rows, first place first.
    pub rows: Vec<Row>,
}

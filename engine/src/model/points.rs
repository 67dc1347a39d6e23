//! Points as integers: tenths of a point, the finest a TRF file can write.
//!
//! Scores are never floats. The usual values are 10 (a win), 5 (a draw) and 0 (a loss); a
//! Double-Swiss match gives 0 to 20, its pairing-allocated bye 15.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// A number of points, in tenths of a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(5);
    /// One point.
    pub const ONE: Points = Points(10);

    /// `tenths` tenths of a point.
    pub const fn from_tenths(tenths: i32) -> Points {
        Points(tenths)
    }

    /// The number of tenths.
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// Reads "1", "1.5", "0.5", ".5" or "10.0": at most one decimal, no sign.
    pub fn parse(text: &str) -> Option<Points> {
        let (whole, tenth) = match text.split_once('.') {
            Some((w, t)) => (w, t),
            None => (text, ""),
        };
        if whole.is_empty() && tenth.is_empty() {
            return None;
        }
        if !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 6 {
            return None;
        }
        let tenth_digit = match tenth.as_bytes() {
            [] => 0,
            [d] if d.is_ascii_digit() => i32::from(d - b'0'),
            [d, rest @ ..] if d.is_ascii_digit() && rest.iter().all(|&b| b == b'0') => {
                i32::from(d - b'0')
            }
            _ => return None,
        };
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        Some(Points(whole * 10 + tenth_digit))
    }
}

impl fmt::Display for Points {
    /// Writes one decimal, as TRF does: "1.5", "0.0", "12.0".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let text = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&text)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_tenths() {
        for (text, tenths, shown) in [
            ("1", 10, "1.0"),
            ("1.5", 15, "1.5"),
            (".5", 5, "0.5"),
            ("10.0", 100, "10.0"),
            ("0.50", 5, "0.5"),
        ] {
            let p = Points::parse(text).expect(text);
            assert_eq!(p.tenths(), tenths, "{text}");
            assert_eq!(p.to_string(), shown);
        }
        for bad in ["", ".", "1.55", "-1", "a", "1.x", "1,5"] {
            assert_eq!(Points::parse(bad), None, "{bad:?}");
        }
        assert_eq!(format!("{:>4}", Points::from_tenths(60)), " 6.0");
    }
}

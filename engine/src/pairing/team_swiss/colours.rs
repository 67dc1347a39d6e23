//! Article 4: the colours of a pair, once the whole round is paired. Every pair gets its
//! colours: there is no absolute preference (the Preface), and 4.3.8 or 4.3.9 always decides
//! a pair in which one team has played.

use super::field::{Entrant, Strength};
use crate::model::color::Color;
use crate::model::team::ColourPreferences;

/// The colours of the pair `a`-`b`: the white team, the black team, and the article that
/// decided them. `initial` is the initial-colour (4.1); `secondary` whether the secondary
/// score decides the first-team (4.2.2).
pub fn allocate<'a>(
    a: &'a Entrant,
    b: &'a Entrant,
    kind: ColourPreferences,
    initial: Color,
    secondary: bool,
) -> (&'a Entrant, &'a Entrant, &'static str) {
    // 4.2: the first-team.
    let a_first = if a.score != b.score {
        a.score > b.score
    } else if secondary && a.secondary != b.secondary {
        a.secondary > b.secondary
    } else {
        a.tpn < b.tpn
    };
    let (first, other) = if a_first { (a, b) } else { (b, a) };
    let give = |c: Color, article| {
        if c == Color::White {
            (first, other, article)
        } else {
            (other, first, article)
        }
    };
    if first.played == 0 && other.played == 0 {
        let c = if first.tpn.get() % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return give(c, "4.3.1");
    }
    let (fp, op) = (first.preference, other.preference);
    match (fp, op) {
        (Some(f), None) => return give(f.colour, "4.3.2"),
        (None, Some(o)) => return give(o.colour.opposite(), "4.3.2"),
        (Some(f), Some(o)) if f.colour != o.colour => return give(f.colour, "4.3.3"),
        (Some(f), Some(o)) if kind == ColourPreferences::TypeB => match (f.strength, o.strength) {
            (Strength::Strong, Strength::Mild) => return give(f.colour, "4.3.4"),
            (Strength::Mild, Strength::Strong) => return give(o.colour.opposite(), "4.3.4"),
            _ => {}
        },
        _ => {}
    }
    let (fd, od) = (first.colour_difference(), other.colour_difference());
    if fd != od {
        return give(if fd < od { Color::White } else { Color::Black }, "4.3.5");
    }
    // 4.3.6: the played colours compared from the last one back (General Handling Rules 3.4).
    for (fc, oc) in first.colours.iter().rev().zip(other.colours.iter().rev()) {
        if fc != oc {
            return give(fc.opposite(), "4.3.6");
        }
    }
    if let Some(f) = fp {
        return give(f.colour, "4.3.7");
    }
    if let Some(last) = first.colours.last() {
        return give(last.opposite(), "4.3.8");
    }
    match other.colours.last() {
        Some(last) => give(*last, "4.3.9"),
        // Not reached: a pair in which neither team has played is 4.3.1's.
        None => give(initial, "4.3.1"),
    }
}

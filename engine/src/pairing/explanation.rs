//! A pairing's explanation as data: the steps a system took, each under the article that
//! decided it, for the CLI to print as text, the API to send as JSON, and tests to assert on.

use std::fmt;

/// One step of a pairing's explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How deep the step sits: 0 for the round and its brackets or score groups, 1 for a
    /// decision inside one of them.
    pub depth: u8,
    /// The article of the system's text that decided the step, numbered as the text numbers
    /// it ("C.7", "6.2", "3.4.1"); none for a heading (the round, a bracket, a score group).
    pub article: Option<&'static str>,
    /// What was decided, in words, without the article.
    pub text: String,
}

impl Step {
    /// A step decided by `article`.
    pub fn new(article: &'static str, text: impl Into<String>) -> Step {
        Step {
            depth: 0,
            article: Some(article),
            text: text.into(),
        }
    }

    /// A heading: the round, a bracket, a score group.
    pub fn heading(text: impl Into<String>) -> Step {
        Step {
            depth: 0,
            article: None,
            text: text.into(),
        }
    }

    /// The same step inside the bracket or score group above it.
    pub fn inner(mut self) -> Step {
        self.depth = 1;
        self
    }

    /// Whether this step is decided by `article` and says `text` (a substring).
    pub fn says(&self, article: &str, text: &str) -> bool {
        self.article == Some(article) && self.text.contains(text)
    }
}

/// The step as one line: indented by its depth, the article first.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.depth {
            f.write_str("  ")?;
        }
        match self.article {
            Some(a) => write!(f, "{a}: {}", self.text),
            None => f.write_str(&self.text),
        }
    }
}

/// The explanation as text, one step a line.
pub fn to_text(steps: &[Step]) -> String {
    steps
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// `items` written one after another into one text, `sep` between them: `"3 7 12"`. One
/// text for the whole list, where a text per item and a join make two allocations an item (a
/// large field's explanation lists hundreds of thousands of players).
pub(crate) fn joined<T>(
    items: impl IntoIterator<Item = T>,
    sep: &str,
    mut each: impl FnMut(&mut String, T) -> fmt::Result,
) -> String {
    let mut out = String::new();
    for (k, item) in items.into_iter().enumerate() {
        if k > 0 {
            out.push_str(sep);
        }
        // Writing to a `String` does not fail.
        each(&mut out, item).ok();
    }
    out
}

/// A system's criteria with their meanings, in our words from its text: `(code, meaning)`,
/// such as `("C15", "the fewest opponents of MDPs who upfloated the round before")`.
pub(crate) type Meanings = &'static [(&'static str, &'static str)];

/// The criteria a bracket's story has named so far: each code is given with its meaning the
/// first time it appears, and alone after that ("C15 (the fewest ...)", then "C15").
pub(crate) struct Glossary {
    meanings: Meanings,
    said: Vec<bool>,
}

impl Glossary {
    /// Nothing said yet, of the criteria `meanings`.
    pub(crate) fn new(meanings: Meanings) -> Glossary {
        Glossary {
            meanings,
            said: vec![false; meanings.len()],
        }
    }

    /// A new bracket's story: every meaning is given again.
    pub(crate) fn restart(&mut self) {
        self.said.iter_mut().for_each(|s| *s = false);
    }

    /// `code`, with its meaning the first time in this story.
    pub(crate) fn name(&mut self, code: &str) -> String {
        match self.meanings.iter().position(|(c, _)| *c == code) {
            Some(k) if !self.said[k] => {
                self.said[k] = true;
                format!("{code} ({})", self.meanings[k].1)
            }
            _ => code.to_string(),
        }
    }

    /// `codes`, each named as [`Glossary::name`] names it, joined by `sep`.
    pub(crate) fn names<'a>(
        &mut self,
        codes: impl IntoIterator<Item = &'a str>,
        sep: &str,
    ) -> String {
        joined(codes, sep, |out, c| {
            out.push_str(&self.name(c));
            Ok(())
        })
    }
}

/// A player as the explanation names them: the pairing number, then the name as registered,
/// shortened to the surname where it is written "Surname, First names": "12 Garcia López".
/// The number alone when no name is registered.
pub(crate) fn write_player(out: &mut String, tpn: impl fmt::Display, name: &str) -> fmt::Result {
    use fmt::Write as _;
    let short = short_name(name);
    if short.is_empty() {
        write!(out, "{tpn}")
    } else {
        write!(out, "{tpn} {short}")
    }
}

/// The name as the explanation gives it: the surname where the name is written "Surname,
/// First names" (as a TRF writes it), else the name as registered.
pub(crate) fn short_name(name: &str) -> &str {
    name.split(',').next().unwrap_or(name).trim()
}

/// Colours played, oldest first, as letters: "B W B"; "none" before any game.
pub(crate) fn colour_letters(colors: &[crate::model::color::Color]) -> String {
    if colors.is_empty() {
        return "none".to_string();
    }
    joined(colors, " ", |out, c| {
        out.push_str(match c {
            crate::model::color::Color::White => "W",
            crate::model::color::Color::Black => "B",
        });
        Ok(())
    })
}

/// Gives each criterion that `steps` write in brackets, as the 2026 Dubov and Burstein texts
/// do ("[C4]", a range "[C5]-[C10]"), its meaning the first time a score group's story names
/// it: the story restarts at each heading (the round, a bracket), so that every score group
/// reads on its own. One pass over each step's text.
pub(crate) fn gloss_bracketed(steps: &mut [Step], meanings: Meanings) {
    let mut g = Glossary::new(meanings);
    for step in steps.iter_mut() {
        if step.article.is_none() {
            g.restart();
        }
        if step.text.contains("[C") {
            step.text = g.bracketed_in(&step.text);
        }
    }
}

/// The code at the start of `s` written "[C12]": the code ("C12") and the length it takes.
fn bracketed_code(s: &str) -> Option<(&str, usize)> {
    let rest = s.strip_prefix('[')?;
    let end = rest.find(']')?;
    let code = &rest[..end];
    (code.len() > 1 && code.starts_with('C') && code[1..].bytes().all(|b| b.is_ascii_digit()))
        .then_some((code, end + 2))
}

impl Glossary {
    /// The meaning of `code` if this story has not given it yet (and it is now given).
    fn first_meaning(&mut self, code: &str) -> Option<&'static str> {
        let k = self.meanings.iter().position(|(c, _)| *c == code)?;
        (!self.said[k]).then(|| {
            self.said[k] = true;
            self.meanings[k].1
        })
    }

    /// `text` with each criterion written in brackets followed by its meaning the first time:
    /// "[C4] (the players not yet paired can all still be paired)"; a range "[C5]-[C7]"
    /// followed by the meanings not yet given of the criteria in it.
    fn bracketed_in(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 64);
        let mut rest = text;
        while let Some(at) = rest.find("[C") {
            out.push_str(&rest[..at]);
            rest = &rest[at..];
            let Some((first, len)) = bracketed_code(rest) else {
                out.push('[');
                rest = &rest[1..];
                continue;
            };
            out.push_str(&rest[..len]);
            rest = &rest[len..];
            // A range: "[C5]-[C10]".
            let last = rest
                .strip_prefix('-')
                .and_then(bracketed_code)
                .map(|(code, l)| (code, l + 1));
            let codes: Vec<String> = match last {
                Some((code, l)) => {
                    out.push_str(&rest[..l]);
                    rest = &rest[l..];
                    let number = |c: &str| c[1..].parse::<usize>().unwrap_or(0);
                    (number(first)..=number(code))
                        .map(|k| format!("C{k}"))
                        .collect()
                }
                None => vec![first.to_string()],
            };
            let single = codes.len() == 1;
            let said = joined(
                codes
                    .iter()
                    .filter_map(|c| self.first_meaning(c).map(|m| (c, m))),
                "; ",
                |out, (c, m)| {
                    if single {
                        out.push_str(m);
                    } else {
                        fmt::Write::write_fmt(out, format_args!("[{c}] {m}"))?;
                    }
                    Ok(())
                },
            );
            if !said.is_empty() {
                out.push_str(" (");
                out.push_str(&said);
                out.push(')');
            }
        }
        out.push_str(rest);
        out
    }
}

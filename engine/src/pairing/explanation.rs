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

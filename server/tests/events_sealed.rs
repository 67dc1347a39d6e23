//! The server imports nothing of the event log but its application (`events::app`): the
//! persisted schema, the replay, the store's internals and the backends are the log's own. This
//! reads every file of `server/src` and fails on any other `events::` path.

use std::path::{Path, PathBuf};

/// Each `events::` path in `text` that is not under `events::app`, with its line number.
fn outside_app(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        let mut offset = 0;
        while let Some(at) = rest.find("events::") {
            let start = offset + at;
            let before = line[..start].chars().next_back();
            let after = &line[start + "events::".len()..];
            let is_path = !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
            let next: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if is_path && next != "app" {
                found.push((i + 1, line.trim().to_string()));
            }
            offset = start + "events::".len();
            rest = &line[offset..];
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("server/src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_server_names_only_the_event_logs_application() {
    // The check itself finds what it must.
    assert_eq!(outside_app("use events::schema::Event;").len(), 1);
    assert_eq!(
        outside_app("let e = events::convert::results_of(&r);").len(),
        1
    );
    assert_eq!(outside_app("use events::{App, Store};").len(), 1);
    assert!(outside_app("use events::app::{self, Store}; my_events::x").is_empty());

    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 10, "server/src holds the server's files");
    let mut offending = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file is readable");
        for (line, code) in outside_app(&text) {
            offending.push(format!("{}:{line}: {code}", file.display()));
        }
    }
    assert!(
        offending.is_empty(),
        "the server names the event log beyond `events::app`:\n{}",
        offending.join("\n")
    );
}

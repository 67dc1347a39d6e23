//! README as written: its curl examples run against a real server, and the toolchain it and
//! Cargo.toml name is the one the locked dependencies need.

use crate::support::{fixture_root, Server};
use serde_json::json;

/// Splits a shell command line into words: single quotes keep everything, double quotes and
/// bare words have `$NAME` replaced from `vars`, as a shell would for these lines.
fn words(line: &str, vars: &[(&str, &str)]) -> Vec<String> {
    let expand = |text: &str| {
        let mut out = text.to_string();
        for (name, value) in vars {
            out = out.replace(&format!("${name}"), value);
        }
        out
    };
    let (mut out, mut word, mut started) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                started = true;
                word.extend(chars.by_ref().take_while(|&c| c != '\''));
            }
            '"' => {
                started = true;
                let part: String = chars.by_ref().take_while(|&c| c != '"').collect();
                word.push_str(&expand(&part));
            }
            ' ' => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                started = true;
                let mut part = c.to_string();
                while let Some(&n) = chars.peek() {
                    if matches!(n, ' ' | '\'' | '"') {
                        break;
                    }
                    part.push(n);
                    chars.next();
                }
                word.push_str(&expand(&part));
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

/// README's "Using the API" lines run as written, with what curl sends: its `-d` bodies carry
/// `Content-Type: application/x-www-form-urlencoded`, its other requests none. Every answer
/// is a success (they used to be refused 400 "Content type error").
#[test]
fn readmes_curl_examples_work_as_written() {
    let readme = std::fs::read_to_string(fixture_root().join("README.md")).unwrap();
    let section = readme
        .split("## Using the API")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("README has a section \"Using the API\"");
    // The indented block: continuation lines joined.
    let block: Vec<&str> = section
        .lines()
        .skip_while(|l| !l.starts_with("    "))
        .take_while(|l| l.starts_with("    ") || l.is_empty())
        .collect();
    let mut commands = Vec::new();
    let mut current = String::new();
    for line in block {
        let line = line.trim();
        if let Some(head) = line.strip_suffix('\\') {
            current.push_str(head);
            current.push(' ');
        } else {
            current.push_str(line);
            commands.push(std::mem::take(&mut current));
        }
    }
    let server = Server::start();
    let mut id = String::new();
    let mut ran = 0;
    for command in commands.iter().filter(|c| c.starts_with("curl ")) {
        let w = words(command, &[("TOKEN", &server.chief), ("ID", &id)]);
        let mut method = "GET".to_string();
        let (mut path, mut headers, mut body) = (String::new(), Vec::new(), None::<String>);
        let mut i = 1;
        while i < w.len() {
            match w[i].as_str() {
                "-X" => {
                    method = w[i + 1].clone();
                    i += 1;
                }
                "-H" => {
                    headers.push(w[i + 1].clone());
                    i += 1;
                }
                "-d" => {
                    body = Some(w[i + 1].clone());
                    i += 1;
                }
                url => {
                    path = url
                        .split_once("localhost:8080")
                        .map(|(_, p)| p.to_string())
                        .unwrap_or_else(|| panic!("a URL on localhost:8080: {url}"));
                }
            }
            i += 1;
        }
        let mut token = None;
        let mut extra = Vec::new();
        for h in &headers {
            let (k, v) = h.split_once(": ").expect("a header");
            if k == "Authorization" {
                token = v.strip_prefix("Bearer ").map(str::to_string);
            } else {
                extra.push((k.to_string(), v.to_string()));
            }
        }
        if body.is_some() {
            extra.push((
                "Content-Type".into(),
                "application/x-www-form-urlencoded".into(),
            ));
        }
        let extra: Vec<(&str, &str)> = extra
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let r = server.request(&method, &path, token.as_deref(), &extra, body.as_deref());
        assert!(
            (200..300).contains(&r.status),
            "{command}\n=> {} {}",
            r.status,
            r.body
        );
        if id.is_empty() {
            id = r.json()["id"]
                .as_str()
                .expect("the first command creates")
                .to_string();
        }
        ran += 1;
    }
    assert!(ran >= 5, "README's examples ran: {ran}");
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["pairs"][0]["games"], json!(["1-0"]), "{round}");
}

/// README names the oldest toolchain that builds the locked dependencies, and `rust-version`
/// in Cargo.toml says the same: no locked package (whose sources cargo has fetched) asks for a
/// newer one.
#[test]
fn readme_and_cargo_toml_name_the_toolchain_the_locked_dependencies_need() {
    let root = fixture_root();
    let cargo = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let ours = cargo
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .map(|v| v.trim_matches('"').to_string())
        .expect("rust-version in Cargo.toml");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("Rust toolchain ({ours} or newer")),
        "README names {ours}"
    );
    // Major, minor, patch; a missing part is 0 ("1.89" is "1.89.0").
    let version = |v: &str| -> [u32; 3] {
        let mut parts = v.split('.').map(|x| x.parse().unwrap_or(0));
        [0; 3].map(|_| parts.next().unwrap_or(0))
    };
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap();
    let home = std::env::var("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| {
            std::path::PathBuf::from(std::env::var("HOME").unwrap()).join(".cargo")
        });
    let sources: Vec<_> = std::fs::read_dir(home.join("registry/src"))
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    let mut checked = 0;
    for package in lock.split("[[package]]").skip(1) {
        let field = |k: &str| {
            package
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{k} = \"")))
                .map(|v| v.trim_end_matches('"').to_string())
        };
        let (Some(name), Some(v)) = (field("name"), field("version")) else {
            continue;
        };
        let Some(manifest) = sources
            .iter()
            .map(|s| s.join(format!("{name}-{v}/Cargo.toml")))
            .find(|m| m.exists())
        else {
            continue;
        };
        let text = std::fs::read_to_string(manifest).unwrap();
        if let Some(needs) = text
            .lines()
            .find_map(|l| l.strip_prefix("rust-version = "))
            .map(|v| v.trim_matches('"').to_string())
        {
            assert!(
                version(&needs) <= version(&ours),
                "{name} {v} needs Rust {needs}; README and Cargo.toml say {ours}"
            );
            checked += 1;
        }
    }
    assert!(
        checked > 20,
        "cargo's sources of the locked packages are not under {}: only {checked} checked",
        home.display()
    );
}

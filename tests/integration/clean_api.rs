//! #19 "A clean API": README's examples run as written, errors in the request's words, limits
//! a person would expect. One test per item.

use crate::support::{fixture_root, swiss, Server};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Duration;

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

/// Errors speak the request's language: the field as the client sent it, what it should be in
/// plain words, no Rust type's name; JSON for an unknown route, a body too large and a body
/// that is not JSON or not text.
#[test]
fn errors_name_fields_as_sent_in_plain_words_and_are_json() {
    let server = Server::start();
    let rust_words = [
        "u16",
        "u32",
        "u64",
        "i32",
        "struct ",
        "Json deserialize",
        "Path deserialize",
    ];
    let plain = |r: &crate::support::Response| {
        let error = r.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("a JSON error: {}", r.body))
            .to_string();
        for w in rust_words {
            assert!(!error.contains(w), "{w:?} in {error:?}");
        }
        error
    };
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "x", "settings": { "rounds": "7", "initial_color": "white" } }),
    );
    assert_eq!(r.status, 400);
    let e = plain(&r);
    assert!(
        e.starts_with("settings.rounds: ") && e.contains("a whole number from 0 to 65535"),
        "{e}"
    );
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "x", "settings": { "rounds": 7, "initial_color": "blue" } }),
    );
    let e = plain(&r);
    assert!(
        e.starts_with("settings.initial_color: unknown variant `blue`"),
        "{e}"
    );
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "x", "settings": 3 }),
    );
    let e = plain(&r);
    assert!(
        e.starts_with("settings: ") && e.contains("a JSON object"),
        "{e}"
    );
    let id = server.create_tournament("Words Open", "dutch-2026", 5);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "A,B", "rating": 70000 }),
    );
    let e = plain(&r);
    assert!(e.starts_with("rating: "), "{e}");
    // Bodies that are not JSON, or not text.
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        Some(&server.chief),
        &[],
        Some("{\"name\": "),
    );
    assert_eq!(r.status, 400);
    plain(&r);
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        Some(&server.chief),
        &[],
        Some("\u{0}\u{1}"),
    );
    assert_eq!(r.status, 400);
    plain(&r);
    // An unknown route, a malformed id, a body too large: JSON too.
    for path in [
        "/api/nothing",
        "/api/tournaments/not-a-uuid",
        "/api/tournaments/not-a-uuid/standings",
    ] {
        let r = server.public(path);
        assert_eq!(r.status, 404, "{path}");
        let e = plain(&r);
        assert!(e.contains(path), "{path}: {e}");
    }
    let big = json!({ "result": "1-0", "reason": "x".repeat(10_000) });
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        big,
    );
    assert_eq!(r.status, 413);
    plain(&r);
    // The query too.
    let r = server.chief(
        "POST",
        "/api/tournaments/import?system=dutch-1066",
        json!("012 X"),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let e = plain(&r);
    assert!(
        e.starts_with("the query: unknown variant `dutch-1066`"),
        "{e}"
    );
}

/// A page for a tournament that does not exist (a malformed id or an unknown one) is a page
/// that says so, with a way back, not an error's text.
#[test]
fn a_page_for_no_tournament_says_so() {
    let server = Server::start();
    for path in [
        "/display/not-a-uuid".to_string(),
        format!("/arbiter/{}", uuid::Uuid::new_v4()),
        format!("/t/{}", uuid::Uuid::new_v4()),
        "/no/such/page".to_string(),
    ] {
        let r = server.public(&path);
        assert_eq!(r.status, 404, "{path}");
        assert!(
            r.header("content-type")
                .is_some_and(|t| t.starts_with("text/html")),
            "{path}"
        );
        assert!(
            r.body.contains("Nothing here") && r.body.contains("href=\"/\""),
            "{path}: {}",
            r.body
        );
    }
    let id = server.create_tournament("Real Open", "dutch-2026", 5);
    assert_eq!(server.public(&format!("/display/{id}")).status, 200);
}

/// `?after=` beyond the log: the client is told where the log ends (a resync notice) and
/// closed, and resumes from there; enum values come out as they go in.
#[test]
fn after_beyond_the_log_is_answered_and_values_keep_their_case() {
    let server = Server::start();
    let id = server.create_tournament("Case Open", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2400 - 10 * i);
    let last = server.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();
    let mut display = crate::support::Display::connect(server.address, &id, last + 100);
    let notice = display.next();
    assert_eq!(notice, json!({ "type": "resync", "after": last }));

    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "player": 2, "round": 1, "kind": "half" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let bye = server.recorded(&id, "bye_requested");
    assert_eq!(bye["event"]["kind"], "half", "{bye}");
    let info = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(info["settings"]["system"], "dutch-2026");
    assert_eq!(info["settings"]["initial_color"], "white");
}

/// The server's log has no colour codes when it is not written to a terminal.
#[test]
fn the_log_has_no_colour_codes_off_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = swiss()
        .args(["serve", "--address", "127.0.0.1:0", "--log-level", "info"])
        .arg("--data-dir")
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut lines = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(20)) {
        let done = line.contains("listening on");
        lines.push(line);
        if done && lines.len() > 2 {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        lines.iter().any(|l| l.contains("INFO")),
        "the log is there: {lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains('\u{1b}')), "{lines:?}");
}

/// Limits a person would expect: no entry once every round is paired; rounds from 1 to 99;
/// a "correction" to the result already recorded changes nothing and says so.
#[test]
fn limits_a_person_would_expect() {
    let server = Server::start();
    for (rounds, field) in [(0, "settings.rounds"), (100, "settings.rounds")] {
        let r = server.chief(
            "POST",
            "/api/tournaments",
            json!({ "name": "Rounds", "settings": { "system": "dutch-2026", "rounds": rounds, "initial_color": "white" } }),
        );
        assert_eq!(r.status, 422, "{rounds} rounds: {}", r.body);
        assert!(r.body.contains(field), "{}", r.body);
    }
    let id = server.create_tournament("Short Open", "dutch-2026", 1);
    server.register_players(&id, 4, |i| 2400 - 10 * i);
    server.publish_proposal(&id);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Comer", "rating": 2000 }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("all 1 rounds are paired"), "{}", r.body);

    let board = format!("/api/tournaments/{id}/rounds/1/boards/1");
    assert_eq!(
        server
            .chief(
                "PUT",
                &format!("{board}/result"),
                json!({ "result": "1-0" })
            )
            .status,
        201
    );
    let seq = |s: &Server| s.public(&format!("/api/tournaments/{id}")).json()["last_seq"].clone();
    let before = seq(&server);
    let r = server.chief(
        "POST",
        &format!("{board}/correction"),
        json!({ "result": "1-0", "reason": "checked the scoresheet" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let answer: Value = r.json();
    assert!(
        answer["unchanged"]
            .as_str()
            .is_some_and(|u| u.contains("nothing was written")),
        "{answer}"
    );
    assert_eq!(seq(&server), before, "nothing appended");
    // A real correction still is one.
    let r = server.chief(
        "POST",
        &format!("{board}/correction"),
        json!({ "result": "0-1", "reason": "the scoresheet says 0-1" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(r.json().get("unchanged").is_none());
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

/// #19 "One numbering": players registered weakest first, so that no registration number is
/// the same player's pairing number. Registering answers both numbers; a request names the
/// number it means (`{"player": n}` or `{"tpn": n}`) and a bare number is refused; both given
/// must agree; the proposal and the publish request speak the same numbers; a publish that
/// differs from the proposal answers the differences by name and both numbers; breaches of
/// the absolute criteria name players the same way; the log's events name the registration
/// number as `player`.
#[test]
fn one_numbering_every_body_and_answer_names_the_number_it_means() {
    let server = Server::start();
    let id = server.create_tournament("Numbers", "dutch-2026", 5);
    let players = format!("/api/tournaments/{id}/players");
    for (i, name) in ["Ash,Ann", "Birch,Bo", "Cedar,Cy", "Dahl,Di"]
        .iter()
        .enumerate()
    {
        let r = server.chief(
            "POST",
            &players,
            json!({ "name": name, "rating": 1500 + 100 * i }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        let a = r.json();
        // Each newcomer is the strongest so far: registration i + 1, pairing number 1.
        assert_eq!(
            (a["player"].clone(), a["tpn"].clone()),
            (json!(i + 1), json!(1)),
            "{a}"
        );
        assert_eq!(a["name"], *name, "{a}");
        assert!(a["seq"].is_u64(), "{a}");
    }
    let list = server.public(&players).json();
    let ash = list
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ash,Ann")
        .unwrap();
    assert_eq!(
        (ash["player"].clone(), ash["tpn"].clone()),
        (json!(1), json!(4)),
        "{ash}"
    );
    assert!(ash.get("key").is_none(), "one name per number: {ash}");

    let rounds = format!("/api/tournaments/{id}/rounds");
    // A bare number: refused, saying how to name the player.
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 1, "pairs": [{ "white": 1, "black": 2 }, { "white": 3, "black": 4 }] }),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let e = r.json()["error"].as_str().unwrap().to_string();
    // (The body goes out with its keys sorted: "black" is read first.)
    assert!(
        e.starts_with("pairs[0].black: invalid type: integer `2`"),
        "{e}"
    );
    assert!(
        e.contains(r#"{"player": n} (the registration number) or {"tpn": n} (the pairing number)"#),
        "{e}"
    );
    // Both numbers, of two different players: refused naming both.
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 1, "pairs": [
            { "white": { "player": 1, "tpn": 1 }, "black": { "tpn": 2 } },
            { "white": { "tpn": 3 }, "black": { "tpn": 4 } }
        ] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(
        r.json()["error"],
        "pairs[0].white: player 1 is Ash,Ann (pairing number 4, player 1), but pairing number 1 is Dahl,Di (pairing number 1, player 4)",
        "{}",
        r.body
    );
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 1, "pairs": [{ "white": { "tpn": 9 }, "black": { "tpn": 2 } }] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("pairs[0].white: no player has pairing number 9"),
        "{}",
        r.body
    );
    let written = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(
        written["rounds_published"], 0,
        "nothing was written: {written}"
    );

    // The proposal names both numbers; publishing it with its pairing numbers, board 1's
    // colours reversed, publishes exactly that and answers the change.
    let (p, _) = server.proposal(&id);
    let board1 = &p["pairs"][0];
    for side in ["white", "black"] {
        assert!(
            board1[side]["player"].is_u64() && board1[side]["tpn"].is_u64(),
            "{p}"
        );
    }
    let tpn = |x: &Value| json!({ "tpn": x["tpn"] });
    let mut pairs: Vec<Value> = p["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| json!({ "white": tpn(&x["white"]), "black": tpn(&x["black"]) }))
        .collect();
    pairs[0] = json!({ "white": tpn(&board1["black"]), "black": tpn(&board1["white"]) });
    let r = server.chief("POST", &rounds, json!({ "round": 1, "pairs": pairs }));
    assert_eq!(r.status, 201, "{}", r.body);
    let changes = r.json()["manual_changes"].clone();
    let name = |x: &Value| {
        format!(
            "{} (pairing number {}, player {})",
            x["name"].as_str().unwrap(),
            x["tpn"],
            x["player"]
        )
    };
    let expected = format!(
        "pair {} - {} is not the system's",
        name(&board1["black"]),
        name(&board1["white"])
    );
    assert!(
        changes
            .as_array()
            .unwrap()
            .iter()
            .any(|c| *c == json!(expected)),
        "{changes}"
    );
    let round = server.public(&format!("{rounds}/1")).json();
    assert_eq!(
        round["pairs"][0]["white"]["player"], board1["black"]["player"],
        "{round}"
    );
    assert_eq!(
        round["pairs"][0]["black"]["player"], board1["white"]["player"],
        "{round}"
    );
    // The log names registration numbers as `player`, never a bare number.
    let event = server.recorded(&id, "round_published");
    assert_eq!(
        event["event"]["pairs"][0]["white"],
        json!({ "player": board1["black"]["player"] }),
        "{event}"
    );

    // A bye by pairing number: Ash (pairing number 4) is player 1.
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "tpn": 4, "round": 2, "kind": "half" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(server.recorded(&id, "bye_requested")["event"]["player"], 1);

    // A rematch in round 2: the breach names both players by name and both numbers.
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("{rounds}/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let again = |x: &Value| json!({ "player": x["player"] });
    let r = server.chief(
        "POST",
        &rounds,
        json!({ "round": 2, "pairs": [{ "white": again(&board1["white"]), "black": again(&board1["black"]) }] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let violations = r.json()["details"]["violations"].clone();
    let rematch = format!(
        "{} and {} have already played each other",
        name(&board1["white"]),
        name(&board1["black"])
    );
    assert!(
        violations
            .as_array()
            .unwrap()
            .iter()
            .any(|v| *v == json!(rematch)),
        "{violations}"
    );
}

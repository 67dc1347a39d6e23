//! Rounds and pairings through the API: manual pairings, no valid pairing, the views' words,
//! the proposal's explanation, pairs kept apart.

use super::tournament;
use crate::support::Server;
use serde_json::{json, Value};

#[test]
fn manual_pairings_are_checked_and_recorded() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    // Round 1 by hand: 1-2 and 3-4, not the system's 1-3, 4-2.
    let manual = json!({ "round": 1, "pairs": [
        { "white": { "player": 1 }, "black": { "player": 2 } },
        { "white": { "player": 3 }, "black": { "player": 4 } }
    ] });
    let r = server.chief("POST", &format!("/api/tournaments/{id}/rounds"), manual);
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(
        r.header("warning")
            .is_some_and(|w| w.contains("manual change")),
        "{:?}",
        r.headers
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert!(!round["manual_changes"].as_array().unwrap().is_empty());
    for board in 1..=2 {
        server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
    }
    // Round 2 repeating 1-2 breaks B.1: refused with the breach named, unless accepted.
    let rematch = json!({ "round": 2, "pairs": [
        { "white": { "player": 2 }, "black": { "player": 1 } },
        { "white": { "player": 4 }, "black": { "player": 3 } }
    ] });
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        rematch.clone(),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["details"]["violations"][0]
            .as_str()
            .unwrap()
            .contains("already played"),
        "{}",
        r.body
    );
    let mut accepted = rematch;
    accepted["accept_violations"] = json!(true);
    let r = server.chief("POST", &format!("/api/tournaments/{id}/rounds"), accepted);
    assert_eq!(r.status, 201, "{}", r.body);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/2"))
        .json();
    assert!(round["manual_changes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c.as_str().unwrap().contains("already played")));
    // Unpublishing is refused once a result is in, allowed before.
    let r = server.chief(
        "DELETE",
        &format!("/api/tournaments/{id}/rounds/2"),
        json!({}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
}

/// When no pairing meets the absolute criteria the proposal is refused, saying so, and the
/// chief arbiter may pair by hand.
#[test]
fn no_valid_pairing_is_said_and_leaves_pairing_by_hand() {
    let server = Server::start();
    for system in ["dutch-2026", "dutch-1992", "dubov-1997"] {
        let id = tournament(&server, system, 2);
        server.publish_proposal(&id);
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        // The two have met: round 2 has no pairing.
        let p = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
        assert_eq!(p.status, 422, "{system}: {}", p.body);
        assert!(p.body.contains("no valid pairing"), "{}", p.body);
        assert_eq!(p.json()["details"]["manual_pairing_possible"], true);
    }
}

/// The views speak the wire's own vocabulary, never Rust's `Debug` text: byes, floats and
/// colours by stable lower-case names; a manual change is recorded in words with the players'
/// names and numbers (no "Some(9)").
#[test]
fn views_name_byes_floats_and_changes_in_the_wires_words() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 6);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "player": 6, "round": 1, "kind": "half" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // Five players: the proposal gives 5 the bye; publish with the bye given to 4 instead.
    let (p, _) = server.proposal(&id);
    assert_eq!(p["bye"]["player"], 5, "{p}");
    let pairs: Vec<Value> = p["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let swap = |k: &Value| json!({ "player": if k == 4 { json!(5) } else { k.clone() } });
            json!({ "white": swap(&x["white"]["player"]), "black": swap(&x["black"]["player"]) })
        })
        .collect();
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": 1, "pairs": pairs, "bye": { "player": 4 } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // The answer says how the round differs from the proposal, by name and both numbers.
    let bye_change = "bye: the system gave it to Player,04 (pairing number 5, player 5), published to Player,03 (pairing number 4, player 4)";
    assert!(
        r.json()["manual_changes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == bye_change),
        "{}",
        r.body
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["requested_byes"][0]["kind"], "half", "{round}");
    assert_eq!(round["made_by"]["system"], "dutch-2026", "{round}");
    let changes: Vec<&str> = round["manual_changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(changes.contains(&bye_change), "{changes:?}");
    assert!(changes.iter().all(|c| !c.contains("Some(")), "{changes:?}");
    let card = server
        .public(&format!("/api/tournaments/{id}/players/4/card"))
        .json();
    assert_eq!(card["rounds"][0]["bye"], "pairing_allocated", "{card}");
    assert_eq!(card["rounds"][0]["float"], "down", "{card}");
    let card = server
        .public(&format!("/api/tournaments/{id}/players/1/card"))
        .json();
    assert!(
        ["white", "black"].contains(&card["rounds"][0]["color"].as_str().unwrap()),
        "{card}"
    );
    // The audit log and the live connection carry events in the wire's words too: a result
    // as arbiters write it, not the persisted form.
    let mut display = crate::support::Display::connect(server.address, &id, 0);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        json!({ "result": "1/2-1/2" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let live = display.until("result_recorded");
    assert_eq!(live["event"]["games"], json!(["1/2-1/2"]), "{live}");
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let last = audit.as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["event"]["type"], "result_recorded", "{last}");
    assert_eq!(last["event"]["games"], json!(["1/2-1/2"]), "{last}");
    let published = server.recorded(&id, "round_published");
    assert_eq!(published["event"]["system"], "dutch-2026", "{published}");
    assert_eq!(
        published["event"]["bye"],
        json!({ "player": 4 }),
        "{published}"
    );
}

/// The proposal's explanation is data: steps with their depth, the article that decided each
/// (as the rule text numbers it) and the words. A tournament whose settings name no system is
/// paired by the Dutch in force: round 1 by Dutch 2026 3.4 (the first perfect candidate), 1.5
/// (the bye) and 5.2.5 (colours); the 1992 text, asked for, by F.4, A.6 and E.5.
#[test]
fn the_explanation_of_a_proposal_is_a_list_of_steps_with_their_articles() {
    let server = Server::start();
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Default Open", "settings": { "rounds": 5, "initial_color": "white" } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let default = r.json()["id"].as_str().unwrap().to_string();
    let info = server.public(&format!("/api/tournaments/{default}")).json();
    assert_eq!(info["settings"]["system"], "dutch-2026", "{info}");
    server.register_players(&default, 7, |i| 2400 - 10 * i);
    let old = tournament(&server, "dutch-1992", 7);
    for (id, articles, bye_article, bye_words) in [
        (
            default,
            ["3.4", "1.5", "5.2.5"],
            "1.5",
            "pairing-allocated bye",
        ),
        (old, ["F.4", "A.6", "E.5"], "F.4", "gets the bye"),
    ] {
        let p = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
        assert_eq!(p.status, 200, "{}", p.body);
        let steps = p.json()["explanation"].as_array().unwrap().clone();
        let found: Vec<&str> = steps.iter().filter_map(|s| s["article"].as_str()).collect();
        for a in articles {
            assert!(found.contains(&a), "{a} in {found:?}");
        }
        let bye = steps
            .iter()
            .find(|s| {
                s["article"] == bye_article && s["text"].as_str().unwrap().contains(bye_words)
            })
            .unwrap_or_else(|| panic!("{bye_article} names the bye: {steps:?}"));
        assert_eq!(bye["depth"], 0);
        assert!(
            !bye["text"].as_str().unwrap().starts_with(bye_article),
            "the article is not repeated in the words: {bye}"
        );
    }
}

/// #44 "pairs kept apart": a group kept apart through the API is never paired together in its
/// rounds (the 2026 Dutch would pair 1-3 and 2-4 in round 1 of four players; kept apart, 1 and
/// 3 meet no longer), is listed, recorded in the audit and written as 260 in the TRF report;
/// removed, the system's own pairing returns. A group of one player is refused in words. A
/// TRF file with 260 lines is imported with its groups.
#[test]
fn players_kept_apart_are_never_paired_in_their_rounds() {
    let server = Server::start();
    let id = server.create_tournament("Apart", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2000 - 10 * i);
    let pairs_of = |server: &Server| crate::support::pairs_of(&server.proposal(&id).0);
    assert_eq!(pairs_of(&server), [(1, 3), (2, 4)]);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart"),
        json!({ "players": [{ "player": 1 }, { "player": 3 }], "reason": "siblings" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let pairs = pairs_of(&server);
    assert!(!pairs.contains(&(1, 3)), "{pairs:?}");
    // The explanation says what keeping them apart changed.
    let (proposal, _) = server.proposal(&id);
    assert!(
        proposal.to_string().contains(
            "Players kept apart changed this pairing: without them the system would have paired 1 Player - 3 Player."
        ),
        "{proposal}"
    );
    let groups = server
        .public(&format!("/api/tournaments/{id}/kept-apart"))
        .json();
    assert_eq!(groups[0]["group"], 1, "{groups}");
    assert_eq!(groups[0]["from_round"], 1, "{groups}");
    assert_eq!(groups[0]["players"][1]["player"], 3, "{groups}");
    let recorded = server.recorded(&id, "pairs_kept_apart");
    assert_eq!(recorded["event"]["players"], json!([1, 3]), "{recorded}");
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert!(
        trf.lines().any(|l| l.starts_with("260   1   5    1    3")),
        "{trf}"
    );
    let one = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart"),
        json!({ "players": [{ "player": 2 }, { "player": 2 }] }),
    );
    assert_eq!(one.status, 422, "{}", one.body);
    assert!(
        one.body.contains("two or more different players"),
        "{}",
        one.body
    );
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart/1/removal"),
        json!({ "reason": "they asked to play each other" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(pairs_of(&server), [(1, 3), (2, 4)]);
    let again = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/kept-apart/1/removal"),
        json!({}),
    );
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(again.body.contains("no group 1"), "{}", again.body);

    // Imported from a file with a 260 line.
    let file = format!(
        "{}260   1   5    2    4\n",
        trf.lines()
            .filter(|l| !l.starts_with("260"))
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    );
    let r = server.request(
        "POST",
        "/api/tournaments/import?system=dutch-2026&name=Imported",
        Some(&server.chief.clone()),
        &[("Content-Type", "text/plain")],
        Some(&file),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let imported = r.json()["id"].as_str().unwrap().to_string();
    let groups = server
        .public(&format!("/api/tournaments/{imported}/kept-apart"))
        .json();
    assert_eq!(groups[0]["players"][0]["player"], 2, "{groups}");
    assert_eq!(groups[0]["players"][1]["player"], 4, "{groups}");
}

/// #59: a pairing is checked before it is published, nothing recorded: the system's proposal
/// breaks nothing and changes nothing; a rematch swapped in by hand is named as a breach of the
/// absolute criteria, and the change from the proposal in words.
#[test]
fn a_pairing_is_checked_against_the_absolute_criteria_before_it_is_published() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    let round1 = server.publish_proposal(&id);
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let check = format!("/api/tournaments/{id}/pairing/check");
    let (_, pairs) = server.proposal(&id);
    let r = server.chief("POST", &check, json!({ "round": 2, "pairs": pairs }));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json(), json!({ "violations": [], "changes": [] }));
    // Round 1's first board again: a rematch.
    let first = &round1["pairs"][0];
    let second = &round1["pairs"][1];
    let again = json!({ "round": 2, "pairs": [
        { "white": { "player": first["black"]["player"] }, "black": { "player": first["white"]["player"] } },
        { "white": { "player": second["black"]["player"] }, "black": { "player": second["white"]["player"] } }
    ] });
    let before = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let r = server.chief("POST", &check, again);
    assert_eq!(r.status, 200, "{}", r.body);
    let answer = r.json();
    let violations = answer["violations"].as_array().unwrap();
    assert_eq!(violations.len(), 2, "{answer}");
    assert!(
        violations.iter().all(|v| v
            .as_str()
            .unwrap()
            .contains("have already played each other")),
        "{answer}"
    );
    assert!(
        !answer["changes"].as_array().unwrap().is_empty(),
        "{answer}"
    );
    let after = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    assert_eq!(before, after, "a check records nothing");
    // Not the next round: refused in words.
    let r = server.chief("POST", &check, json!({ "round": 3, "pairs": [] }));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("the next round to publish is 2"),
        "{}",
        r.body
    );
}

/// #59: players must check in for round 2 and only the two who met in round 1 have: no
/// pairing is possible, and the refusal says so in words (how many checked in, of how many,
/// and what to do) before what the system found.
#[test]
fn a_pairing_refused_because_too_few_checked_in_says_so() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 6);
    let round1 = server.publish_proposal(&id);
    for board in 1..=3 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "check_in_round": 2 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for side in ["white", "black"] {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/hall/check-in"),
            json!({ "player": round1["pairs"][0][side]["player"] }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
    assert_eq!(r.status, 422, "{}", r.body);
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("only 2 of 6 players have checked in for round 2")
            && error.contains("the 4 who have not are left out as absent")
            && error.contains("Check players in on the Hall view"),
        "{error}"
    );
}

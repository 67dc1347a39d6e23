//! The OpenAPI document: whole, every reference resolving, and every route answering as it
//! says.

use super::tournament;
use crate::support::{Display, Server};
use serde_json::{json, Value};

/// The schema a `$ref` names, in `doc`.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r
                .strip_prefix("#/components/schemas/")
                .expect("a schema reference");
            &doc["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// Every `$ref` under `v`.
fn references(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                out.push(r.to_string());
            }
            m.values().for_each(|v| references(v, out));
        }
        Value::Array(a) => a.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

/// The properties `schema` requires of an answer, and those it names.
fn shape(doc: &Value, schema: &Value) -> (Vec<String>, Vec<String>) {
    let s = resolve(doc, schema);
    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let properties = s["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    (names(&s["required"]), properties)
}

#[test]
fn the_openapi_document_is_whole_every_reference_resolves_and_every_parameter_is_declared() {
    let server = Server::start();
    let doc = server.public("/api/openapi.json").json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{doc}");
    let mut refs = Vec::new();
    references(&doc, &mut refs);
    assert!(
        refs.len() > 50,
        "the wire types are referenced, not inlined: {}",
        refs.len()
    );
    for r in refs {
        let name = r
            .strip_prefix("#/components/schemas/")
            .expect("a schema reference");
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{r} does not resolve"
        );
    }
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().unwrap() {
            let declared: Vec<&str> = op["parameters"]
                .as_array()
                .map(|ps| {
                    ps.iter()
                        .filter(|p| p["in"] == "path")
                        .map(|p| p["name"].as_str().unwrap())
                        .collect()
                })
                .unwrap_or_default();
            let used: Vec<&str> = path
                .split('/')
                .filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
                .collect();
            assert_eq!(declared, used, "{method} {path}: path parameters");
            assert!(
                op["responses"].as_object().is_some_and(|r| !r.is_empty()),
                "{method} {path}: no responses"
            );
            if op.get("security").is_some() {
                assert!(
                    op["responses"].get("401").is_some(),
                    "{method} {path}: a write that says nothing of 401"
                );
            }
        }
    }
    // The live connection's messages and the error body are part of the contract.
    for name in ["Live", "Recorded", "Event", "ErrorBody", "Written"] {
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{name} missing"
        );
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
}

/// Every route and method of the document, called on a live tournament (with `{}` for a body,
/// which writes refuse or take): each answers with a status its operation declares, and a
/// successful JSON answer carries the properties its schema requires and no property it does
/// not name. The list of routes is the document's: nothing here is kept by hand.
#[test]
fn every_route_of_the_openapi_document_answers_as_it_says() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 5);
    server.publish_proposal(&id);
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let doc = server.public("/api/openapi.json").json();
    let mut operations: Vec<(String, String, Value)> = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().unwrap() {
            operations.push((path.clone(), method.clone(), op.clone()));
        }
    }
    // Reads first, then writes, withdrawing the round, and closing, which ends every write.
    operations.sort_by_key(|(path, method, _)| match method.as_str() {
        "get" => 0,
        _ if path.ends_with("/close") => 3,
        "delete" => 2,
        _ => 1,
    });
    assert!(operations.len() >= 25, "{} operations", operations.len());
    for (path, method, op) in operations {
        let address = path
            .replace("{id}", &id)
            .replace("{key}", "1")
            .replace("{round}", "1")
            .replace("{board}", "1")
            .replace("{name}", "nobody");
        if path.starts_with("/ws/") {
            // The live connection: its messages are the document's `Live`.
            let mut display = Display::connect(server.address, &id, 0);
            let m = display.next();
            assert_eq!(m["type"], "event", "{m}");
            let (required, named) = shape(&doc, &doc["components"]["schemas"]["Recorded"]);
            for key in &required {
                assert!(m.get(key).is_some(), "{path}: {key} missing from {m}");
            }
            for key in m.as_object().unwrap().keys() {
                assert!(
                    key == "type" || named.contains(key),
                    "{path}: {key} is not in the document"
                );
            }
            continue;
        }
        let body = match method.as_str() {
            "get" | "delete" => None,
            _ if path.ends_with("/import") => Some(String::new()),
            _ => Some("{}".to_string()),
        };
        let r = server.request(
            &method.to_uppercase(),
            &address,
            Some(&server.chief.clone()),
            &[],
            body.as_deref(),
        );
        let declared = &op["responses"][r.status.to_string()];
        assert!(
            !declared.is_null(),
            "{method} {path} answered {} which the document does not declare: {}",
            r.status,
            r.body
        );
        let Some(schema) = declared["content"]["application/json"].get("schema") else {
            continue;
        };
        let answer = r.json();
        let (schema, answer) = match (schema["type"].as_str(), answer) {
            (Some("array"), Value::Array(items)) => match items.into_iter().next() {
                Some(first) => (&schema["items"], first),
                None => continue,
            },
            (_, answer) => (schema, answer),
        };
        let (required, named) = shape(&doc, schema);
        if named.is_empty() {
            continue;
        }
        for key in &required {
            assert!(
                answer.get(key).is_some(),
                "{method} {path}: {key} missing from {answer}"
            );
        }
        for key in answer.as_object().expect("an object").keys() {
            assert!(
                named.contains(key),
                "{method} {path}: {key} is not in the document ({answer})"
            );
        }
    }
}

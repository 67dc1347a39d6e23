//! The HTTP API: JSON over HTTP, described by `/api/openapi.json`.
//!
//! Reads are public. Writes need a bearer token: the chief arbiter may do everything, an
//! arbiter may enter and correct results. Every write is one event appended to the log, after
//! the same check replay makes; nothing is written when a request is refused. Store calls and
//! pairing run on the blocking pool, never on the async workers.

pub mod dto;
pub mod error;

use crate::app::AppState;
use crate::auth::require;
use actix_web::{delete, get, patch, post, put, web, HttpRequest, HttpResponse};
use dto::*;
use engine::pairing::{pair_next_round, PairingError, RoundPairing};
use engine::standings::{cross_table, standings, Tiebreak};
use engine::{RoundNo, Tpn};
use error::ApiError;
use events::schema::*;
use events::{Append, Appended, Role, State, Store, TournamentId};
use serde_json::{json, Value};

type Result<T> = std::result::Result<T, ApiError>;

/// Registers every route of the API. Routes are tried in this order, each by a pattern match:
/// the results, which arbiters enter by the thousand at the end of a round, come first.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(enter_result)
        .service(correct_result)
        .service(openapi)
        .service(list_tournaments)
        .service(create)
        .service(import)
        .service(show)
        .service(list_players)
        .service(register)
        .service(correct_player)
        .service(withdraw)
        .service(card)
        .service(request_bye)
        .service(propose)
        .service(publish)
        .service(unpublish)
        .service(show_round)
        .service(standings_json)
        .service(crosstable)
        .service(export_trf)
        .service(audit)
        .service(close)
        .service(create_account)
        .service(whoami)
        .service(aro);
}

/// Who the token belongs to: for consoles to check a token at sign-in.
#[get("/api/me")]
async fn whoami(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse> {
    let who = require(&req, &state, Role::Arbiter).await?;
    Ok(HttpResponse::Ok().json(json!({ "name": who.name, "role": who.role })))
}

/// Dubov 9: the list of AROs after each round, with three decimals (the average rating of the
/// opponents actually played; 0 before any game), enough to show every difference the pairing
/// compares.
#[get("/api/tournaments/{id}/aro")]
async fn aro(state: web::Data<AppState>, path: web::Path<uuid::Uuid>) -> Result<HttpResponse> {
    let s = state_of(&state.store, TournamentId(path.into_inner())).await?;
    let rows = web::block(move || {
        let t = s.tournament();
        let rounds = t.rounds().len();
        let finals = engine::history::states_before(&t, t.next_round());
        t.players()
            .iter()
            .map(|p| {
                let mut aro = engine::history::Aro::default();
                let after: Vec<String> = finals[p.tpn.index()]
                    .entries
                    .iter()
                    .take(rounds)
                    .map(|e| {
                        if let engine::history::RoundEntry::Paired {
                            opponent,
                            played: true,
                            ..
                        } = e
                        {
                            aro = aro.with(t.player(*opponent).map_or(0, |o| o.pairing_rating()));
                        }
                        aro.to_string()
                    })
                    .collect();
                let mut row = s.key_of(p.tpn).map_or(Value::Null, |k| player_json(&s, k));
                row["aro_after_round"] = json!(after);
                row
            })
            .collect::<Vec<_>>()
    })
    .await?;
    Ok(HttpResponse::Ok().json(rows))
}

#[get("/api/openapi.json")]
async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(include_str!("../openapi.json"))
}

async fn state_of(store: &Store, t: TournamentId) -> Result<State> {
    let store = store.clone();
    Ok(web::block(move || store.state(t)).await??)
}

async fn append(store: &Store, req: Append) -> Result<Appended> {
    let store = store.clone();
    Ok(web::block(move || store.append(req)).await??)
}

fn written(appended: &Appended) -> HttpResponse {
    let e = appended.envelope();
    let body =
        json!({ "seq": e.seq, "id": e.id, "recorded_at_ms": e.recorded_at_ms, "actor": e.actor });
    match appended {
        Appended::New(_) => HttpResponse::Created().json(body),
        Appended::Existing(_) => HttpResponse::Ok().json(body),
    }
}

/// Appends `event` for the account `who`, with the request's idempotency key and `reason`, and
/// answers 201 (new) or 200 (the earlier answer to the same request).
async fn record_as(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: events::Account,
    t: TournamentId,
    event: Event,
    reason: Option<String>,
) -> Result<HttpResponse> {
    let mut a = Append::new(t, who.name, event);
    a.reason = reason;
    a.idempotency_key = idempotency_key(req);
    Ok(written(&append(&state.store, a).await?))
}

/// [`record_as`] after checking that the request's account has `role`.
async fn record(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    role: Role,
    t: TournamentId,
    event: Event,
    reason: Option<String>,
) -> Result<HttpResponse> {
    let who = require(req, state, role).await?;
    record_as(req, state, who, t, event, reason).await
}

fn idempotency_key(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get("Idempotency-Key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

fn player_json(state: &State, key: PlayerKey) -> Value {
    let Some(rec) = state.players().get(key.0 as usize - 1) else {
        return Value::Null;
    };
    let p = &rec.player;
    json!({
        "key": key.0,
        "tpn": state.tpn_of(key).map(Tpn::get),
        "name": p.name,
        "rating": p.rating,
        "title": p.title.map(|t| t.as_str()),
        "federation": p.federation.as_ref().map(|f| f.as_str().to_string()),
        "fide_id": p.fide_id,
        "withdrawn_from": p.withdrawn_from.map(RoundNo::get),
    })
}

fn games_per_pairing(state: &State) -> usize {
    match state.settings().map(|s| s.system) {
        Some(SystemV1::DoubleSwiss) => 2,
        _ => 1,
    }
}

#[get("/api/tournaments")]
async fn list_tournaments(state: web::Data<AppState>) -> Result<HttpResponse> {
    let store = state.store.clone();
    let items = web::block(move || -> std::result::Result<Vec<Value>, events::StoreError> {
        store
            .tournaments()?
            .into_iter()
            .map(|t| {
                let s = store.state(t)?;
                Ok(json!({ "id": t, "name": s.name(), "settings": s.settings(), "players": s.players().len(), "rounds_published": s.rounds().len(), "closed": s.is_closed() }))
            })
            .collect()
    })
    .await??;
    Ok(HttpResponse::Ok().json(items))
}

#[post("/api/tournaments")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<CreateTournament>,
) -> Result<HttpResponse> {
    let who = require(&req, &state, Role::Chief).await?;
    let body = body.into_inner();
    let store = state.store.clone();
    let (id, e) = web::block(move || {
        store.create(
            &who.name,
            Event::TournamentCreated {
                name: body.name,
                settings: body.settings,
            },
        )
    })
    .await??;
    Ok(HttpResponse::Created().json(json!({ "id": id, "seq": e.seq })))
}

#[derive(serde::Deserialize)]
struct ImportQuery {
    #[serde(default)]
    system: Option<SystemV1>,
    #[serde(default)]
    name: Option<String>,
}

/// Imports a TRF file: its players, and each recorded round as published with its results.
#[post("/api/tournaments/import")]
async fn import(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: String,
    query: web::Query<ImportQuery>,
) -> Result<HttpResponse> {
    let who = require(&req, &state, Role::Chief).await?;
    let t = engine::trf::read(&body)
        .map_err(|e| ApiError::BadRequest(e.to_string().trim_end().to_string()))?;
    let system = match (t.settings.system, query.system) {
        (Some(s), None) => s,
        (None, Some(s)) => events::replay::to_engine_system(s),
        (Some(a), Some(b)) if a == events::replay::to_engine_system(b) => a,
        (Some(a), Some(_)) => return Err(ApiError::BadRequest(format!("system: the file is a {} tournament", a.name()))),
        (None, None) => return Err(ApiError::BadRequest("system: the file does not say its system (record 192); add ?system=dutch|dubov|double-swiss".into())),
    };
    let store = state.store.clone();
    let name = query
        .name
        .clone()
        .or_else(|| {
            t.info
                .iter()
                .find(|r| r.code == "012")
                .map(|r| r.text.clone())
        })
        .unwrap_or_else(|| "Imported tournament".into());
    let id =
        web::block(move || crate::import::import(&store, &who.name, &name, system, &t)).await??;
    Ok(HttpResponse::Created().json(json!({ "id": id })))
}

#[get("/api/tournaments/{id}")]
async fn show(state: web::Data<AppState>, path: web::Path<uuid::Uuid>) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    let s = state_of(&state.store, t).await?;
    Ok(HttpResponse::Ok().json(json!({
        "id": t,
        "name": s.name(),
        "settings": s.settings(),
        "players": s.players().len(),
        "rounds_published": s.rounds().len(),
        "closed": s.is_closed(),
        "last_seq": s.last_seq(),
    })))
}

#[get("/api/tournaments/{id}/players")]
async fn list_players(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let s = state_of(&state.store, TournamentId(path.into_inner())).await?;
    let list: Vec<Value> = s.players().iter().map(|p| player_json(&s, p.key)).collect();
    Ok(HttpResponse::Ok().json(list))
}

#[post("/api/tournaments/{id}/players")]
async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: web::Json<RegisterPlayer>,
) -> Result<HttpResponse> {
    let who = require(&req, &state, Role::Chief).await?;
    let t = TournamentId(path.into_inner());
    let data = body.into_inner();
    // The registration number is the next one; if another registration takes it first, try
    // the number after (a retry with the same idempotency key gets the first answer).
    let mut attempt = 0;
    let appended = loop {
        let store = state.store.clone();
        let next =
            web::block(move || store.with_state(t, |s| s.players().len() as u32 + 1)).await??;
        let key = PlayerKey(next);
        let mut a = Append::new(
            t,
            who.name.clone(),
            Event::PlayerRegistered {
                player: key,
                data: data.clone(),
            },
        );
        a.idempotency_key = idempotency_key(&req);
        match append(&state.store, a).await {
            Err(ApiError::Unprocessable { message, .. })
                if attempt < 5 && message.starts_with("the next registration number") =>
            {
                attempt += 1
            }
            other => break other?,
        }
    };
    let key = match &appended.envelope().event {
        Event::PlayerRegistered { player, .. } => player.0,
        _ => 0,
    };
    let mut response = written(&appended);
    response.headers_mut().insert(
        actix_web::http::header::LOCATION,
        actix_web::http::header::HeaderValue::from_str(&format!(
            "/api/tournaments/{t}/players/{key}"
        ))
        .map_err(|e| ApiError::Internal(e.to_string()))?,
    );
    Ok(response)
}

#[patch("/api/tournaments/{id}/players/{key}")]
async fn correct_player(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: web::Json<CorrectPlayer>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let body = body.into_inner();
    let event = Event::PlayerCorrected {
        player: PlayerKey(key),
        correction: body.correction,
    };
    record(
        &req,
        &state,
        Role::Chief,
        TournamentId(t),
        event,
        Some(body.reason),
    )
    .await
}

#[post("/api/tournaments/{id}/players/{key}/withdrawal")]
async fn withdraw(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
    body: web::Json<Withdraw>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let body = body.into_inner();
    let event = Event::PlayerWithdrawn {
        player: PlayerKey(key),
        from_round: body.from_round,
    };
    record(
        &req,
        &state,
        Role::Chief,
        TournamentId(t),
        event,
        body.reason,
    )
    .await
}

#[post("/api/tournaments/{id}/byes")]
async fn request_bye(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: web::Json<RequestBye>,
) -> Result<HttpResponse> {
    let who = require(&req, &state, Role::Chief).await?;
    let b = body.into_inner();
    let player = PlayerKey(b.player);
    let event = match b.kind {
        ByeRequest::Absent => Event::AbsenceAnnounced {
            player,
            round: b.round,
        },
        ByeRequest::Half => Event::ByeRequested {
            player,
            round: b.round,
            kind: RequestedByeV1::Half,
        },
        ByeRequest::Full => Event::ByeRequested {
            player,
            round: b.round,
            kind: RequestedByeV1::Full,
        },
        ByeRequest::Zero => Event::ByeRequested {
            player,
            round: b.round,
            kind: RequestedByeV1::Zero,
        },
    };
    record_as(
        &req,
        &state,
        who,
        TournamentId(path.into_inner()),
        event,
        None,
    )
    .await
}

fn pairing_json(s: &State, p: &RoundPairing) -> Value {
    let key = |t: Tpn| s.key_of(t).unwrap_or(PlayerKey(0));
    json!({
        "round": p.round.get(),
        "pairs": p.pairs.iter().enumerate().map(|(i, (w, b))| json!({
            "board": i + 1, "white": player_json(s, key(*w)), "black": player_json(s, key(*b)),
        })).collect::<Vec<_>>(),
        "bye": p.bye.map(|b| player_json(s, key(b))),
        "explanation": p.explanation,
    })
}

fn system_of(s: &State) -> Result<engine::System> {
    s.settings()
        .map(|x| events::replay::to_engine_system(x.system))
        .ok_or_else(|| ApiError::NotFound("tournament not created".into()))
}

/// The system's proposal for the next round, with its explanation; nothing is recorded.
#[post("/api/tournaments/{id}/pairing")]
async fn propose(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    require(&req, &state, Role::Chief).await?;
    let s = state_of(&state.store, TournamentId(path.into_inner())).await?;
    let system = system_of(&s)?;
    let (s, proposal) = web::block(move || {
        let p = pair_next_round(&s.tournament(), system);
        (s, p)
    })
    .await?;
    match proposal {
        Ok(p) => Ok(HttpResponse::Ok().json(pairing_json(&s, &p))),
        Err(e @ (PairingError::NotImplemented { .. } | PairingError::NoValidPairing { .. })) => {
            Err(ApiError::Unprocessable {
                message: e.to_string(),
                details: json!({ "manual_pairing_possible": true }),
            })
        }
        Err(e) => Err(ApiError::unprocessable(e.to_string())),
    }
}

/// Publishes a round: the system's proposal as it is, or changed by hand. Changes are
/// recorded; a pairing that breaks the absolute criteria is refused unless
/// `accept_violations` is set, and then its breaches are recorded too.
#[post("/api/tournaments/{id}/rounds")]
async fn publish(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    body: web::Json<Publish>,
) -> Result<HttpResponse> {
    let who = require(&req, &state, Role::Chief).await?;
    let t = TournamentId(path.into_inner());
    let body = body.into_inner();
    let s = state_of(&state.store, t).await?;
    let system = system_of(&s)?;
    let settings_system = s.settings().map(|x| x.system).unwrap_or(SystemV1::Dutch);
    let next = s.rounds().len() as u16 + 1;
    if body.round != next {
        return Err(ApiError::unprocessable(format!(
            "round: the next round to publish is {next}, not {}",
            body.round
        )));
    }
    let (body_pairs, body_bye) = (body.pairs.clone(), body.bye);
    let (manual_changes, violations) = web::block(move || -> Result<(Vec<String>, Vec<String>)> {
        let body = Publish {
            round: next,
            pairs: body_pairs,
            bye: body_bye,
            accept_violations: false,
        };
        let tournament = s.tournament();

        let tpn = |k: u32, field: &str| {
            s.tpn_of(PlayerKey(k)).ok_or_else(|| {
                ApiError::unprocessable(format!("{field}: player {k} is not registered"))
            })
        };
        let mut pairs = Vec::with_capacity(body.pairs.len());
        for (i, p) in body.pairs.iter().enumerate() {
            pairs.push((
                tpn(p.white, &format!("pairs[{i}].white"))?,
                tpn(p.black, &format!("pairs[{i}].black"))?,
            ));
        }
        let bye = body.bye.map(|b| tpn(b, "bye")).transpose()?;
        let proposed = RoundPairing {
            round: RoundNo::new(next).expect("next >= 1"),
            pairs,
            bye,
            explanation: vec![],
        };
        let violations: Vec<String> = engine::validate::validate(&tournament, system, &proposed)
            .iter()
            .map(ToString::to_string)
            .collect();
        let key = |t: Tpn| s.key_of(t).map_or(0, |k| k.0);
        let changes = match pair_next_round(&tournament, system) {
            Ok(p) => {
                let mut c = Vec::new();
                for (w, b) in &proposed.pairs {
                    if !p.pairs.contains(&(*w, *b)) {
                        c.push(format!(
                            "pair {}-{} (registration numbers) is not the system's",
                            key(*w),
                            key(*b)
                        ));
                    }
                }
                for (w, b) in &p.pairs {
                    if !proposed.pairs.contains(&(*w, *b)) {
                        c.push(format!(
                            "the system's pair {}-{} was changed",
                            key(*w),
                            key(*b)
                        ));
                    }
                }
                if p.bye != proposed.bye {
                    c.push(format!(
                        "bye: the system gave it to {:?}, published {:?}",
                        p.bye.map(key),
                        proposed.bye.map(key)
                    ));
                }
                c
            }
            Err(e) => vec![format!("paired by hand: {e}")],
        };
        Ok((changes, violations))
    })
    .await??;
    if !violations.is_empty() && !body.accept_violations {
        return Err(ApiError::Unprocessable {
            message: "the pairing breaks the absolute criteria; publish with accept_violations to publish it anyway".into(),
            details: json!({ "violations": violations }),
        });
    }
    let mut changes = manual_changes;
    changes.extend(
        violations
            .iter()
            .map(|v| format!("accepted breach of the absolute criteria: {v}")),
    );
    let event = Event::RoundPublished {
        round: next,
        system: settings_system,
        engine_version: engine::VERSION.into(),
        pairs: body
            .pairs
            .iter()
            .map(|p| PairV1 {
                white: PlayerKey(p.white),
                black: PlayerKey(p.black),
            })
            .collect(),
        bye: body.bye.map(PlayerKey),
        manual_changes: changes.clone(),
        pairing_numbers: Vec::new(),
    };
    let mut a = Append::new(t, who.name, event);
    a.idempotency_key = idempotency_key(&req);
    let appended = append(&state.store, a).await?;
    let mut response = written(&appended);
    if !changes.is_empty() {
        let warning = actix_web::http::header::HeaderValue::from_str(&format!(
            "199 - \"{} manual change(s) recorded\"",
            changes.len()
        ))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
        response
            .headers_mut()
            .insert(actix_web::http::header::WARNING, warning);
    }
    Ok(response)
}

#[delete("/api/tournaments/{id}/rounds/{round}")]
async fn unpublish(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
) -> Result<HttpResponse> {
    let (t, round) = path.into_inner();
    record(
        &req,
        &state,
        Role::Chief,
        TournamentId(t),
        Event::RoundUnpublished { round },
        None,
    )
    .await
}

#[get("/api/tournaments/{id}/rounds/{round}")]
async fn show_round(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16)>,
) -> Result<HttpResponse> {
    let (t, round) = path.into_inner();
    let s = state_of(&state.store, TournamentId(t)).await?;
    let r = s
        .rounds()
        .get((round as usize).wrapping_sub(1))
        .ok_or_else(|| ApiError::NotFound(format!("round {round} is not published")))?;
    let tournament = s.tournament();
    let scores =
        engine::history::states_before(&tournament, RoundNo::new(round).unwrap_or(RoundNo::FIRST));
    let with_score = |k: PlayerKey| {
        let mut p = player_json(&s, k);
        if let Some(t) = s.tpn_of(k) {
            p["score"] = json!(scores[t.index()].score.to_string());
        }
        p
    };
    Ok(HttpResponse::Ok().json(json!({
        "round": round,
        "pairs": r.pairs.iter().zip(&r.results).enumerate().map(|(i, (p, res))| json!({
            "board": i + 1,
            "white": with_score(p.white),
            "black": with_score(p.black),
            "games": res.as_ref().map(|(g, _)| results_text(g)),
        })).collect::<Vec<_>>(),
        "bye": r.bye.map(with_score),
        "requested_byes": r.requested.iter().map(|(k, kind)| json!({ "player": player_json(&s, *k), "kind": format!("{kind:?}") })).collect::<Vec<_>>(),
        "made_by": { "system": r.made_by.0, "engine_version": r.made_by.1 },
        "manual_changes": r.manual_changes,
    })))
}

async fn result_event(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    t: TournamentId,
    round: u16,
    board: u32,
    body: EnterResult,
    correction: bool,
) -> Result<HttpResponse> {
    // One trip to the blocking pool for the whole request: results are what arbiters enter
    // most, all at once at the end of a round.
    let token = crate::auth::bearer(req)?;
    let idempotency_key = idempotency_key(req);
    let store = state.store.clone();
    let appended = web::block(move || -> Result<Appended> {
        let who = crate::auth::authorize(&store, &token, Role::Arbiter)?;
        let per_pairing = store.with_state(t, games_per_pairing)?;
        let games = games_of(&body, per_pairing).map_err(ApiError::BadRequest)?;
        let event = if correction {
            Event::ResultCorrected {
                round,
                board,
                games,
                colors_swapped: body.colors_swapped,
            }
        } else {
            if body.reason.is_some() || body.colors_swapped {
                return Err(ApiError::BadRequest(
                    "reason/colors_swapped: only for corrections (POST .../correction)".into(),
                ));
            }
            Event::ResultRecorded {
                round,
                board,
                games,
            }
        };
        let mut a = Append::new(t, who.name, event);
        a.reason = body.reason;
        a.idempotency_key = idempotency_key;
        Ok(store.append(a)?)
    })
    .await??;
    Ok(written(&appended))
}

#[put("/api/tournaments/{id}/rounds/{round}/boards/{board}/result")]
async fn enter_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16, u32)>,
    body: web::Json<EnterResult>,
) -> Result<HttpResponse> {
    let (t, round, board) = path.into_inner();
    result_event(
        &req,
        &state,
        TournamentId(t),
        round,
        board,
        body.into_inner(),
        false,
    )
    .await
}

#[post("/api/tournaments/{id}/rounds/{round}/boards/{board}/correction")]
async fn correct_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u16, u32)>,
    body: web::Json<EnterResult>,
) -> Result<HttpResponse> {
    let (t, round, board) = path.into_inner();
    result_event(
        &req,
        &state,
        TournamentId(t),
        round,
        board,
        body.into_inner(),
        true,
    )
    .await
}

#[derive(serde::Deserialize)]
struct AfterQuery {
    #[serde(default)]
    after: Option<u16>,
}

fn computed_standings(
    s: &State,
    after: Option<u16>,
) -> (engine::Tournament, engine::standings::Standings) {
    let t = s.tournament();
    let order: Vec<Tiebreak> = t.settings.tiebreaks.clone();
    let seed = t.settings.lot_seed;
    let st = standings(&t, after.and_then(RoundNo::new), &order, seed);
    (t, st)
}

#[get("/api/tournaments/{id}/standings")]
async fn standings_json(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse> {
    let s = state_of(&state.store, TournamentId(path.into_inner())).await?;
    let after = query.after;
    let (s, st) = web::block(move || {
        let (_, st) = computed_standings(&s, after);
        (s, st)
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({
        "after_round": if s.rounds().is_empty() { 0 } else { st.after.get() },
        "tiebreaks": st.order.iter().map(|t| t.code()).collect::<Vec<_>>(),
        "rows": st.rows.iter().map(|r| {
            let mut p = s.key_of(r.tpn).map_or(Value::Null, |k| player_json(&s, k));
            p["rank"] = json!(r.rank);
            p["score"] = json!(r.score.to_string());
            p["tiebreaks"] = json!(r.tiebreaks.iter().map(ToString::to_string).collect::<Vec<_>>());
            p["by_lot"] = json!(r.by_lot);
            p
        }).collect::<Vec<_>>(),
    })))
}

#[get("/api/tournaments/{id}/crosstable")]
async fn crosstable(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let s = state_of(&state.store, TournamentId(path.into_inner())).await?;
    let text = web::block(move || {
        let (t, st) = computed_standings(&s, None);
        cross_table(&t, &st)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}

#[get("/api/tournaments/{id}/players/{key}/card")]
async fn card(
    state: web::Data<AppState>,
    path: web::Path<(uuid::Uuid, u32)>,
) -> Result<HttpResponse> {
    let (t, key) = path.into_inner();
    let s = state_of(&state.store, TournamentId(t)).await?;
    let key = PlayerKey(key);
    let tpn = s
        .tpn_of(key)
        .ok_or_else(|| ApiError::NotFound(format!("player {} is not registered", key.0)))?;
    let tournament = s.tournament();
    let st = engine::history::states_before(&tournament, tournament.next_round());
    let me = &st[tpn.index()];
    let rounds: Vec<Value> = me
        .entries
        .iter()
        .zip(&me.floats)
        .enumerate()
        .map(|(i, (e, f))| {
            let float = f.map(|f| format!("{f:?}").to_lowercase());
            match e {
                engine::history::RoundEntry::Paired { opponent, color, played, .. } => {
                    let r = &s.rounds()[i];
                    let ok = s.key_of(*opponent).unwrap_or(PlayerKey(0));
                    let board = r.pairs.iter().position(|p| p.white == key || p.black == key);
                    let games = board.and_then(|b| r.results[b].as_ref()).map(|(g, _)| results_text(g));
                    json!({ "round": i + 1, "opponent": player_json(&s, ok), "color": format!("{color:?}").to_lowercase(), "played": played, "board": board.map(|b| b + 1), "games": games, "float": float })
                }
                engine::history::RoundEntry::Bye(kind) => json!({ "round": i + 1, "bye": format!("{kind:?}"), "float": float }),
                engine::history::RoundEntry::Absent => json!({ "round": i + 1, "absent": true }),
            }
        })
        .collect();
    let mut p = player_json(&s, key);
    p["score"] = json!(me.score.to_string());
    p["rounds"] = json!(rounds);
    Ok(HttpResponse::Ok().json(p))
}

#[get("/api/tournaments/{id}/export.trf")]
async fn export_trf(
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    let s = state_of(&state.store, TournamentId(path.into_inner())).await?;
    let text = web::block(move || {
        let mut t = s.tournament();
        t.info.push(engine::tournament::InfoRecord {
            code: "012".into(),
            text: s.name().to_string(),
        });
        if !t.rounds().is_empty() {
            let st = standings(&t, None, &t.settings.tiebreaks.clone(), t.settings.lot_seed);
            engine::standings::apply_ranks(&mut t, &st);
        }
        engine::trf::write(&t)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}

#[get("/api/tournaments/{id}/audit")]
async fn audit(state: web::Data<AppState>, path: web::Path<uuid::Uuid>) -> Result<HttpResponse> {
    let t = TournamentId(path.into_inner());
    state_of(&state.store, t).await?;
    let store = state.store.clone();
    let log = web::block(move || store.read(t, 0)).await??;
    let items: Vec<Value> = log
        .iter()
        .map(|e| json!({ "seq": e.seq, "id": e.id, "recorded_at_ms": e.recorded_at_ms, "actor": e.actor, "reason": e.reason, "event": e.event }))
        .collect();
    Ok(HttpResponse::Ok().json(items))
}

#[post("/api/tournaments/{id}/close")]
async fn close(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<uuid::Uuid>,
) -> Result<HttpResponse> {
    record(
        &req,
        &state,
        Role::Chief,
        TournamentId(path.into_inner()),
        Event::TournamentClosed,
        None,
    )
    .await
}

/// Creates an account; the token is in the answer, once.
#[post("/api/accounts")]
async fn create_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<CreateAccount>,
) -> Result<HttpResponse> {
    require(&req, &state, Role::Chief).await?;
    let body = body.into_inner();
    if body.name.trim().is_empty() {
        return Err(ApiError::BadRequest("name: must not be empty".into()));
    }
    let store = state.store.clone();
    let name = body.name.clone();
    let token = web::block(move || store.create_account(&name, body.role)).await??;
    Ok(HttpResponse::Created()
        .json(json!({ "name": body.name, "role": body.role, "token": token })))
}

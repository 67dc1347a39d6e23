//! The hall: players check in and report their results (at a terminal signed in by an
//! arbiter, or on their own phone, always with their personal code); the arbiters set the
//! hall's rules, issue codes, see every player's check-in and every board's reports, and
//! accept agreed results.
//!
//! A player's request names the player and carries their code: the code is checked (wrong
//! codes counted per code and per client, [`crate::guard`]) before anything else, and the
//! command then holds the player to their own check-in and their own board. A request that
//! also carries a bearer token comes from a terminal: the token must be a hall terminal (or an
//! arbiter) of the tournament, so that a terminal's sign-in, once revoked, stops at once.

use super::common::{query, query_as, NoPlayer, NoTournament, Result, TournamentPath};
use super::error::ApiError;
use super::json;
use super::wire::hall::{
    Accept, ArbiterCheckIn, Hall, HallRules, IssueCodes, PlayerCheckIn, PlayerCode, PlayerHall,
    PlayerReport, PlayerSignIn,
};
use super::wire::{self, EnterResult, Games};
use super::write::{answer, as_sent, Parts, Refused, RetryKey, Unreadable, Write};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use events::app::{self, Acting};
use events::app::{Need, PlayerKey, TournamentId};
use std::net::{IpAddr, Ipv4Addr};

/// The hall as the arbiters see it: the rules, every player's check-in for the next round
/// (and who the proposal leaves out as absent), every board of the round in play with its
/// reports.
#[utoipa::path(
    tag = "hall",
    params(TournamentPath),
    responses((status = 200, body = Hall), NoTournament, Refused),
    security(("bearer" = []))
)]
#[get("/api/tournaments/{id}/hall")]
pub(super) async fn show_hall(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let hall = query_as(&req, &state, Need::Arbiter(t), move |app| app.hall(t)).await?;
    Ok(HttpResponse::Ok().json(Hall::from(hall)))
}

/// Sets the rules of the hall: the round players must check in for and until when, and
/// whether agreed results stand without an arbiter.
#[utoipa::path(
    tag = "hall",
    params(TournamentPath, RetryKey),
    request_body = HallRules,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 400, description = "The body cannot be read.", body = wire::ErrorBody), (status = 422, description = "A round already paired, or outside the tournament.", body = wire::ErrorBody), Refused, NoPlayer),
    security(("bearer" = []))
)]
#[put("/api/tournaments/{id}/hall/rules")]
pub(super) async fn set_rules(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<HallRules>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let rules = body.into_inner();
    Write::new(&req, Need::Chief(t), as_sent(&rules))
        .record(&state, move |app, r| {
            app.set_hall_rules(t, r, (&rules).into())
        })
        .await
}

/// An arbiter checks a player in for the next round (or withdraws the check-in), at any time
/// before it is paired: the override of a player proposed absent.
#[utoipa::path(
    tag = "hall",
    params(TournamentPath, RetryKey),
    request_body = ArbiterCheckIn,
    responses((status = 201, description = "Recorded.", body = wire::Written), (status = 200, description = "Already checked in.", body = wire::Written), (status = 422, description = "Not allowed now (withdrawn, a bye recorded, not checked in).", body = wire::ErrorBody), Refused, Unreadable, NoPlayer),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/hall/check-in")]
pub(super) async fn arbiter_check_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<ArbiterCheckIn>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    Write::new(&req, Need::Arbiter(t), as_sent(&b))
        .record(&state, move |app, r| {
            app.check_in(
                t,
                r,
                Acting::Arbiter,
                PlayerKey(b.player),
                b.present,
                now_ms(),
            )
        })
        .await
}

/// Issues personal codes: to every player who has none, or a new one to one player (their old
/// code stops working at once). Answers the codes of the players named (all when none is).
#[utoipa::path(
    tag = "hall",
    params(TournamentPath, RetryKey),
    request_body = IssueCodes,
    responses((status = 201, description = "Issued: every player's code.", body = Vec<PlayerCode>), (status = 200, description = "Every player had a code: nothing issued.", body = Vec<PlayerCode>), (status = 404, description = "No such player.", body = wire::ErrorBody), Refused, Unreadable, (status = 422, description = "The tournament does not allow it now.", body = wire::ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/hall/codes")]
pub(super) async fn issue_codes(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<IssueCodes>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    let (done, codes) = Write::new(&req, Need::Arbiter(t), as_sent(&b))
        .run(&state, move |app, r| {
            let done = app.issue_codes(t, r, b.player.map(PlayerKey))?;
            Ok::<_, ApiError>((done, app.codes(t)?))
        })
        .await?;
    let codes: Vec<PlayerCode> = codes.into_iter().map(Into::into).collect();
    Ok(match done {
        Some(done) => answer(&done, codes),
        None => HttpResponse::Ok().json(codes),
    })
}

/// Every player's code, for printing the players' cards.
#[utoipa::path(
    tag = "hall",
    params(TournamentPath),
    responses((status = 200, body = Vec<PlayerCode>), Refused),
    security(("bearer" = []))
)]
#[get("/api/tournaments/{id}/hall/codes")]
pub(super) async fn list_codes(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let codes = query_as(&req, &state, Need::Arbiter(t), move |app| app.codes(t)).await?;
    let codes: Vec<PlayerCode> = codes.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(codes))
}

/// Accepts agreed reports as results: of one board, or of every board of the round in play
/// whose two players reported the same. Answers what was written.
#[utoipa::path(
    tag = "hall",
    params(TournamentPath, RetryKey),
    request_body = Accept,
    responses((status = 200, description = "What was written, board by board (none when no board was agreed).", body = Vec<wire::Written>), (status = 422, description = "The board's players have not both reported the same.", body = wire::ErrorBody), Refused, Unreadable, NoPlayer),
    security(("bearer" = []))
)]
#[post("/api/tournaments/{id}/hall/accept")]
pub(super) async fn accept(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<Accept>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    let done = Write::new(&req, Need::Arbiter(t), as_sent(&b))
        .run(&state, move |app, r| app.accept_agreed(t, r, b.board))
        .await?;
    let done: Vec<wire::Written> = done.iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(done))
}

/// The time now, in milliseconds since 1970.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The client's address, for counting wrong codes.
fn client_of(req: &HttpRequest) -> IpAddr {
    req.peer_addr()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip())
}

/// Checks a player's request: the terminal's token when one is sent, then the player's code
/// (counted against guessing). Answers the audit trail's name for the player acting.
async fn player_acting(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    t: TournamentId,
    player: u32,
    code: &str,
) -> Result<String> {
    let terminal = if req.headers().contains_key("Authorization") {
        Some(
            crate::auth::require(req, &state.accounts, Need::Terminal(t))
                .await?
                .name,
        )
    } else {
        None
    };
    let key = PlayerKey(player);
    let client = client_of(req);
    state
        .guard
        .admit(t, key, client)
        .map_err(ApiError::TooManyTries)?;
    let code = code.to_string();
    let (matches, actor) = query(state, move |app| {
        let matches = app.code_matches(t, key, &code)?;
        Ok((matches, app.player_actor(t, key, terminal.as_deref())?))
    })
    .await?;
    if !matches {
        state.guard.wrong(t, key, client);
        return Err(ApiError::WrongCode(format!(
            "code: this is not the code of player {player}; check the card, or ask an arbiter for a new code"
        )));
    }
    state.guard.right(t, key);
    Ok(actor)
}

/// [`player_acting`] for a write (a check-in or a report): counted against the player's
/// writes in the window too.
async fn player_writing(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    t: TournamentId,
    player: u32,
    code: &str,
) -> Result<String> {
    let actor = player_acting(req, state, t, player, code).await?;
    state
        .guard
        .admit_write(t, PlayerKey(player))
        .map_err(ApiError::TooManyTries)?;
    Ok(actor)
}

/// A player's sign-in: their code checked, their own view answered (their check-in, their
/// board in the round in play and its reports).
#[utoipa::path(
    tag = "hall",
    params(TournamentPath),
    request_body = PlayerSignIn,
    responses((status = 200, body = PlayerHall), (status = 403, description = "Not this player's code.", body = wire::ErrorBody), NoPlayer, (status = 429, description = "Too many wrong codes for this player or from this device.", body = wire::ErrorBody), Unreadable, (status = 422, description = "The tournament does not allow it now.", body = wire::ErrorBody))
)]
#[post("/api/tournaments/{id}/hall/player/sign-in")]
pub(super) async fn player_sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<PlayerSignIn>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    player_acting(&req, &state, t, b.player, &b.code).await?;
    let me = query(&state, move |app| app.player_hall(t, PlayerKey(b.player))).await?;
    Ok(HttpResponse::Ok().json(PlayerHall::from(me)))
}

/// A player checks in for the next round (or withdraws it): themself only, until the time the
/// hall's rules set.
#[utoipa::path(
    tag = "hall",
    params(TournamentPath, RetryKey),
    request_body = PlayerCheckIn,
    responses((status = 201, description = "Checked in (or withdrawn); their view.", body = PlayerHall), (status = 200, description = "Already checked in; their view.", body = PlayerHall), (status = 403, description = "Not this player's code.", body = wire::ErrorBody), (status = 422, description = "Check-in has closed, or is not possible (withdrawn, a bye recorded).", body = wire::ErrorBody), (status = 429, description = "Too many wrong codes.", body = wire::ErrorBody), Unreadable, NoPlayer)
)]
#[post("/api/tournaments/{id}/hall/player/check-in")]
pub(super) async fn player_check_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<PlayerCheckIn>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    let actor = player_writing(&req, &state, t, b.player, &b.code).await?;
    let key = PlayerKey(b.player);
    let r = Parts::of(&req).request(actor, &fingerprint_of(&b.player, &b.present));
    let (done, me) = query(&state, move |app| {
        let done = app.check_in(t, &r, Acting::Player(key), key, b.present, now_ms())?;
        Ok((done, app.player_hall(t, key)?))
    })
    .await?;
    Ok(answer(&done, PlayerHall::from(me)))
}

/// A player reports their board's result in the round in play: a proposal until the opponent
/// reports the same (then the result, at once when the hall's rules let agreed results stand,
/// else when an arbiter accepts it). A later report by the same player replaces theirs.
#[utoipa::path(
    tag = "hall",
    params(TournamentPath, RetryKey),
    request_body = PlayerReport,
    responses((status = 201, description = "Reported; their view.", body = PlayerHall), (status = 200, description = "The same report again; their view.", body = PlayerHall), (status = 403, description = "Not this player's code, or not their board.", body = wire::ErrorBody), (status = 409, description = "The board has its result already.", body = wire::ErrorBody), (status = 429, description = "Too many wrong codes.", body = wire::ErrorBody), Unreadable, NoPlayer, (status = 422, description = "The tournament does not allow it now.", body = wire::ErrorBody))
)]
#[post("/api/tournaments/{id}/hall/player/report")]
pub(super) async fn player_report(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    body: json::Json<PlayerReport>,
) -> Result<HttpResponse> {
    let t = path.tournament();
    let b = body.into_inner();
    let actor = player_writing(&req, &state, t, b.player, &b.code).await?;
    let key = PlayerKey(b.player);
    let games = Games::read(b.result.as_deref(), b.games.as_deref());
    let result = EnterResult::new(b.result, b.games);
    let r = Parts::of(&req).request(
        actor,
        &[
            b.board.to_be_bytes().as_slice(),
            serde_json::to_vec(&result).unwrap_or_default().as_slice(),
        ]
        .concat(),
    );
    let board = b.board;
    let (done, me) = query(&state, move |app| {
        let games = games
            .per_pairing(app.games_per_pairing(t)?)
            .map_err(app::AppError::Refused)?;
        let done = app.report_result(t, &r, key, board, games)?;
        Ok((done, app.player_hall(t, key)?))
    })
    .await?;
    Ok(answer(&done, PlayerHall::from(me)))
}

/// The bytes a player's check-in is fingerprinted by.
fn fingerprint_of(player: &u32, present: &bool) -> Vec<u8> {
    let mut v = player.to_be_bytes().to_vec();
    v.push(u8::from(*present));
    v
}

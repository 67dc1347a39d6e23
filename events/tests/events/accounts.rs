//! Arbiters' accounts: tokens checked against the stored hashes, through the cache the server
//! reads on every request.

use crate::support::store;
use events::testing::accounts::hash_token;
use events::testing::{Account, Accounts, Role, Store, TournamentId};
use std::collections::BTreeSet;

fn one(t: TournamentId) -> BTreeSet<TournamentId> {
    BTreeSet::from([t])
}

/// A tournament in `store`, for accounts to work in.
fn a_tournament(store: &Store) -> TournamentId {
    crate::support::create(store, events::testing::schema::SystemV1::Dutch2026, 5)
}

fn who(accounts: &Accounts, token: &str) -> Option<(String, Role)> {
    accounts
        .authenticate(token)
        .unwrap()
        .map(|a| (a.name, a.role))
}

#[test]
fn a_token_is_known_by_its_hash_and_a_replaced_one_stops_working() {
    let (store, dir) = store();
    let accounts = Accounts::new(store.clone());
    let t = a_tournament(&store);
    let chief = accounts
        .create_account("chief", Role::Admin, BTreeSet::new())
        .unwrap();
    assert_eq!(who(&accounts, &chief), Some(("chief".into(), Role::Admin)));
    assert_eq!(who(&accounts, "not a token"), None);
    // Accounts written after the first check are seen by the next one.
    let anna = accounts
        .create_account("anna", Role::Arbiter, one(t))
        .unwrap();
    assert_eq!(who(&accounts, &anna), Some(("anna".into(), Role::Arbiter)));
    // A new token for anna (from the configuration, say): the old one is refused at once.
    accounts
        .add_account(Account {
            name: "anna".into(),
            role: Role::Arbiter,
            tournaments: one(t),
            token_sha256: hash_token("anna's new token"),
        })
        .unwrap();
    assert_eq!(who(&accounts, &anna), None);
    assert_eq!(
        who(&accounts, "anna's new token"),
        Some(("anna".into(), Role::Arbiter))
    );
    assert_eq!(who(&accounts, &chief), Some(("chief".into(), Role::Admin)));
    // The same after reopening: the hashes are stored, the tokens are not.
    drop((accounts, store));
    let store = Store::open(dir.path()).unwrap();
    let accounts = Accounts::new(store.clone());
    assert_eq!(who(&accounts, &anna), None);
    assert_eq!(
        who(&accounts, "anna's new token"),
        Some(("anna".into(), Role::Arbiter))
    );
    assert_eq!(who(&accounts, &chief), Some(("chief".into(), Role::Admin)));
}

#[test]
fn a_token_hash_is_sha256_in_lower_case_hex() {
    assert_eq!(
        hash_token("abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

/// Creating an account whose name is taken is refused, and the account keeps its token (it
/// used to be replaced silently, locking its holder out).
#[test]
fn a_taken_account_name_is_refused_and_its_token_kept() {
    let (store, _dir) = store();
    let accounts = Accounts::new(store.clone());
    let chief = accounts
        .create_account("chief", Role::Admin, BTreeSet::new())
        .unwrap();
    let Err(e) = accounts.create_account("chief", Role::Admin, BTreeSet::new()) else {
        panic!("a second account named chief")
    };
    assert!(
        matches!(e, events::testing::StoreError::AccountExists(_)),
        "{e}"
    );
    assert_eq!(who(&accounts, &chief), Some(("chief".into(), Role::Admin)));
    for bad in ["line\nbreak", &"x".repeat(65)] {
        assert!(matches!(
            accounts.create_account(bad, Role::Admin, BTreeSet::new()),
            Err(events::testing::StoreError::BadAccount(_))
        ));
    }
}

/// A chief arbiter or an arbiter works in named tournaments, each of which must exist; an
/// administrator names none. Scope is checked when the account is created.
#[test]
fn a_role_of_a_tournament_names_existing_tournaments_and_an_administrator_none() {
    let (store, _dir) = store();
    let accounts = Accounts::new(store.clone());
    let t = a_tournament(&store);
    let unknown = TournamentId(uuid::Uuid::nil());
    for (role, of) in [
        (Role::Arbiter, BTreeSet::new()),
        (Role::Chief, BTreeSet::new()),
        (Role::Admin, one(t)),
    ] {
        assert!(
            matches!(
                accounts.create_account("x", role, of.clone()),
                Err(events::testing::StoreError::BadAccount(_))
            ),
            "{role:?} of {of:?}"
        );
    }
    assert!(matches!(
        accounts.create_account("x", Role::Arbiter, one(unknown)),
        Err(events::testing::StoreError::UnknownTournament(u)) if u == unknown
    ));
    let token = accounts.create_account("x", Role::Chief, one(t)).unwrap();
    let x = accounts.authenticate(&token).unwrap().unwrap();
    assert_eq!(
        (x.role_in(t), x.role_in(unknown)),
        (Some(Role::Chief), None)
    );
}

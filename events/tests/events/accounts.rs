//! Arbiters' accounts: tokens checked against the stored hashes, through the cache the server
//! reads on every request.

use crate::support::store;
use events::accounts::hash_token;
use events::{Account, Role, Store};

fn who(store: &Store, token: &str) -> Option<(String, Role)> {
    store.authenticate(token).unwrap().map(|a| (a.name, a.role))
}

#[test]
fn a_token_is_known_by_its_hash_and_a_replaced_one_stops_working() {
    let (store, dir) = store();
    let chief = store.create_account("chief", Role::Chief).unwrap();
    assert_eq!(who(&store, &chief), Some(("chief".into(), Role::Chief)));
    assert_eq!(who(&store, "not a token"), None);
    // Accounts written after the first check are seen by the next one.
    let anna = store.create_account("anna", Role::Arbiter).unwrap();
    assert_eq!(who(&store, &anna), Some(("anna".into(), Role::Arbiter)));
    // A new token for anna (from the configuration, say): the old one is refused at once.
    store
        .add_account(Account {
            name: "anna".into(),
            role: Role::Arbiter,
            token_sha256: hash_token("anna's new token"),
        })
        .unwrap();
    assert_eq!(who(&store, &anna), None);
    assert_eq!(
        who(&store, "anna's new token"),
        Some(("anna".into(), Role::Arbiter))
    );
    assert_eq!(who(&store, &chief), Some(("chief".into(), Role::Chief)));
    // The same after reopening: the hashes are stored, the tokens are not.
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(who(&store, &anna), None);
    assert_eq!(
        who(&store, "anna's new token"),
        Some(("anna".into(), Role::Arbiter))
    );
    assert_eq!(who(&store, &chief), Some(("chief".into(), Role::Chief)));
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
    let chief = store.create_account("chief", Role::Chief).unwrap();
    let Err(e) = store.create_account("chief", Role::Arbiter) else {
        panic!("a second account named chief")
    };
    assert!(matches!(e, events::StoreError::AccountExists(_)), "{e}");
    assert_eq!(who(&store, &chief), Some(("chief".into(), Role::Chief)));
    for bad in ["line\nbreak", &"x".repeat(65)] {
        assert!(matches!(
            store.create_account(bad, Role::Arbiter),
            Err(events::StoreError::BadAccount(_))
        ));
    }
}

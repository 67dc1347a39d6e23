//! Export and import: a backup restores exactly the same state.

use crate::support::*;
use events::testing::schema::*;

#[test]
fn export_then_import_restores_the_same_state() {
    let (store, _dir) = store();
    let a = create(&store, SystemV1::Dutch1992, 5);
    register(&store, a, 7);
    publish(&store, a);
    play(&store, a, 1);
    let b = create(&store, SystemV1::DoubleSwiss, 3);
    register(&store, b, 5);
    publish(&store, b);
    play(&store, b, 1);
    let mut backup = Vec::new();
    let n = store.export(&mut backup).unwrap();
    assert_eq!(
        n,
        store.read(a, 0).unwrap().len() + store.read(b, 0).unwrap().len()
    );

    let (restored, _dir2) = crate::support::store();
    assert_eq!(restored.import(&mut backup.as_slice()).unwrap(), n);
    for t in [a, b] {
        assert_eq!(restored.read(t, 0).unwrap(), store.read(t, 0).unwrap());
        assert_eq!(restored.state(t).unwrap(), store.state(t).unwrap());
    }
    let mut again = Vec::new();
    restored.export(&mut again).unwrap();
    assert_eq!(again, backup);
    // Idempotency keys come back too: nothing to import twice.
    assert!(matches!(
        restored.import(&mut backup.as_slice()),
        Err(events::testing::StoreError::NotEmpty)
    ));
}

#[test]
fn a_damaged_backup_is_refused_whole_with_its_line() {
    let (store, _dir) = store();
    let t = create(&store, SystemV1::Dutch1992, 5);
    register(&store, t, 3);
    let mut backup = Vec::new();
    store.export(&mut backup).unwrap();
    let text = String::from_utf8(backup).unwrap();
    let damaged: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 2 {
                l.replace("\"seq\":3", "\"seq\":9")
            } else {
                l.to_string()
            }
        })
        .collect();
    let (restored, _dir2) = crate::support::store();
    let e = restored
        .import(&mut damaged.join("\n").as_bytes())
        .unwrap_err();
    assert!(e.to_string().contains("line 3"), "{e}");
    assert!(restored.is_empty(), "nothing was written");
}

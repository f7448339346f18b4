//! `bao admin grant|revoke NAME --db FILE` (issue 31): the moderator role on a server's
//! database.

use std::process::Command;

const BAO: &str = env!("CARGO_BIN_EXE_bao");

#[test]
fn grant_and_revoke_the_moderator_role() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.sqlite3");
    let id = {
        let store = bao_web::store::Store::open(&file).unwrap();
        store.create_account("Zuhura", "hash", "token").unwrap().id
    };
    let run = |args: &[&str]| {
        let out = Command::new(BAO)
            .args(args)
            .args(["--db", file.to_str().unwrap()])
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let path = file.display().to_string();
    assert_eq!(
        run(&["admin", "grant", "zuhura"]),
        (
            true,
            format!("bao: zuhura is a moderator now ({path})\n"),
            String::new()
        )
    );
    let role =
        |file: &std::path::Path| bao_web::store::Store::open(file).unwrap().role(id).unwrap();
    assert_eq!(role(&file).as_deref(), Some("moderator"));
    assert_eq!(
        run(&["admin", "grant", "nobody"]),
        (
            false,
            String::new(),
            format!("bao: error: no account named \"nobody\" in {path} (engine accounts cannot moderate)\n")
        )
    );
    assert!(!run(&["admin", "grant", "bao-3"]).0, "an engine account");
    assert_eq!(
        run(&["admin", "revoke", "ZUHURA"]),
        (
            true,
            format!("bao: ZUHURA is no longer a moderator ({path})\n"),
            String::new()
        )
    );
    assert_eq!(role(&file), None);
}

//! Embeds every catalogue file `locales/<tag>/*.ftl` (include_str!, so nothing is read at
//! run time): the generated `catalogues.rs` lists each language directory's files, sorted.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("crates/bao-i18n/locales")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.path())
        .collect();
    dirs.sort();
    let mut code = String::from("/// Every catalogue: (language tag, [(file name, text)]).\n");
    code.push_str("pub(crate) const CATALOGUES: &[(&str, &[(&str, &str)])] = &[\n");
    for dir in dirs {
        println!("cargo:rerun-if-changed={}", dir.display());
        let tag = dir.file_name().unwrap().to_string_lossy().to_string();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        let _ = write!(code, "    ({tag:?}, &[");
        for f in files {
            println!("cargo:rerun-if-changed={}", f.display());
            let name = f.file_name().unwrap().to_string_lossy().to_string();
            let _ = write!(
                code,
                "({name:?}, include_str!({:?})), ",
                f.display().to_string()
            );
        }
        code.push_str("]),\n");
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogues.rs");
    std::fs::write(out, code).unwrap();
}

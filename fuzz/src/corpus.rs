//! The committed seed corpora (`fuzz/seeds/<target>/`) and dictionaries (`fuzz/dict/`).

use std::path::{Path, PathBuf};

/// The `fuzz/` folder (this crate's root).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The dictionary file of a target, `fuzz/dict/<name>.dict`, by the kind of input it
/// reads.
pub fn dict_path(target: &str) -> PathBuf {
    let name = match target {
        "kiswahili_position" | "kingulu_position" => "position",
        "kiswahili_move" | "kingulu_move" => "move",
        "record" => "record",
        "rule_options" => "options",
        "engine_protocol" => "protocol",
        "play_commands" => "commands",
        _ => "play",
    };
    root().join("dict").join(format!("{name}.dict"))
}

/// The files of `fuzz/seeds/<target>/`, sorted by name, as `(file name, bytes)`.
///
/// # Errors
/// The I/O error of a folder or file that cannot be read.
pub fn seeds(target: &str) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    read_dir(&root().join("seeds").join(target))
}

fn read_dir(dir: &Path) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            let name = entry.file_name().to_string_lossy().into_owned();
            out.push((name, std::fs::read(entry.path())?));
        }
    }
    out.sort();
    Ok(out)
}

/// The tokens of a target's dictionary (empty when it has none).
pub fn dict(target: &str) -> Vec<Vec<u8>> {
    std::fs::read_to_string(dict_path(target))
        .map(|text| crate::mutate::parse_dict(&text))
        .unwrap_or_default()
}

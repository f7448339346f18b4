//! Saving games: a record is written to a temporary file in the same directory and then
//! renamed onto its name, so a failed write (disk full, quota, a file-size limit) leaves
//! any old file whole. `save` never replaces a file; `save!` does; the Ctrl-C handler
//! and the end of the input write a new `bao-autosave-<date>-<time>.bao`.

use super::render::out;
use super::text::quote_file;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The record text the Ctrl-C handler saves (`None`: nothing to save).
pub type Guard = std::sync::Arc<std::sync::Mutex<Option<String>>>;

/// Writes `text` to `file` by way of a temporary file next to it (`.NAME.tmp-PID`),
/// renamed onto `file` once the whole text is written and synced. With `replace` false
/// an existing `file` is an [`std::io::ErrorKind::AlreadyExists`] error and is never
/// touched. On any error the temporary file is removed and `file` is as it was.
///
/// Only regular files are written: a symbolic link is written through (the file it
/// points to is replaced, the link stays), and an existing directory, device or FIFO is
/// an [`std::io::ErrorKind::InvalidInput`] error (renaming onto `/dev/null` would replace
/// the device).
///
/// # Errors
/// The I/O error of creating, writing, syncing or renaming.
pub fn write_atomic(file: &Path, text: &str, replace: bool) -> std::io::Result<()> {
    if !replace && std::fs::symlink_metadata(file).is_ok() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "the file exists",
        ));
    }
    let target = match std::fs::symlink_metadata(file) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(file)?,
        _ => file.to_path_buf(),
    };
    if let Ok(m) = std::fs::metadata(&target) {
        if !m.is_file() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "it is not a regular file (a directory or a device): choose a file name",
            ));
        }
    }
    let file = target.as_path();
    let tmp = temp_name(file);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
    let result = written.and_then(|()| {
        if !replace && std::fs::symlink_metadata(file).is_ok() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                "the file exists",
            ));
        }
        std::fs::rename(&tmp, file)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// `.NAME.tmp-PID` in the directory of `file`.
fn temp_name(file: &Path) -> PathBuf {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".to_string());
    let tmp = format!(".{name}.tmp-{}", std::process::id());
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(tmp),
        _ => PathBuf::from(tmp),
    }
}

/// Writes `text` to a new `bao-autosave-<date>-<time>.bao` in the current directory (never
/// replacing a file); returns its name as a shell would need it typed.
///
/// # Errors
/// A sentence naming the file and the I/O error.
pub fn write_autosave(text: &str) -> Result<String, String> {
    let stamp = crate::common::now_stamp();
    for k in 0..100u32 {
        let file = if k == 0 {
            format!("bao-autosave-{stamp}.bao")
        } else {
            format!("bao-autosave-{stamp}-{k}.bao")
        };
        match write_atomic(Path::new(&file), text, false) {
            Ok(()) => return Ok(quote_file(&file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(crate::t!(
                    "autosave-failed",
                    file = file.as_str(),
                    error = e.to_string()
                ))
            }
        }
    }
    Err("cannot find a free autosave file name".to_string())
}

/// The record slot of the game being played on a terminal, for [`ctrl_c`].
static GUARD: std::sync::OnceLock<Guard> = std::sync::OnceLock::new();

/// On a terminal, Ctrl-C where the terminal is not in raw mode (a dumb terminal's
/// prompt) raises SIGINT: this handler then does what [`ctrl_c`] does. Where keys are read
/// one at a time (the line editor's prompt, while the computer thinks, an animation, a
/// move explained lap by lap) the key reader calls [`ctrl_c`] itself: Ctrl-C means the
/// same everywhere.
pub fn install_ctrl_c(guard: Guard) {
    let _ = GUARD.set(guard);
    let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT]) else {
        return;
    };
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            ctrl_c();
        }
    });
}

/// Ctrl-C: an unsaved game (the text in the slot of [`install_ctrl_c`]) is saved to a new
/// autosave file, named with how to continue it, and the program leaves with exit code 130
/// (the terminal back in its normal mode, the spinner cleared, the cursor shown).
pub fn ctrl_c() -> ! {
    super::spinner::clear_active();
    let _ = crossterm::terminal::disable_raw_mode();
    super::render::set_raw(false);
    let text = GUARD
        .get()
        .and_then(|g| g.lock().ok().and_then(|g| g.clone()));
    match text {
        Some(text) => match write_autosave(&text) {
            Ok(q) => out(format!(
                "\n{}",
                crate::t!(
                    "leaving-autosaved",
                    why = "Ctrl-C",
                    file = q.as_str(),
                    command = super::text::command(&format!("bao play --load {q}"))
                )
            )),
            Err(e) => out(format!(
                "\n{}",
                crate::t!("leaving-failed", why = "Ctrl-C", error = e)
            )),
        },
        None => out(format!("\n{}", crate::t!("leaving", why = "Ctrl-C"))),
    }
    std::process::exit(130);
}

/// A file-size limit (`ulimit -f`) raises SIGXFSZ on the write that passes it, which
/// would end the program: with a handler installed the write fails with an error
/// instead (`File too large`), which `save` reports, keeping the old file.
pub fn survive_file_size_limit() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let _ = signal_hook::flag::register(signal_hook::consts::SIGXFSZ, flag);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_never_replace_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("g.bao");
        write_atomic(&file, "one", false).unwrap();
        let err = write_atomic(&file, "two", false).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "one");
        write_atomic(&file, "three", true).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "three");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // A failed write (no such directory) leaves nothing.
        assert!(write_atomic(&dir.path().join("no/g.bao"), "x", true).is_err());
    }

    #[test]
    fn only_regular_files_are_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let err = write_atomic(&sub, "x", true).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
        assert!(sub.is_dir());
        let err = write_atomic(Path::new("/dev/null"), "x", true).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
        // A symbolic link is written through: the link stays, its file changes.
        let real = dir.path().join("real.bao");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.bao");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, "new", true).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }
}

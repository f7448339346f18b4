//! Rebuilds the crate when any file under `static/` changes (the page is embedded with
//! `include_dir!`, which cargo does not track by itself).

fn main() {
    println!("cargo:rerun-if-changed=static");
}

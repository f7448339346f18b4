//! The `bao` command. STUB: being built.
fn main() {
    println!("bao {}", env!("CARGO_PKG_VERSION"));
}

//! Pairs the next round of a TRF file (a development aid; the command is `bao swiss pair`).
fn main() {
    let path = std::env::args().nth(1).expect("a TRF file");
    let text = std::fs::read_to_string(&path).expect("readable");
    let t = match bao_swiss::trf::read(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        }
    };
    match bao_swiss::pair(&t) {
        Ok(r) => print!("{r}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}

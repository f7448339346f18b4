//! Pairs the next round of a TRF file (a development aid; the command is `bao swiss pair`).
//!
//! usage: pair FILE [2017|2025]   (without an edition: the file's, else 2025)
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a TRF file");
    let edition = args
        .next()
        .map(|e| e.parse::<bao_swiss::Edition>().expect("2017 or 2025"));
    let text = std::fs::read_to_string(&path).expect("readable");
    let t = match bao_swiss::trf::read(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        }
    };
    let result = match edition {
        Some(e) => bao_swiss::pair_with_edition(&t, e),
        None => bao_swiss::pair(&t),
    };
    match result {
        Ok(r) => print!("{r}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}

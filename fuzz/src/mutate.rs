//! A small input mutator for the stable driver (`examples/drive.rs`) and the seed test:
//! random byte changes, insertions, deletions, copies, splices of two seeds and
//! dictionary tokens, in the spirit of libFuzzer's mutations but without coverage
//! feedback. Deterministic for a given [`Rng`] seed.

/// SplitMix64, a small seeded generator (no dependency needed for a fuzz driver).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Reads a libFuzzer dictionary (`name="token"` or `"token"` per line, `#` comments,
/// `\\`, `\"` and `\xNN` escapes) into its tokens. Lines that are not tokens are skipped.
pub fn parse_dict(text: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        let (Some(start), Some(end)) = (line.find('"'), line.rfind('"')) else {
            continue;
        };
        if end <= start {
            continue;
        }
        let body = &line.as_bytes()[start + 1..end];
        let mut token = Vec::new();
        let mut i = 0;
        while i < body.len() {
            match body[i] {
                b'\\' if i + 1 < body.len() && body[i + 1] == b'x' && i + 3 < body.len() => {
                    let hex = std::str::from_utf8(&body[i + 2..i + 4]).unwrap_or("");
                    match u8::from_str_radix(hex, 16) {
                        Ok(b) => token.push(b),
                        Err(_) => token.extend_from_slice(&body[i..i + 4]),
                    }
                    i += 4;
                }
                b'\\' if i + 1 < body.len() => {
                    token.push(body[i + 1]);
                    i += 2;
                }
                b => {
                    token.push(b);
                    i += 1;
                }
            }
        }
        if !token.is_empty() {
            out.push(token);
        }
    }
    out
}

/// A new input made from one of `seeds` (or from nothing when there are none) by one to
/// four random mutations, at most `max_len` bytes long.
pub fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], dict: &[Vec<u8>], max_len: usize) -> Vec<u8> {
    let mut data = if seeds.is_empty() {
        Vec::new()
    } else {
        seeds[rng.below(seeds.len())].clone()
    };
    for _ in 0..1 + rng.below(4) {
        let len = data.len();
        match rng.below(8) {
            // Flip one bit.
            0 if len > 0 => {
                let i = rng.below(len);
                data[i] ^= 1 << rng.below(8);
            }
            // Set a byte to a random or an interesting value.
            1 if len > 0 => {
                let i = rng.below(len);
                const SPECIAL: [u8; 8] = [0, 1, 0x7f, 0x80, 0xff, b' ', b'\n', b'"'];
                data[i] = if rng.below(2) == 0 {
                    rng.next_u64() as u8
                } else {
                    SPECIAL[rng.below(SPECIAL.len())]
                };
            }
            // Insert random bytes.
            2 => {
                let at = rng.below(len + 1);
                let n = 1 + rng.below(8);
                let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
                data.splice(at..at, bytes);
            }
            // Delete a range.
            3 if len > 0 => {
                let at = rng.below(len);
                let n = 1 + rng.below((len - at).min(16));
                data.drain(at..at + n);
            }
            // Copy a range elsewhere.
            4 if len > 1 => {
                let from = rng.below(len);
                let n = 1 + rng.below((len - from).min(32));
                let piece = data[from..from + n].to_vec();
                let at = rng.below(len + 1);
                data.splice(at..at, piece);
            }
            // Splice: the head of this input, the tail of another seed.
            5 if !seeds.is_empty() => {
                let other = &seeds[rng.below(seeds.len())];
                let cut = rng.below(data.len() + 1);
                let from = rng.below(other.len() + 1);
                data.truncate(cut);
                data.extend_from_slice(&other[from..]);
            }
            // Insert or overwrite with a dictionary token.
            6 | 7 if !dict.is_empty() => {
                let token = &dict[rng.below(dict.len())];
                let at = rng.below(len + 1);
                if rng.below(2) == 0 || at + token.len() > len {
                    data.splice(at..at, token.iter().copied());
                } else {
                    data[at..at + token.len()].copy_from_slice(token);
                }
            }
            _ => {
                let at = rng.below(len + 1);
                data.insert(at, rng.next_u64() as u8);
            }
        }
    }
    data.truncate(max_len);
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dictionary_tokens_and_escapes() {
        let dict = parse_dict("# c\nkw1=\"max-plies\"\n\"a\\\"b\\x00\\\\\"\nnot a token\n");
        assert_eq!(
            dict,
            vec![b"max-plies".to_vec(), vec![b'a', b'"', b'b', 0, b'\\']]
        );
    }

    #[test]
    fn mutation_is_deterministic_and_bounded() {
        let seeds = vec![b"4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South".to_vec()];
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..200)
                .map(|_| mutate(&mut rng, &seeds, &[b"S=".to_vec()], 40))
                .collect::<Vec<_>>()
        };
        let a = run(7);
        assert_eq!(a, run(7));
        assert_ne!(a, run(8));
        assert!(a.iter().all(|d| d.len() <= 40));
        assert!(a.iter().any(|d| d != &seeds[0][..40.min(seeds[0].len())]));
    }
}

//! Benchmarks of the rules (criterion): perft and random playouts. Filled in with the games.
use criterion::{criterion_group, criterion_main, Criterion};

fn placeholder(_c: &mut Criterion) {}

criterion_group!(benches, placeholder);
criterion_main!(benches);

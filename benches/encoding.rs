//! Decoding and encoding test-case indices (issue: ≤ 150 ns per call at n = 1024, j ≈ 300).
//!
//! `decode/divide_and_conquer/n` is the codec; `decode/digit_by_digit/n` is the naive
//! baseline (one big division by j per call) for comparison. Reported per test case; divide
//! by n for the cost per method call.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use num_bigint::BigUint;
use num_integer::Integer;
use testspace::encoding::TestCaseCodec;

const J: u32 = 300;

fn index_of_length(n: usize) -> (TestCaseCodec, BigUint) {
    let codec = TestCaseCodec::new(J, n).unwrap();
    let digits: Vec<u32> = (0..n as u64)
        .map(|i| ((i * 2_654_435_761 + 17) % J as u64) as u32)
        .collect();
    let index = codec.encode(&digits).unwrap();
    (codec, index)
}

fn decode(c: &mut Criterion) {
    let mut group = c.benchmark_group("decode");
    for n in [8usize, 64, 1024] {
        let (codec, index) = index_of_length(n);
        let mut out = vec![0u32; n];
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(
            BenchmarkId::new("divide_and_conquer", n),
            &index,
            |b, index| b.iter(|| codec.decode_into(black_box(index), &mut out).unwrap()),
        );
        group.bench_with_input(BenchmarkId::new("digit_by_digit", n), &index, |b, index| {
            b.iter(|| {
                let mut x = black_box(index).clone();
                let j = BigUint::from(J);
                for d in out.iter_mut() {
                    let (q, r) = x.div_rem(&j);
                    *d = r.try_into().unwrap();
                    x = q;
                }
            })
        });
    }
    group.finish();
}

fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode");
    for n in [8usize, 64, 1024] {
        let (codec, index) = index_of_length(n);
        let digits = codec.decode(&index).unwrap();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(
            BenchmarkId::new("divide_and_conquer", n),
            &digits,
            |b, digits| b.iter(|| codec.encode(black_box(digits)).unwrap()),
        );
    }
    group.finish();
}

criterion_group!(benches, decode, encode);
criterion_main!(benches);

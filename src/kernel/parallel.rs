//! Work spread over threads with results in a fixed order: the same output for any
//! number of threads.

/// `work(0..count)` on up to `threads` threads (index i on thread i mod threads), in
/// index order.
pub fn each_in_parallel<T: Send>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let threads = threads.clamp(1, count.max(1));
    if threads == 1 {
        return (0..count).map(work).collect();
    }
    let work = &work;
    let mut results: Vec<Option<T>> = (0..count).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..count)
                        .step_by(threads)
                        .map(|i| (i, work(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for i in (0..count).step_by(threads) {
            results[i] = Some(work(i));
        }
        for handle in handles {
            for (i, result) in handle.join().expect("a thread of the work panicked") {
                results[i] = Some(result);
            }
        }
    });
    results
        .into_iter()
        .map(|r| r.expect("every index worked"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_index_order_for_any_number_of_threads() {
        let expected: Vec<usize> = (0..23).map(|i| i * i).collect();
        for threads in [0, 1, 2, 7, 23, 40] {
            assert_eq!(
                each_in_parallel(23, threads, |i| i * i),
                expected,
                "{threads}"
            );
        }
        assert!(each_in_parallel(0, 4, |i| i).is_empty());
    }
}

//! Gold's `equals`, `hashCode` and `toString` leave their receiver as they found it, on
//! every unit: FDRT's object contracts (src/generator/gold.rs) rely on it when they run
//! those methods on the live objects of a candidate rather than on copies.
//!
//! For each unit and seed: two gold sessions run the same R test case; half-way, one of
//! them calls the three methods on the object in the pool (`o.equals(o)`, `o.hashCode()`,
//! `o.toString()`, each under a fresh fuel budget, results in spare slots). Everything
//! after — each call's outcome and the pools at the end, objects rendered — must be the
//! same in both.

use std::sync::Arc;

use testspace::context::{PoolInit, TestContext};
use testspace::subject::{GOLD, JavaException, Param, Session, Unit, guard, registry};
use testspace::walk::WalkKind;

const SEEDS: u64 = 300;
const N: usize = 40;

fn session(unit: &dyn Unit, context: &Arc<TestContext>, pools: &PoolInit) -> Box<dyn Session> {
    let mut session = unit.mutant_session(context.clone(), GOLD).unwrap();
    session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
    session.reset_to(pools);
    session
}

/// Each call's outcome.
fn run(session: &mut dyn Session, calls: &[u32]) -> Vec<Result<(), JavaException>> {
    calls.iter().map(|&call| session.step(call)).collect()
}

/// The pools rendered, without the spare slots.
fn rendered(session: &dyn Session, context: &TestContext) -> Vec<Vec<String>> {
    let sizes = context.pools();
    let keep = [
        sizes.ints.len(),
        sizes.bools.len(),
        sizes.strings.len(),
        sizes.objects,
    ];
    session
        .render_pools()
        .into_iter()
        .zip(keep)
        .map(|((_, mut values), keep)| {
            values.truncate(keep);
            values
        })
        .collect()
}

#[test]
fn gold_object_methods_change_nothing_observable() {
    let mut checked = 0;
    for unit in registry().units() {
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let find = |name: &str, params: &[Param]| {
            unit.methods()
                .iter()
                .find(|m| m.name == name && m.params == params)
                .map(|m| m.number)
        };
        let (equals, hash_code, to_string) = (
            find("equals", &[Param::Object]),
            find("hashCode", &[]),
            find("toString", &[]),
        );
        let mut pools = context.pools().clone();
        let spare = |len: usize| len as u32;
        let (int, bool, string) = (
            spare(pools.ints.len()),
            spare(pools.bools.len()),
            spare(pools.strings.len()),
        );
        pools.ints.push(0);
        pools.bools.push(false);
        pools.strings.push(String::new());
        let strategy = WalkKind::RANDOM.build(&context, N, 0x0b1ec7);
        let mut case = vec![0u32; N];
        for seed in 0..SEEDS {
            strategy.case_into(seed, &mut case);
            let (prefix, suffix) = case.split_at(N / 2);
            let mut plain = session(unit, &context, &pools);
            let mut checked_session = session(unit, &context, &pools);
            assert_eq!(
                run(plain.as_mut(), prefix),
                run(checked_session.as_mut(), prefix)
            );
            for object in 0..context.pools().objects as u32 {
                if checked_session.is_null(object as usize) {
                    continue;
                }
                for (method, slots) in [
                    (equals, vec![object, object, bool]),
                    (hash_code, vec![object, int]),
                    (to_string, vec![object, string]),
                ] {
                    if let Some(method) = method {
                        checked_session.refuel();
                        let _ = checked_session.step_slots(method, &slots);
                        checked += 1;
                    }
                }
            }
            assert_eq!(
                run(plain.as_mut(), suffix),
                run(checked_session.as_mut(), suffix),
                "{} seed {seed}: outcomes after the object methods",
                unit.class()
            );
            assert_eq!(
                rendered(plain.as_ref(), &context),
                rendered(checked_session.as_ref(), &context),
                "{} seed {seed}: pools after the object methods",
                unit.class()
            );
        }
    }
    // Most test cases have an object half-way on most units.
    assert!(checked > 1_000, "only {checked} object methods ran");
}

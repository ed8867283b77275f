//! The mutant schemata and their guards, on the planted subject
//! `testdata/mutant_subject/planted.rs` (whose schemata `build.rs` writes with every
//! mutant compiled in): gold through the schemata behaves as the plain port, and mutants
//! that loop forever, recurse without bound or allocate without bound end in distinct
//! outcomes (`Timeout`, `RecursionLimit`, `AllocationLimit`) without hanging or killing
//! the process. A runner job gives each mutant test case the fuel budget derived from
//! the gold run of the same test case.

use std::sync::{Arc, Mutex};

use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::experiment::Until;
use testspace::oracle::OracleKind;
use testspace::oracle::{Verdict, judge, trace};
use testspace::runner::job::{Job, execute};
use testspace::subject::guard::{self, DEFAULT_MUTANT_FUEL};
use testspace::subject::{
    CallTable, GOLD, JavaException as E, MethodInfo, MutantId, MutantInfo, PrimitivePools,
    SchemataUnit, Session, Unit,
};
use testspace::walk::WalkKind;

/// `crate::subject` inside the planted subject and its schemata resolves here.
pub use testspace::subject;

#[path = "../testdata/mutant_subject/planted.rs"]
mod planted;

#[allow(unused, clippy::all)]
mod planted_schemata {
    include!(concat!(env!("OUT_DIR"), "/schemata/testdata_planted.rs"));
}

type Planted = SchemataUnit<planted::Planted, planted_schemata::Planted>;

fn unit() -> Planted {
    SchemataUnit::new(planted_schemata::TESTSPACE_MUTANTS)
}

/// int pool {5, 2_000_000_000}, one object slot.
fn context(unit: &dyn Unit) -> Arc<TestContext> {
    let pools = PoolInit {
        ints: vec![5, 2_000_000_000],
        bools: vec![false, true],
        strings: vec!["a".into()],
        objects: 1,
    };
    Arc::new(TestContext::new(unit, &MethodSelection::All, pools).unwrap())
}

/// The call `int_vp[0] = object_vp[0].<method>(int_vp[arg])` (or the constructor).
fn call(context: &TestContext, method: &str, arg: u32) -> u32 {
    let position = context
        .methods()
        .iter()
        .position(|m| m.info.name == method)
        .unwrap_or_else(|| panic!("no method {method}"));
    let slots: &[u32] = if method == "Planted" {
        &[0]
    } else {
        &[arg, 0, 0]
    };
    context.call_space().encode_call(position, slots).unwrap()
}

/// The id of the mutant at `line` (of planted.rs) with this original and replacement.
fn mutant(unit: &Planted, line: usize, original: &str, replacement: &str) -> MutantId {
    let location = format!("testdata/mutant_subject/planted.rs:{line}:");
    unit.mutants()
        .iter()
        .find(|m| {
            m.location.starts_with(&location)
                && m.original == original
                && m.replacement == replacement
        })
        .unwrap_or_else(|| panic!("no mutant {original} → {replacement:?} on line {line}"))
        .id
}

/// A fuel budget that keeps the timing-out tests short.
const TEST_FUEL: u64 = 50_000;

/// Runs `new Planted()` then `method(int_vp[arg])` in a fresh session of `mutant` (with
/// [`TEST_FUEL`] unless it is gold).
fn run(
    unit: &Planted,
    mutant: MutantId,
    method: &str,
    arg: u32,
) -> (Result<(), E>, Box<dyn Session>) {
    let context = context(unit);
    let mut session = unit.mutant_session(context.clone(), mutant).unwrap();
    if mutant != GOLD {
        session.set_fuel_budget(TEST_FUEL);
        session.reset();
    }
    session.step(call(&context, "Planted", 0)).unwrap();
    let outcome = session.step(call(&context, method, arg));
    (outcome, session)
}

#[test]
fn every_mutant_of_the_planted_subject_is_compiled_in() {
    let unit = unit();
    let ids: Vec<MutantId> = unit.mutants().iter().map(|m| m.id).collect();
    assert!(ids.len() > 40, "only {} mutants", ids.len());
    assert_eq!(ids, (1..=ids.len() as u32).collect::<Vec<_>>());
}

#[test]
fn gold_through_the_schemata_computes_what_the_plain_port_computes() {
    let unit = unit();
    let context = context(&unit);
    for (method, arg) in [("countDown", 0), ("depth", 0), ("fill", 0), ("fill", 1)] {
        let mut plain = unit.session(context.clone());
        let mut gold = unit.mutant_session(context.clone(), GOLD).unwrap();
        for s in [&mut plain, &mut gold] {
            s.step(call(&context, "Planted", 0)).unwrap();
        }
        let c = call(&context, method, arg);
        assert_eq!(plain.step(c), gold.step(c), "{method}({arg})");
        assert_eq!(plain.primitives(), gold.primitives(), "{method}({arg})");
    }
    let (outcome, session) = run(&unit, GOLD, "countDown", 0);
    assert_eq!(outcome, Ok(()));
    assert_eq!(session.primitives().ints[0], Some(5));
}

#[test]
fn gold_fuel_counts_loop_iterations_and_entries_of_functions_on_a_call_cycle() {
    let unit = unit();
    // countDown(5): five iterations; `count_down` is on no call cycle, so its entry is
    // free (docs/mutants.md, "Guards").
    assert_eq!(run(&unit, GOLD, "countDown", 0).1.fuel_used(), Some(5));
    // depth(5): six entries of the recursive `depth`, no loop.
    assert_eq!(run(&unit, GOLD, "depth", 0).1.fuel_used(), Some(6));
    // fill(5): nothing (no loop, no cycle; the constructor and the harness are not
    // schemata code).
    assert_eq!(run(&unit, GOLD, "fill", 0).1.fuel_used(), Some(0));
    // A plain session has no guards.
    let context = context(&unit);
    assert_eq!(unit.session(context).fuel_used(), None);
}

#[test]
fn a_loop_that_never_ends_times_out() {
    let unit = unit();
    for (original, replacement) in [("-=", "+="), ("-=", "*=")] {
        let id = mutant(&unit, 21, original, replacement);
        let (outcome, mut session) = run(&unit, id, "countDown", 0);
        assert_eq!(outcome, Err(E::Timeout), "{original} → {replacement}");
        assert_eq!(session.fuel_used(), Some(TEST_FUEL));
        // Further steps of the same test case time out too: the event is never lost.
        let context = context(&unit);
        assert_eq!(session.step(call(&context, "depth", 0)), Err(E::Timeout));
    }
    let deleted = mutant(&unit, 21, "n -= 1;", "");
    assert_eq!(run(&unit, deleted, "countDown", 0).0, Err(E::Timeout));
}

/// The object pool of `session` as `render_pools` prints it.
fn rendered_objects(session: &dyn Session) -> Vec<String> {
    let pools = session.render_pools();
    let (_, objects) = pools.iter().find(|(ty, _)| ty == "Planted").unwrap();
    objects.clone()
}

#[test]
fn rendering_the_pools_runs_the_mutants_to_string_under_the_guards() {
    let unit = unit();
    // A mutant elsewhere renders as gold does.
    let (_, session) = run(&unit, mutant(&unit, 21, "-=", "+="), "fill", 0);
    assert_eq!(rendered_objects(session.as_ref()), ["[1, 1, 1, 1, 1]"]);
    // A mutated toString() renders as the mutant: ", " before the first element too.
    let (_, session) = run(&unit, mutant(&unit, 73, ">", ">="), "fill", 0);
    assert_eq!(rendered_objects(session.as_ref()), ["[, 1, 1, 1, 1, 1]"]);
    // One that loops or panics renders as its outcome, without hanging and without
    // spending the test case's fuel.
    for (original, replacement, shown) in [
        ("+=", "*=", "<Timeout>"),
        ("i += 1;", "", "<Timeout>"),
        ("+=", "-=", "<RustPanic>"),
    ] {
        let id = mutant(&unit, 77, original, replacement);
        let (outcome, session) = run(&unit, id, "fill", 0);
        assert_eq!(outcome, Ok(()));
        let used = session.fuel_used();
        assert_eq!(
            rendered_objects(session.as_ref()),
            [shown],
            "{original} → {replacement:?}"
        );
        assert_eq!(session.fuel_used(), used);
    }
}

#[test]
fn a_mutant_session_without_a_budget_gets_the_default_fuel() {
    let unit = unit();
    let context = context(&unit);
    let id = mutant(&unit, 21, "-=", "+=");
    let mut session = unit.mutant_session(context.clone(), id).unwrap();
    session.step(call(&context, "Planted", 0)).unwrap();
    assert_eq!(
        session.step(call(&context, "countDown", 0)),
        Err(E::Timeout)
    );
    assert_eq!(session.fuel_used(), Some(DEFAULT_MUTANT_FUEL));
}

#[test]
fn the_fuel_budget_comes_from_the_gold_run_of_the_same_test() {
    let unit = unit();
    let context = context(&unit);
    let (_, gold) = run(&unit, GOLD, "countDown", 0);
    let budget = guard::mutant_budget(gold.fuel_used().unwrap());
    let id = mutant(&unit, 21, "-=", "+=");
    let mut session = unit.mutant_session(context.clone(), id).unwrap();
    session.set_fuel_budget(budget);
    session.reset();
    session.step(call(&context, "Planted", 0)).unwrap();
    assert_eq!(
        session.step(call(&context, "countDown", 0)),
        Err(E::Timeout)
    );
    assert_eq!(session.fuel_used(), Some(budget));
    // A reset refills the budget.
    session.reset();
    assert_eq!(session.fuel_used(), Some(0));
}

#[test]
fn recursion_without_bound_hits_the_recursion_limit() {
    let unit = unit();
    for replacement in ["+", "*", "/"] {
        let id = mutant(&unit, 29, "-", replacement);
        let (outcome, _) = run(&unit, id, "depth", 0);
        assert_eq!(outcome, Err(E::RecursionLimit), "n - 1 → n {replacement} 1");
    }
    // The thread survived and still runs gold.
    assert_eq!(run(&unit, GOLD, "depth", 0).0, Ok(()));
}

#[test]
fn recursion_on_a_small_thread_stack_stops_before_overflowing() {
    let handle = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(|| {
            let unit = unit();
            let id = mutant(&unit, 29, "-", "+");
            run(&unit, id, "depth", 0).0
        })
        .unwrap();
    assert_eq!(handle.join().unwrap(), Err(E::RecursionLimit));
}

#[test]
fn an_allocation_past_the_limit_is_refused() {
    let unit = unit();
    assert_eq!(run(&unit, GOLD, "fill", 1).0, Err(E::IllegalArgument));
    let id = mutant(&unit, 34, "n > 1000", "!(n > 1000)");
    assert_eq!(run(&unit, id, "fill", 1).0, Err(E::AllocationLimit));
    assert_eq!(run(&unit, id, "fill", 0).0, Err(E::IllegalArgument));
}

#[test]
fn gold_and_mutants_run_at_once_on_different_threads() {
    let unit = Arc::new(unit());
    let threads: Vec<_> = [
        GOLD,
        mutant(&unit, 29, "-", "+"),
        mutant(&unit, 21, "-=", "+="),
    ]
    .into_iter()
    .map(|id| {
        let unit = Arc::clone(&unit);
        std::thread::spawn(move || {
            let outcomes: Vec<_> = (0..5)
                .map(|_| {
                    (
                        run(&unit, id, "depth", 0).0,
                        run(&unit, id, "countDown", 0).0,
                    )
                })
                .collect();
            outcomes
        })
    })
    .collect();
    let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert!(results[0].iter().all(|r| *r == (Ok(()), Ok(()))));
    assert!(
        results[1]
            .iter()
            .all(|r| *r == (Err(E::RecursionLimit), Ok(())))
    );
    assert!(results[2].iter().all(|r| *r == (Ok(()), Err(E::Timeout))));
}

#[test]
fn unknown_mutant_ids_have_no_session() {
    let unit = unit();
    let context = context(&unit);
    let past = unit.mutants().last().unwrap().id + 1;
    assert!(unit.mutant_session(context, past).is_none());
}

/// The fuel of one test case as a session saw it: the budget in force, the fuel used and
/// the guard event that ended it, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct CaseFuel {
    budget: Option<u64>,
    used: u64,
    guard: Option<E>,
}

/// A session that logs each test case's [`CaseFuel`] (a new entry at every reset) and
/// otherwise passes everything through.
struct Observed {
    inner: Box<dyn Session>,
    budget: Option<u64>,
    log: Arc<Mutex<Vec<CaseFuel>>>,
}

impl Session for Observed {
    fn reset(&mut self) {
        self.inner.reset();
        self.log.lock().unwrap().push(CaseFuel {
            budget: self.budget,
            ..CaseFuel::default()
        });
    }
    fn step(&mut self, call: u32) -> Result<(), E> {
        let outcome = self.inner.step(call);
        let mut log = self.log.lock().unwrap();
        let case = log.last_mut().expect("a step follows a reset");
        case.used = self
            .inner
            .fuel_used()
            .expect("schemata sessions count fuel");
        case.guard = outcome.err().filter(|e| e.is_guard());
        outcome
    }
    fn reset_to(&mut self, pools: &testspace::context::PoolInit) {
        self.inner.reset_to(pools);
    }
    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), E> {
        self.inner.step_slots(method, slots)
    }
    fn object(&self, slot: usize) -> Option<Box<dyn std::any::Any + Send>> {
        self.inner.object(slot)
    }
    fn put_object(&mut self, slot: usize, object: &dyn std::any::Any) {
        self.inner.put_object(slot, object);
    }
    fn primitives(&self) -> PrimitivePools {
        self.inner.primitives()
    }
    fn primitives_fingerprint(&self) -> u64 {
        self.inner.primitives_fingerprint()
    }
    fn render_pools(&self) -> Vec<(String, Vec<String>)> {
        self.inner.render_pools()
    }
    fn fuel_used(&self) -> Option<u64> {
        self.inner.fuel_used()
    }
    fn set_fuel_budget(&mut self, budget: u64) {
        self.budget = Some(budget);
        self.inner.set_fuel_budget(budget);
    }
}

/// The planted unit, with the gold and mutant sessions the runner opens logging their
/// fuel per test case.
struct ObservedUnit {
    planted: Planted,
    gold: Arc<Mutex<Vec<CaseFuel>>>,
    mutant: Arc<Mutex<Vec<CaseFuel>>>,
}

impl Unit for ObservedUnit {
    fn class(&self) -> &'static str {
        self.planted.class()
    }
    fn java_class(&self) -> &'static str {
        self.planted.java_class()
    }
    fn methods(&self) -> &[MethodInfo] {
        self.planted.methods()
    }
    fn session(&self, context: Arc<dyn CallTable>) -> Box<dyn Session> {
        self.planted.session(context)
    }
    fn mutants(&self) -> &[MutantInfo] {
        self.planted.mutants()
    }
    fn mutant_session(
        &self,
        context: Arc<dyn CallTable>,
        mutant: MutantId,
    ) -> Option<Box<dyn Session>> {
        let log = if mutant == GOLD {
            &self.gold
        } else {
            &self.mutant
        };
        let inner = self.planted.mutant_session(context, mutant)?;
        Some(Box::new(Observed {
            inner,
            budget: None,
            log: Arc::clone(log),
        }))
    }
}

/// The observed planted unit, a context whose `countDown` arguments 5 and 3 take gold 6
/// and 4 units of fuel (the budgets of test cases differ, so a budget taken from another
/// test case would show), and a BE(n) job over the whole walk of the mutant that makes
/// `countDown` hang (`-=` → `+=`).
fn hanging_job(n: usize) -> (ObservedUnit, Arc<TestContext>, Job) {
    let unit = ObservedUnit {
        planted: unit(),
        gold: Arc::default(),
        mutant: Arc::default(),
    };
    let pools = PoolInit {
        ints: vec![5, 3],
        bools: vec![false, true],
        strings: vec!["a".into()],
        objects: 1,
    };
    let context = Arc::new(TestContext::new(&unit, &MethodSelection::All, pools).unwrap());
    let job = Job {
        subject: "Planted".into(),
        mutant: mutant(&unit.planted, 21, "-=", "+="),
        strategy: testspace::strategy::Strategy::Walk(testspace::walk::WalkConfig::of(
            WalkKind::BOUNDED_EXHAUSTIVE,
        )),
        n,
        suite: None,
        max_guarded: None,
        abandon: Vec::new(),
        refused: Vec::new(),
        seed: 1,
        start: 0,
        count: None,
        until: Until::Budget,
        seconds: None,
        oracle: OracleKind::Paper,
        coverage: false,
    };
    (unit, context, job)
}

#[test]
fn a_job_times_out_a_hanging_mutant_on_the_fuel_budget_of_the_same_gold_test_case() {
    // Every test case of two calls: [Planted(), countDown(int_vp[i])] hangs the mutant.
    let (unit, context, job) = hanging_job(2);
    let result = execute(&job, &unit, &context).unwrap();

    let gold = unit.gold.lock().unwrap().clone();
    let mutant = unit.mutant.lock().unwrap().clone();
    assert_eq!(
        result.tests_run,
        13 * 13,
        "BE(2) over j = 13 runs every test case"
    );
    assert_eq!(gold.len() as u64, result.tests_run);
    assert_eq!(mutant.len() as u64, result.tests_run);
    let mut timeouts = 0;
    for (k, (gold, mutant)) in gold.iter().zip(&mutant).enumerate() {
        let budget = guard::mutant_budget(gold.used);
        assert_eq!(gold.guard, None, "test case {k}: gold runs to the end");
        assert_eq!(
            mutant.budget,
            Some(budget),
            "test case {k}: {gold:?} {mutant:?}"
        );
        if mutant.guard.is_some() {
            timeouts += 1;
            assert_eq!(mutant.guard, Some(E::Timeout), "test case {k}");
            assert_eq!(
                mutant.used, budget,
                "test case {k}: the hang ran out of its budget"
            );
            assert!(budget < DEFAULT_MUTANT_FUEL, "test case {k}: {budget}");
        } else {
            assert!(mutant.used <= budget, "test case {k}: {mutant:?}");
        }
    }
    assert!(
        gold.iter().any(|g| g.used == 6) && gold.iter().any(|g| g.used == 4),
        "the gold fuel differs between test cases"
    );
    assert_eq!(
        timeouts, 4,
        "[Planted(), int_vp[r] = countDown(int_vp[i])] hangs for each of the 2 × 2 slots"
    );
    assert_eq!(result.guarded_tests, timeouts);
    assert_eq!(result.failing_tests, 0);
    assert_eq!(result.outcome(), "timeout");
}

/// With `max-guarded-tests`, a job stops, as a timeout, at the test case that makes the
/// count: of BE(2)'s four guarded test cases, the second ends the job there.
#[test]
fn a_job_stops_once_max_guarded_tests_hit_a_guard() {
    let (unit, context, job) = hanging_job(2);
    let whole = execute(&job, &unit, &context).unwrap();
    let job = Job {
        max_guarded: Some(2),
        abandon: Vec::new(),
        refused: Vec::new(),
        ..job
    };
    let capped = execute(&job, &unit, &context).unwrap();
    assert_eq!(capped.guarded_tests, 2);
    assert_eq!(capped.stop, testspace::runner::job::Stop::Guarded);
    assert_eq!(capped.outcome(), "timeout");
    assert!(capped.tests_run < whole.tests_run, "{capped:?}");
    let mutant = unit.mutant.lock().unwrap().clone();
    let second = mutant
        .iter()
        .enumerate()
        .filter(|(_, run)| run.guard.is_some())
        .nth(1)
        .map(|(k, _)| k as u64 + 1)
        .unwrap();
    assert_eq!(
        capped.tests_run, second,
        "stopped at the second guarded test case"
    );
}

/// BE(3) on the hanging mutant: `countDown` hangs it, so every test case that starts
/// `[Planted(), countDown(…)]` is guarded from its second call on, whatever comes third.
/// The job runs the mutant on the first such test case and then skips the rest of the
/// subtree (the same calls again, a budget no larger than one that ran out) — yet counts
/// exactly what a direct run of every test case through the oracle counts.
#[test]
fn a_job_skips_the_mutant_where_a_guarded_prefix_decides_and_counts_as_a_direct_run_does() {
    let (unit, context, job) = hanging_job(3);
    let hanging = job.mutant;
    let result = execute(&job, &unit, &context).unwrap();

    // The direct run: every test case on gold and on the mutant, through the oracle.
    let strategy = WalkKind::BOUNDED_EXHAUSTIVE.build(&context, job.n, job.seed);
    let mut gold = unit.planted.mutant_session(context.clone(), GOLD).unwrap();
    let mut mutant_session = unit
        .planted
        .mutant_session(context.clone(), hanging)
        .unwrap();
    let (mut guarded, mut failing) = (0, 0);
    let mut case = vec![0; job.n];
    let mut counter = 0;
    while strategy.case_into(counter, &mut case) {
        counter += 1;
        let gold_trace = trace(gold.as_mut(), &case, false);
        mutant_session.set_fuel_budget(guard::mutant_budget(gold.fuel_used().unwrap()));
        match judge(
            OracleKind::Paper,
            &gold_trace,
            &trace(mutant_session.as_mut(), &case, false),
        ) {
            Verdict::Guarded => guarded += 1,
            Verdict::Fail => failing += 1,
            Verdict::Pass => {}
        }
    }
    assert_eq!(result.tests_run, 13 * 13 * 13);
    assert_eq!(
        (result.guarded_tests, result.failing_tests),
        (guarded, failing)
    );
    assert!(guarded > 4 * 13, "{guarded} guarded: whole subtrees hang");
    let mutant_runs = unit.mutant.lock().unwrap().len() as u64;
    assert!(
        mutant_runs + 4 * 6 <= result.tests_run,
        "{mutant_runs} mutant runs: of each hanging prefix's 12 further test cases, those \
         with a budget no larger than one that ran out (most) are skipped"
    );
}

//! Against the real thing (issue 4): every registered subject unit runs the same seeded
//! random test cases as the real `java.util` class on a JDK 17, call by call, and every
//! outcome and every value pool after every call must agree. Needs `javac`/`java` 17
//! (`JAVA_HOME` or PATH; Debian package `openjdk-17-jdk-headless`). See
//! `docs/jdk-differential.md`; `TESTSPACE_JDK_UNITS=ArrayList,HashMap` restricts the units,
//! `TESTSPACE_JDK_SEQUENCES` and `TESTSPACE_JDK_SEED` change the sample.

mod jdk;

/// `crate::subject` inside the example subject resolves here.
pub use testspace::subject;

#[path = "../testdata/example_subject/counter.rs"]
mod counter;

use jdk::{
    Config, Mode, ObjectCompare, Step, UnitReport, check_unit, decode_field, driver_classpath,
    encode_field, first_mismatch, left_out, mode_of, normalize, render_table, shrink,
};
use testspace::context::TestContext;
use testspace::subject::{SubjectUnit, Unit, registry};

/// Test cases per unit and calls per test case in CI (the issue asks for ≥ 1,000 × ≥ 50).
const SEQUENCES: u64 = 1000;
const LENGTH: usize = 50;
const SEED: u64 = 2010;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name}={v} is not valid"))
        })
        .unwrap_or(default)
}

fn config() -> Config {
    Config {
        sequences: env_or("TESTSPACE_JDK_SEQUENCES", SEQUENCES),
        length: LENGTH,
        seed: env_or("TESTSPACE_JDK_SEED", SEED),
    }
}

/// The registered units, or those named in `TESTSPACE_JDK_UNITS`.
fn selected_units() -> Vec<&'static dyn Unit> {
    let all: Vec<&'static dyn Unit> = registry().units().collect();
    match std::env::var("TESTSPACE_JDK_UNITS") {
        Ok(list) if !list.trim().is_empty() => list
            .split(',')
            .map(|name| {
                registry()
                    .find(name.trim())
                    .unwrap_or_else(|e| panic!("TESTSPACE_JDK_UNITS: {e}"))
            })
            .collect(),
        _ => all,
    }
}

/// Runs every unit (two at a time), then reports them all before failing.
#[test]
fn every_registered_unit_agrees_with_the_jdk() {
    if let Err(e) = driver_classpath() {
        panic!("{e}");
    }
    let units = selected_units();
    let config = config();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut reports: Vec<(usize, UnitReport)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(unit) = units.get(i) else {
                            return done;
                        };
                        done.push((i, check_unit(*unit, &config, &[])));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker"))
            .collect()
    });
    reports.sort_by_key(|(i, _)| *i);
    let reports: Vec<UnitReport> = reports.into_iter().map(|(_, r)| r).collect();
    println!(
        "JDK differential test: {} test cases of {} calls per unit, seed {}",
        config.sequences, config.length, config.seed
    );
    println!("{}", render_table(&reports));
    for mode in jdk::MODES {
        if units.iter().any(|u| u.class() == mode.class) {
            println!(
                "{}: toString {:?}, left out {:?} ({})",
                mode.class, mode.objects, mode.skip, mode.reason
            );
        }
    }
    let failed: Vec<&UnitReport> = reports
        .iter()
        .filter(|r| r.error || r.mismatches > 0)
        .collect();
    for r in &failed {
        println!("\n{}", r.details.as_deref().unwrap_or("(no details)"));
    }
    assert!(
        failed.is_empty(),
        "{} of {} units differ from the JDK:\n{}",
        failed.len(),
        reports.len(),
        render_table(&reports)
    );
    assert!(reports.iter().all(|r| r.sequences == config.sequences));
}

/// A "mutant JDK" — `indexOf(Integer)` runs Java's `lastIndexOf` — must be caught and shrunk
/// to the few calls that need two equal elements: the harness can fail.
#[test]
fn a_wrong_result_on_the_java_side_is_caught_and_shrunk() {
    if let Err(e) = driver_classpath() {
        panic!("{e}");
    }
    let unit = registry().find("ArrayList").unwrap();
    let config = Config {
        sequences: 200,
        length: LENGTH,
        seed: SEED,
    };
    let mutant = [("indexOf(Integer)", "lastIndexOf")];
    let report = check_unit(unit, &config, &mutant);
    assert!(!report.error, "{:?}", report.details);
    assert!(report.mismatches > 0, "the mutant went unnoticed");
    let shrunk = report.shrunk.expect("a shrunk test case");
    let details = report.details.unwrap();
    // At least: a constructor, two adds of one value, the indexOf; deleting calls cannot
    // change slots, so a few more may stay.
    assert!((4..=10).contains(&shrunk.len()), "{details}");
    assert!(details.contains("jdk:"), "{details}");
    let context = TestContext::paper(unit).unwrap();
    let last = context.render_call(*shrunk.last().unwrap());
    assert!(last.contains(".indexOf(int_vp["), "{details}");
    assert!(details.contains(&last), "{details}");
    // It still fails, at its last call, and every call is needed (1-minimal).
    assert_eq!(
        jdk::mismatch_of(unit, &mutant, &shrunk).unwrap(),
        Some(shrunk.len() - 1)
    );
    for i in 0..shrunk.len() {
        let mut fewer = shrunk.clone();
        fewer.remove(i);
        assert_eq!(
            jdk::mismatch_of(unit, &mutant, &fewer).unwrap(),
            None,
            "{i}"
        );
    }
    // Without the mutation, the same test case agrees.
    assert_eq!(jdk::mismatch_of(unit, &[], &shrunk).unwrap(), None);
}

/// A unit whose Java class does not exist is reported as an error with the reason, not as
/// a pass.
#[test]
fn a_unit_the_jvm_cannot_load_is_an_error() {
    if let Err(e) = driver_classpath() {
        panic!("{e}");
    }
    let unit = SubjectUnit::<counter::Counter>::new();
    let config = Config {
        sequences: 3,
        length: 5,
        seed: 1,
    };
    let report = check_unit(&unit, &config, &[]);
    assert!(report.error);
    let details = report.details.clone().unwrap();
    assert!(details.contains("example.Counter"), "{details}");
    assert!(render_table(&[report]).contains("ERROR"));
}

/// A Java method that does not exist is an error naming the signature.
#[test]
fn an_unresolvable_method_is_an_error_naming_it() {
    if let Err(e) = driver_classpath() {
        panic!("{e}");
    }
    let unit = registry().find("ArrayList").unwrap();
    let config = Config {
        sequences: 1,
        length: 5,
        seed: 1,
    };
    let report = check_unit(unit, &config, &[("size()", "sizeOf")]);
    assert!(report.error);
    let details = report.details.unwrap();
    assert!(details.contains("sizeOf()"), "{details}");
}

// --- the comparison and shrinking logic on synthetic outputs (no JVM) ------------------

fn step(outcome: &str, ints: &[i32], object: Option<&str>) -> Step {
    Step {
        outcome: outcome.into(),
        state: jdk::State {
            ints: ints.iter().map(|&v| Some(v)).collect(),
            bools: vec![false, true],
            strings: vec![Some("a".into()), None],
            objects: vec![object.map(String::from)],
        },
    }
}

#[test]
fn identical_traces_have_no_mismatch() {
    let t = vec![
        step("ok", &[0, 100], Some("[]")),
        step("ok", &[1, 100], None),
    ];
    assert_eq!(first_mismatch(&t, &t.clone(), &mode_of("ArrayList")), None);
}

#[test]
fn a_tampered_result_outcome_or_object_is_a_mismatch_at_its_call() {
    let exact = mode_of("ArrayList");
    let t = vec![
        step("ok", &[0, 100], Some("[]")),
        step("ok", &[1, 100], Some("[0]")),
        step("IndexOutOfBoundsException", &[1, 100], Some("[0]")),
    ];
    let mut int = t.clone();
    int[1].state.ints[0] = Some(2);
    assert_eq!(first_mismatch(&t, &int, &exact), Some(1));
    let mut outcome = t.clone();
    outcome[2].outcome = "ok".into();
    assert_eq!(first_mismatch(&t, &outcome, &exact), Some(2));
    let mut object = t.clone();
    object[0].state.objects[0] = None;
    assert_eq!(first_mismatch(&t, &object, &exact), Some(0));
    assert_eq!(
        first_mismatch(&t, &t[..2], &exact),
        Some(2),
        "a short trace"
    );
}

#[test]
fn order_insensitive_mode_ignores_only_the_order_of_elements() {
    let mode = Mode {
        class: "X",
        objects: ObjectCompare::OrderInsensitive,
        skip: &[],
        reason: "",
    };
    let a = vec![step("ok", &[0, 1], Some("{1=2, 3=null}"))];
    let b = vec![step("ok", &[0, 1], Some("{3=null, 1=2}"))];
    let c = vec![step("ok", &[0, 1], Some("{3=null, 1=3}"))];
    assert_eq!(first_mismatch(&a, &b, &mode), None);
    assert_eq!(first_mismatch(&a, &b, &mode_of("ArrayList")), Some(0));
    assert_eq!(first_mismatch(&a, &c, &mode), Some(0));
    // toString() results in the string pool too.
    let mut sa = a.clone();
    sa[0].state.strings[0] = Some("{1=2, 3=null}".into());
    let mut sb = b.clone();
    sb[0].state.strings[0] = Some("{3=null, 1=2}".into());
    assert_eq!(first_mismatch(&sa, &sb, &mode), None);
    sb[0].state.strings[0] = Some("{3=null}".into());
    assert_eq!(first_mismatch(&sa, &sb, &mode), Some(0));
    assert_eq!(normalize("[]", ObjectCompare::OrderInsensitive), "[]");
    assert_eq!(normalize("{}", ObjectCompare::OrderInsensitive), "{}");
}

#[test]
fn shrinking_keeps_only_the_calls_a_failure_needs() {
    // Fails when a 3 is followed later by a 7; the failing prefix ends at that 7.
    let fails = |calls: &[u32]| {
        let three = calls.iter().position(|&c| c == 3)?;
        let seven = three + 1 + calls[three + 1..].iter().position(|&c| c == 7)?;
        Some(calls[..=seven].to_vec())
    };
    let calls = [1, 3, 5, 3, 2, 7, 9, 7, 4];
    assert_eq!(shrink(&calls, fails), vec![3, 7]);
}

#[test]
fn shrinking_a_failure_that_needs_everything_changes_nothing() {
    let fails = |calls: &[u32]| (calls == [4, 5, 6]).then(|| calls.to_vec());
    assert_eq!(shrink(&[4, 5, 6], fails), vec![4, 5, 6]);
}

#[test]
fn string_fields_round_trip() {
    for text in [
        "",
        "a",
        "[1, 2]",
        "{a=b}",
        "100%",
        "'quoted'",
        "tab\tnew\nline",
        "ü€",
    ] {
        let field = encode_field(Some(text));
        assert!(!field.contains(' ') && !field.contains('\n'), "{field}");
        assert_eq!(decode_field(&field).unwrap().as_deref(), Some(text));
    }
    assert_eq!(decode_field(&encode_field(None)).unwrap(), None);
    assert!(decode_field("x").is_err());
}

#[test]
fn huge_capacities_and_skipped_methods_are_left_out() {
    let unit = registry().find("ArrayList").unwrap();
    let context = TestContext::paper(unit).unwrap();
    let find = |signature: &str, slots: &[u32]| {
        let position = context
            .methods()
            .iter()
            .position(|m| m.info.signature == signature)
            .unwrap();
        context.call_space().encode_call(position, slots).unwrap()
    };
    let exact = mode_of("ArrayList");
    let ints = [Some(0), Some(1 << 20)];
    assert!(!left_out(
        &context,
        &exact,
        find("ArrayList(int)", &[0, 0]),
        &ints
    ));
    assert!(left_out(
        &context,
        &exact,
        find("ArrayList(int)", &[1, 0]),
        &ints
    ));
    assert!(left_out(
        &context,
        &exact,
        find("ensureCapacity(int)", &[1, 0]),
        &ints
    ));
    assert!(!left_out(
        &context,
        &exact,
        find("get(int)", &[1, 0, 0]),
        &ints
    ));
    let skip_hash = Mode {
        skip: &["hashCode()"],
        ..exact
    };
    assert!(left_out(
        &context,
        &skip_hash,
        find("hashCode()", &[0, 0]),
        &ints
    ));
}

#[test]
fn every_mode_names_a_distinct_class() {
    let mut classes: Vec<&str> = jdk::MODES.iter().map(|m| m.class).collect();
    classes.sort_unstable();
    classes.dedup();
    assert_eq!(classes.len(), jdk::MODES.len());
    assert_eq!(mode_of("ArrayList").objects, ObjectCompare::Exact);
}

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::*;
use crate::api::read_api;
use crate::emit::{context_file, subject_file};

fn api(lib: &str) -> CrateApi {
    let files: BTreeMap<PathBuf, String> = [(PathBuf::from("src/lib.rs"), lib.to_string())].into();
    read_api(&files).unwrap()
}

fn plan(lib: &str, name: &str) -> TypePlan {
    let api = api(lib);
    let ty = api.types.iter().find(|t| t.name == name).unwrap().clone();
    plan_type(&api, "store", &ty, None)
}

fn method<'a>(plan: &'a TypePlan, name: &str) -> &'a MethodPlan {
    plan.methods
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no {name} in {:#?}", plan.methods))
}

fn skip_reason<'a>(plan: &'a TypePlan, name: &str) -> &'a str {
    &plan
        .skipped
        .iter()
        .find(|s| s.method == name)
        .unwrap_or_else(|| panic!("{name} not skipped in {:#?}", plan.skipped))
        .reason
}

/// A slab-like store: generic over its values, keys as `usize`, references in results.
const SLAB: &str = r#"
    /// Values under keys.
    #[derive(Clone, Debug)]
    pub struct Slab<T> { entries: Vec<Option<T>> }
    #[derive(Debug)]
    pub struct GetError;
    impl<T> Slab<T> {
        pub fn new() -> Self { todo!() }
        pub fn with_capacity(capacity: usize) -> Slab<T> { todo!() }
        pub fn insert(&mut self, value: T) -> usize { todo!() }
        pub fn get(&self, key: usize) -> Option<&T> { todo!() }
        pub fn get_mut(&mut self, key: usize) -> Option<&mut T> { todo!() }
        pub fn contains(&self, key: usize) -> bool { todo!() }
        pub fn remove(&mut self, key: usize) -> T { todo!() }
        pub fn try_get(&self, key: &usize) -> Result<&T, GetError> { todo!() }
        pub fn iter(&self) -> std::slice::Iter<'_, T> { todo!() }
        pub fn drain(&mut self) -> std::vec::Drain<'_, T> { todo!() }
        pub fn retain<F: FnMut(&T) -> bool>(&mut self, keep: F) { todo!() }
        pub fn merged(self, other: &Slab<T>) -> Self { todo!() }
        pub fn split(&self) -> Option<Slab<T>> { todo!() }
        pub fn label(&self) -> &str { todo!() }
        pub fn leak(&self) -> &'static str { todo!() }
        pub fn name(&self) -> Option<&'static str> { todo!() }
        pub fn key_of(&self, value: &T, hint: Option<usize>) -> Option<usize> { todo!() }
        pub unsafe fn get_unchecked(&self, key: usize) -> &T { todo!() }
        pub fn capacity_for(n: usize) -> usize { todo!() }
        fn private(&self) {}
    }
    impl Slab<u8> {
        pub fn bytes(&self) -> usize { todo!() }
    }
"#;

#[test]
fn a_generic_type_is_instantiated_with_ints_and_its_methods_adapted() {
    let plan = plan(SLAB, "Slab");
    assert_eq!(plan.refused, None);
    assert_eq!(plan.wrapper, "SlabOfInts");
    assert_eq!(plan.target, "store::Slab<i32>");
    assert_eq!(
        plan.instantiation.arguments,
        [("T".to_string(), "i32".to_string())]
    );
    let new = method(&plan, "new");
    assert_eq!((new.receiver, new.returns.as_deref()), ("", Some("Self")));
    assert_eq!(new.body, "Self(<store::Slab<i32>>::new())");
    let with_capacity = method(&plan, "with_capacity");
    assert_eq!(
        with_capacity.parameters,
        [("capacity".to_string(), "usize".to_string())]
    );
    assert_eq!(method(&plan, "insert").body, "self.0.insert(value)");
    assert_eq!(method(&plan, "insert").parameters[0].1, "i32");
    let get = method(&plan, "get");
    assert_eq!(
        (get.returns.as_deref(), get.body.as_str()),
        (Some("Option<i32>"), "self.0.get(key).copied()")
    );
    assert_eq!(
        method(&plan, "try_get").returns.as_deref(),
        Some("Result<i32, store::GetError>")
    );
    assert_eq!(
        method(&plan, "try_get").body,
        "self.0.try_get(&key).map(|value| *value)"
    );
    assert_eq!(method(&plan, "label").body, "self.0.label().to_string()");
    let key_of = method(&plan, "key_of");
    assert_eq!(
        key_of.parameters,
        [
            ("value".to_string(), "i32".to_string()),
            ("hint".to_string(), "Option<usize>".to_string())
        ]
    );
    assert_eq!(key_of.body, "self.0.key_of(&value, hint)");
    // A consuming builder: the slot takes its result.
    let merged = method(&plan, "merged");
    assert_eq!(
        (merged.receiver, merged.body.as_str()),
        ("&mut self", "self.0 = self.0.clone().merged(&other.0);")
    );
    assert_eq!(merged.parameters[0].1, "&Self");
    assert_eq!(method(&plan, "split").body, "self.0.split().map(Self)");
    // A result nothing holds: kept for its effect where the receiver is `&mut self`.
    let drain = method(&plan, "drain");
    assert_eq!(drain.body, "let _ = self.0.drain();");
    assert!(
        drain
            .note
            .as_deref()
            .unwrap()
            .starts_with("result discarded")
    );
    assert_eq!(
        method(&plan, "get_mut").body,
        "self.0.get_mut(key).copied()"
    );
    // Constructors first.
    assert!(plan.methods[..2].iter().all(|m| m.receiver.is_empty()));
}

#[test]
fn methods_the_pools_cannot_drive_are_skipped_with_their_reasons() {
    let plan = plan(SLAB, "Slab");
    assert_eq!(
        skip_reason(&plan, "iter"),
        "it returns `std::slice::Iter<'_, i32>`, which no pool holds"
    );
    assert_eq!(
        skip_reason(&plan, "retain"),
        "it is generic over `F: FnMut(&T) -> bool`"
    );
    assert_eq!(skip_reason(&plan, "get_unchecked"), "it is `unsafe`");
    for leaking in ["leak", "name"] {
        assert!(
            skip_reason(&plan, leaking).starts_with("it returns a `'static` borrow"),
            "{leaking}"
        );
    }
    assert_eq!(
        skip_reason(&plan, "capacity_for"),
        "an associated function that returns no `Slab`"
    );
    assert_eq!(
        skip_reason(&plan, "bytes"),
        "it is in an impl for `Slab<u8>` only"
    );
    assert!(plan.skipped.iter().all(|s| s.method != "private"));
    assert!(plan.methods.iter().all(|m| m.name != "private"));
}

#[test]
fn types_that_cannot_be_subjects_say_why() {
    let lib = r#"
        #[derive(Debug)] pub struct NoClone; impl NoClone { pub fn new() -> Self { todo!() } }
        #[derive(Clone)] pub struct NoDebug;
        #[derive(Clone, Debug)] pub struct NoConstructor; impl NoConstructor { pub fn a(&self) -> i32 { 0 } }
        #[derive(Clone, Debug, Default)] pub struct Few; impl Few { pub fn a(&self) -> i32 { 0 } }
        #[derive(Clone, Debug)] pub struct Borrowing<'a>(&'a str);
    "#;
    let reason = |name: &str| plan(lib, name).refused.unwrap();
    assert_eq!(
        reason("NoClone"),
        "it is not `Clone` (object arguments are snapshots of pool slots)"
    );
    assert_eq!(
        reason("NoDebug"),
        "it is not `Debug` (the pools show objects as `{:?}` renders them)"
    );
    assert_eq!(
        reason("NoConstructor"),
        "it has no public constructor the pools can call"
    );
    assert_eq!(
        reason("Few"),
        "it has 1 usable method besides its constructors, fewer than 3"
    );
    assert_eq!(
        reason("Borrowing"),
        "it borrows data (lifetime parameter `'a`), which no pool holds"
    );
}

#[test]
fn the_emitted_subject_parses_and_lists_what_it_skipped() {
    let api = api(SLAB);
    let plans: Vec<TypePlan> = api
        .types
        .iter()
        .map(|t| plan_type(&api, "store", t, None))
        .collect();
    let source = subject_file("store 1.2.3", &plans);
    let file = syn::parse_file(&source).unwrap_or_else(|e| panic!("{e}\n{source}"));
    let impls = file
        .items
        .iter()
        .filter(|i| matches!(i, syn::Item::Impl(_)))
        .count();
    assert_eq!(impls, 1, "{source}");
    assert!(source.contains("pub struct SlabOfInts(pub store::Slab<i32>);"));
    assert!(source.contains("#[testspace::subject]\nimpl SlabOfInts {"));
    assert!(source.contains("// - `iter`: it returns"));
    assert!(source.contains("// `store::GetError`: no subject, because it is not `Clone`"));
    let context = context_file(
        "store 1.2.3",
        &plans
            .iter()
            .find(|p| p.wrapper == "SlabOfInts")
            .unwrap()
            .clone(),
        &crate::pools::Constants::default(),
    );
    assert!(context.contains("subject = \"SlabOfInts\""));
    // `insert(value: i32)`: i32's bounds join the defaults.
    assert!(
        context.contains(
            "# -2147483648: i32's smallest; 2147483647: i32's largest\nint = { size = 6, init = [0, 1, 2, -1, -2147483648, 2147483647] }"
        ),
        "{context}"
    );
    assert!(!context.contains("string ="));
}

#[test]
fn a_range_of_ints_becomes_its_two_bounds() {
    let lib = r#"
        #[derive(Clone, Debug, Default)]
        pub struct RangeMap<K, V>(Vec<(K, V)>);
        impl<K: Ord + Clone, V: Eq + Clone> RangeMap<K, V> {
            pub fn insert(&mut self, range: std::ops::Range<K>, value: V) {}
            pub fn remove(&mut self, range: core::ops::RangeInclusive<K>) {}
            pub fn overlaps(&self, range: &Range<K>) -> bool { false }
            pub fn get(&self, key: &K) -> Option<&V> { None }
        }
    "#;
    let plan = plan(lib, "RangeMap");
    assert_eq!(plan.refused, None);
    let insert = method(&plan, "insert");
    let names: Vec<&str> = insert.parameters.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["range_start", "range_end", "value"]);
    assert_eq!(insert.body, "self.0.insert(range_start..range_end, value);");
    assert_eq!(
        method(&plan, "remove").body,
        "self.0.remove(range_start..=range_end);"
    );
    assert_eq!(
        method(&plan, "overlaps").body,
        "self.0.overlaps(&(range_start..range_end))"
    );
    assert_eq!(method(&plan, "get").body, "self.0.get(&key).copied()");
}

#[test]
fn a_compile_check_skips_the_methods_it_refuses_and_refuses_a_broken_wrapper() {
    let api = api(SLAB);
    let mut plans: Vec<TypePlan> = api
        .types
        .iter()
        .map(|t| plan_type(&api, "store", t, None))
        .collect();
    let slab = plans
        .iter()
        .position(|p| p.wrapper == "SlabOfInts")
        .unwrap();
    let (source, placements) = crate::emit::check_file(&plans);
    syn::parse_file(&source).unwrap();
    assert!(!source.contains("#[testspace::subject]"));
    let line_of = |needle: &str| source.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let errors = vec![
        CheckError {
            line: line_of("self.0.key_of(&value, hint)"),
            message: "the trait bound `i32: Weighted` is not satisfied".to_string(),
        },
        CheckError {
            line: line_of("self.0.key_of(&value, hint)"),
            message: "a second error in the same method".to_string(),
        },
        CheckError {
            line: 1,
            message: "outside every wrapper".to_string(),
        },
    ];
    let methods = plans[slab].methods.len();
    let unplaced = prune(&mut plans, &placements, &errors);
    assert_eq!(unplaced, [errors[2].clone()]);
    assert_eq!(plans[slab].methods.len(), methods - 1);
    assert_eq!(
        skip_reason(&plans[slab], "key_of"),
        "it does not compile with T = i32: the trait bound `i32: Weighted` is not satisfied"
    );
    assert_eq!(plans[slab].refused, None);
    // An error in the declaration refuses the wrapper.
    let (source, placements) = crate::emit::check_file(&plans);
    let line = source
        .lines()
        .position(|l| l.starts_with("pub struct SlabOfInts"))
        .unwrap()
        + 1;
    prune(
        &mut plans,
        &placements,
        &[CheckError {
            line,
            message: "`i32` is not `Array`".to_string(),
        }],
    );
    assert_eq!(
        plans[slab].refused.as_deref(),
        Some("its wrapper does not compile: `i32` is not `Array`")
    );
    // A wrapper that is not `Send + Sync` fails in its declaration, so it is refused too.
    plans[slab].refused = None;
    let (source, placements) = crate::emit::check_file(&plans);
    let line = line_of_in(
        &source,
        "const _: fn() = shared_across_threads::<SlabOfInts>;",
    );
    prune(
        &mut plans,
        &placements,
        &[CheckError {
            line,
            message: "`Rc<()>` cannot be sent between threads safely".to_string(),
        }],
    );
    assert_eq!(
        plans[slab].refused.as_deref(),
        Some("its wrapper does not compile: `Rc<()>` cannot be sent between threads safely")
    );
}

fn line_of_in(source: &str, needle: &str) -> usize {
    source.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_plan_left_with_too_few_methods_is_refused() {
    let lib = r#"
        #[derive(Clone, Debug)] pub struct Pair(i32, i32);
        impl Pair { pub fn new() -> Self { todo!() } pub fn a(&self) -> i32 { 0 } pub fn b(&self) -> i32 { 0 } pub fn c(&self) -> i32 { 0 } }
    "#;
    let api = api(lib);
    let mut plans = vec![plan_type(&api, "pair", &api.types[0], None)];
    assert_eq!(plans[0].refused, None);
    let (source, placements) = crate::emit::check_file(&plans);
    let line = source
        .lines()
        .position(|l| l.contains("self.0.b()"))
        .unwrap()
        + 1;
    prune(
        &mut plans,
        &placements,
        &[CheckError {
            line,
            message: "no".to_string(),
        }],
    );
    assert_eq!(
        plans[0].refused.as_deref(),
        Some("it has 2 usable methods besides its constructors, fewer than 3")
    );
}

#[test]
fn lookups_relaxed_in_the_where_clause_and_const_capacities_are_adapted() {
    let lib = r#"
        #[derive(Clone, Debug)]
        pub struct Map<K, V, const CAP: usize>([(K, V); CAP]);
        #[cfg(feature = "std")]
        #[derive(Clone, Debug)]
        pub struct Twice;
        #[cfg(not(feature = "std"))]
        #[derive(Clone, Debug)]
        pub struct Twice;
        impl<K, V, const CAP: usize> Map<K, V, CAP> {
            pub fn new() -> Self { todo!() }
            pub fn get<Q>(&self, key: &Q) -> Option<&V> where Q: ?Sized + Eq { None }
            pub fn len(&self) -> usize { 0 }
            pub fn merge(&mut self, other: &Map<K, V, CAP>) {}
            pub fn capacity(&self) -> usize { CAP }
        }
    "#;
    let api = api(lib);
    assert_eq!(api.types.iter().filter(|t| t.name == "Twice").count(), 1);
    let plan = plan(lib, "Map");
    assert_eq!(plan.target, "store::Map<i32, i32, 8>");
    assert_eq!(plan.refused, None, "{:#?}", plan.skipped);
    assert_eq!(method(&plan, "get").body, "self.0.get(&key).copied()");
    assert_eq!(method(&plan, "merge").body, "self.0.merge(&other.0);");
}

#[test]
fn a_result_whose_error_is_not_debug_is_skipped() {
    let lib = SLAB.replace(
        "#[derive(Debug)]\n    pub struct GetError;",
        "pub struct GetError;",
    );
    assert_ne!(lib, SLAB);
    let plan = plan(&lib, "Slab");
    assert_eq!(
        skip_reason(&plan, "try_get"),
        "its error type `GetError` is not `Debug` (results are shown as `{:?}` renders them)"
    );
}

#[test]
fn the_crate_s_type_aliases_are_read_through() {
    let lib = r#"
        /// Counts.
        #[derive(Clone, Debug, Default)]
        pub struct Tally { n: usize }
        #[derive(Debug)]
        pub struct TallyError;
        pub type Result<T, E = TallyError> = std::result::Result<T, E>;
        type Count = usize;
        mod a { pub type Twice = u8; }
        mod b { pub type Twice = u16; }
        impl Tally {
            pub fn new() -> Self { Tally::default() }
            pub fn add(&mut self, by: Count) -> Result<Count> { Ok(by) }
            pub fn get(&self) -> Count { self.n }
            pub fn raw(&self) -> std::result::Result<u8, TallyError> { Ok(0) }
            pub fn through(&self) -> crate::Result<Count> { Ok(0) }
            pub fn twice(&self) -> Twice { 0 }
        }
    "#;
    let plan = plan(lib, "Tally");
    let add = method(&plan, "add");
    assert_eq!(add.parameters, [("by".to_string(), "usize".to_string())]);
    assert_eq!(
        add.returns.as_deref(),
        Some("Result<usize, store::TallyError>")
    );
    assert_eq!(method(&plan, "get").returns.as_deref(), Some("usize"));
    // std's Result with its two arguments is not the crate's alias.
    assert_eq!(
        method(&plan, "raw").returns.as_deref(),
        Some("Result<u8, store::TallyError>")
    );
    assert_eq!(
        method(&plan, "through").returns.as_deref(),
        Some("Result<usize, store::TallyError>")
    );
    // Declared in two modules, `Twice` cannot be told by its name: not read through.
    assert!(skip_reason(&plan, "twice").contains("`Twice`"));
}

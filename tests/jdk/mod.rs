//! The differential harness behind `tests/jdk_differential.rs`: runs the same canonical-form-3
//! test cases on a Rust port (through its [`Session`]) and on the real `java.util` class (through
//! `testdata/jdk/Driver.java` on a JDK 17), compares every call's outcome and the value pools
//! after every call, and shrinks a mismatch to a short test case. See
//! `docs/jdk-differential.md`.

use std::collections::hash_map::DefaultHasher;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, OnceLock};

use testspace::context::TestContext;
use testspace::report::test_case::render_test_case;
use testspace::subject::{JavaException, MethodKind, Param, Return, Session, Unit};

/// The driver's source, a fixture of the repository.
pub const DRIVER_SOURCE: &str = include_str!("../../testdata/jdk/Driver.java");

/// The Debian package that provides `java` and `javac` 17.
pub const JDK_PACKAGE: &str = "openjdk-17-jdk-headless";

// ---------------------------------------------------------------------------------------
// Comparison modes: one row per unit that cannot be compared exactly. Units without a row
// are compared exactly (every outcome, every pool after every call).
// ---------------------------------------------------------------------------------------

/// How the `toString()` of object-pool elements is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectCompare {
    /// Byte for byte.
    Exact,
    /// As multisets of top-level elements: `{1=2, 3=4}` equals `{3=4, 1=2}` (for units whose
    /// iteration order depends on `System.identityHashCode`). Applies to string-pool values
    /// too, which hold `toString()` results.
    OrderInsensitive,
}

/// The comparison mode of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    /// The unit's class name (`Unit::class`).
    pub class: &'static str,
    /// How object-pool elements are compared.
    pub objects: ObjectCompare,
    /// Methods (by testspace signature) left out of the sequences, because their results
    /// are irreproducible on a JVM (e.g. `hashCode()` over `System.identityHashCode`).
    pub skip: &'static [&'static str],
    /// Why; printed in the report.
    pub reason: &'static str,
}

/// Units compared otherwise than exactly. The colleagues porting these units document what
/// is irreproducible; the lead confirms this table when merging them.
pub const MODES: &[Mode] = &[
    Mode {
        class: "IdentityHashMap",
        objects: ObjectCompare::OrderInsensitive,
        skip: &["hashCode()"],
        reason: "table order and hashCode() follow System.identityHashCode",
    },
    Mode {
        class: "WeakHashMap",
        objects: ObjectCompare::OrderInsensitive,
        skip: &[],
        reason: "the null key's bucket follows the identity hash of WeakHashMap.NULL_KEY",
    },
    Mode {
        class: "EnumMap",
        objects: ObjectCompare::Exact,
        skip: &["hashCode()"],
        reason: "hashCode() uses Enum.hashCode(), an identity hash",
    },
];

/// The mode of `class`: its row of [`MODES`], or exact comparison.
pub fn mode_of(class: &str) -> Mode {
    MODES
        .iter()
        .copied()
        .find(|m| m.class == class)
        .unwrap_or(Mode {
            class: "",
            objects: ObjectCompare::Exact,
            skip: &[],
            reason: "",
        })
}

/// Calls with an `int` argument above this that may allocate an array of that size
/// (constructors, `ensureCapacity`, `setSize`) are left out: whether a JVM can allocate
/// such an array depends on its heap, and the ports model that boundary only roughly.
pub const CAPACITY_LIMIT: i32 = 1 << 16;

/// Methods whose `int` arguments are capacities or sizes (besides every constructor).
pub const CAPACITY_METHODS: &[&str] = &["ensureCapacity", "setSize"];

// ---------------------------------------------------------------------------------------
// Traces: what one test case did, call by call.
// ---------------------------------------------------------------------------------------

/// The value pools after a call; object-pool elements as their `toString()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The int pool.
    pub ints: Vec<Option<i32>>,
    /// The bool pool.
    pub bools: Vec<bool>,
    /// The string pool.
    pub strings: Vec<Option<String>>,
    /// The object pool, rendered (`None` = `null`).
    pub objects: Vec<Option<String>>,
}

/// One call's outcome (`ok` or an exception name) and the pools after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// `ok`, or the exception's `JavaException::java_name`.
    pub outcome: String,
    /// The pools after the call.
    pub state: State,
}

/// The steps of one test case.
pub type Trace = Vec<Step>;

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = &self.state;
        let show = |v: &Option<String>| v.as_ref().map_or("null".into(), |t| format!("{t:?}"));
        let ints: Vec<String> = s
            .ints
            .iter()
            .map(|v| v.map_or("null".into(), |v| v.to_string()))
            .collect();
        let strings: Vec<String> = s.strings.iter().map(show).collect();
        let objects: Vec<String> = s
            .objects
            .iter()
            .map(|v| v.clone().unwrap_or_else(|| "null".into()))
            .collect();
        write!(
            f,
            "{:<28} int=[{}] bool={:?} string=[{}] object=[{}]",
            self.outcome,
            ints.join(", "),
            s.bools,
            strings.join(", "),
            objects.join(" | ")
        )
    }
}

// ---------------------------------------------------------------------------------------
// The Rust side.
// ---------------------------------------------------------------------------------------

/// Whether call `call` is left out of the sequences (see [`Mode::skip`] and
/// [`CAPACITY_LIMIT`]), given the int pool before it.
pub fn left_out(context: &TestContext, mode: &Mode, call: u32, ints: &[Option<i32>]) -> bool {
    let decoded = context.call(call);
    let info = &context.methods()[decoded.position].info;
    if mode.skip.contains(&info.signature.as_str()) {
        return true;
    }
    let capacity = info.kind == MethodKind::Constructor || CAPACITY_METHODS.contains(&info.name);
    capacity
        && info.params.iter().zip(decoded.slots()).any(|(&p, &slot)| {
            p == Param::Int && ints[slot as usize].is_some_and(|v| v > CAPACITY_LIMIT)
        })
}

/// A test case run on the Rust port.
pub struct RustRun {
    /// The calls that ran.
    pub ran: Vec<u32>,
    /// Their outcomes and the pools after each.
    pub trace: Trace,
    /// How many calls were left out before the last one that ran.
    pub left_out: usize,
}

/// Runs `calls` on the Rust port, leaving out the calls [`left_out`] names, until `max`
/// calls ran.
pub fn run_rust(
    session: &mut dyn Session,
    context: &TestContext,
    mode: &Mode,
    calls: &[u32],
    max: usize,
) -> RustRun {
    session.reset();
    let mut ran = Vec::with_capacity(max);
    let mut trace = Vec::with_capacity(max);
    let mut skipped = 0;
    for &call in calls {
        if ran.len() == max {
            break;
        }
        if left_out(context, mode, call, &session.primitives().ints) {
            skipped += 1;
            continue;
        }
        let outcome = match session.step(call) {
            Ok(()) => "ok".to_string(),
            Err(e) => e.java_name().to_string(),
        };
        let p = session.primitives();
        let rendered = session.render_pools();
        let objects = rendered
            .last()
            .map(|(_, v)| v.iter().map(|s| (s != "null").then(|| s.clone())).collect())
            .unwrap_or_default();
        ran.push(call);
        trace.push(Step {
            outcome,
            state: State {
                ints: p.ints,
                bools: p.bools,
                strings: p.strings,
                objects,
            },
        });
    }
    RustRun {
        ran,
        trace,
        left_out: skipped,
    }
}

// ---------------------------------------------------------------------------------------
// The Java side.
// ---------------------------------------------------------------------------------------

/// `$JAVA_HOME/bin/<tool>` if `JAVA_HOME` is set, else `<tool>` on the PATH.
fn jdk_tool(tool: &str) -> PathBuf {
    match std::env::var_os("JAVA_HOME") {
        Some(home) if !home.is_empty() => Path::new(&home).join("bin").join(tool),
        _ => PathBuf::from(tool),
    }
}

fn missing_jdk(detail: &str) -> String {
    format!(
        "the JDK differential test needs a JDK 17 (javac and java, via JAVA_HOME or PATH): \
         {detail}. On Debian/Ubuntu: apt-get install -y {JDK_PACKAGE}"
    )
}

/// Compiles `Driver.java` once per source text into the cargo target directory and returns
/// the class path; an error names the package to install.
pub fn driver_classpath() -> Result<PathBuf, String> {
    static CLASSPATH: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    CLASSPATH.get_or_init(compile_driver).clone()
}

fn compile_driver() -> Result<PathBuf, String> {
    let javac = jdk_tool("javac");
    let version = Command::new(&javac)
        .arg("-version")
        .output()
        .map_err(|e| missing_jdk(&format!("cannot run {}: {e}", javac.display())))?;
    let text = String::from_utf8_lossy(&version.stdout).to_string()
        + &String::from_utf8_lossy(&version.stderr);
    if !text.trim().starts_with("javac 17") {
        return Err(missing_jdk(&format!(
            "{} reports {:?}; the ports model JDK 17",
            javac.display(),
            text.trim()
        )));
    }
    let mut hasher = DefaultHasher::new();
    DRIVER_SOURCE.hash(&mut hasher);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("jdk-driver")
        .join(format!("{:016x}", hasher.finish()));
    if dir.join("Driver.class").exists() {
        return Ok(dir);
    }
    let staging = dir.with_extension(format!("tmp{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).map_err(|e| e.to_string())?;
    let source = staging.join("Driver.java");
    std::fs::write(&source, DRIVER_SOURCE).map_err(|e| e.to_string())?;
    let out = Command::new(&javac)
        .args(["-nowarn", "-d"])
        .arg(&staging)
        .arg(&source)
        .output()
        .map_err(|e| missing_jdk(&format!("cannot run {}: {e}", javac.display())))?;
    if !out.status.success() {
        return Err(format!(
            "javac failed on testdata/jdk/Driver.java:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    if std::fs::rename(&staging, &dir).is_err() && !dir.join("Driver.class").exists() {
        return Err(format!(
            "cannot move the compiled driver to {}",
            dir.display()
        ));
    }
    let _ = std::fs::remove_dir_all(&staging);
    Ok(dir)
}

/// A running `Driver` process for one unit.
pub struct JavaDriver {
    child: Child,
    input: BufWriter<ChildStdin>,
    output: BufReader<ChildStdout>,
    pools: (usize, usize, usize, usize),
}

/// The percent-encoded string field of the protocol (`~` = null).
pub fn encode_field(value: Option<&str>) -> String {
    let Some(text) = value else {
        return "~".into();
    };
    let mut out = String::from("'");
    for &b in text.as_bytes() {
        if b > 0x20 && b < 0x7f && b != b'%' {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02x}");
        }
    }
    out
}

/// Decodes [`encode_field`].
pub fn decode_field(field: &str) -> Result<Option<String>, String> {
    if field == "~" {
        return Ok(None);
    }
    let body = field
        .strip_prefix('\'')
        .ok_or_else(|| format!("bad string field {field:?}"))?;
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = body.get(i + 1..i + 3).ok_or("truncated %-escape")?;
            out.push(u8::from_str_radix(hex, 16).map_err(|e| e.to_string())?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out)
        .map(Some)
        .map_err(|e| format!("bad UTF-8 in {field:?}: {e}"))
}

/// The protocol letter of a parameter type.
fn param_letter(p: Param) -> char {
    match p {
        Param::Int => 'i',
        Param::Integer => 'n',
        Param::Bool => 'b',
        Param::Str => 's',
        Param::Object => 'o',
    }
}

fn return_letter(r: Return) -> char {
    match r {
        Return::Void => 'V',
        Return::Int => 'I',
        Return::Bool => 'B',
        Return::Str => 'S',
        Return::Object => 'O',
    }
}

impl JavaDriver {
    /// Starts the driver for `unit` in `context`. `java_names` overrides the Java method
    /// name of some testspace signatures (a test hook: a "mutant JDK" for checking that the
    /// harness catches a wrong result).
    pub fn start(
        unit: &dyn Unit,
        context: &TestContext,
        java_names: &[(&str, &str)],
    ) -> Result<Self, String> {
        let classpath = driver_classpath()?;
        let java = jdk_tool("java");
        let mut child = Command::new(&java)
            .args([
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Xshare:auto",
                "-Xmx1g",
                "-cp",
            ])
            .arg(&classpath)
            .arg("Driver")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| missing_jdk(&format!("cannot run {}: {e}", java.display())))?;
        let input = BufWriter::new(child.stdin.take().expect("piped stdin"));
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        let pools = context.pools();
        let mut driver = JavaDriver {
            child,
            input,
            output,
            pools: (
                pools.ints.len(),
                pools.bools.len(),
                pools.strings.len(),
                pools.objects,
            ),
        };
        let mut header = String::new();
        let _ = writeln!(header, "class {}", unit.java_class());
        let known: Vec<&str> = JavaException::ALL.iter().map(|e| e.java_name()).collect();
        let _ = writeln!(header, "known {} {}", known.len(), known.join(" "));
        let ints: Vec<String> = pools.ints.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(header, "ints {} {}", ints.len(), ints.join(" "));
        let bools: Vec<String> = pools.bools.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(header, "bools {} {}", bools.len(), bools.join(" "));
        let strings: Vec<String> = pools
            .strings
            .iter()
            .map(|s| encode_field(Some(s)))
            .collect();
        let _ = writeln!(header, "strings {} {}", strings.len(), strings.join(" "));
        let _ = writeln!(header, "objects {}", pools.objects);
        let _ = writeln!(header, "methods {}", unit.methods().len());
        for m in unit.methods() {
            let kind = match m.kind {
                MethodKind::Constructor => 'C',
                MethodKind::Static => 'S',
                MethodKind::Instance => 'I',
            };
            let name = java_names
                .iter()
                .find(|(sig, _)| *sig == m.signature)
                .map_or(m.name, |(_, name)| name);
            let params: Vec<String> = m.params.iter().map(|&p| param_letter(p).into()).collect();
            let _ = writeln!(
                header,
                "{kind} {name} {} {} {}",
                return_letter(m.returns),
                m.params.len(),
                params.join(" ")
            );
        }
        driver.send(&header)?;
        let reply = driver.line()?;
        if reply != "ready" {
            return Err(format!("the Java driver refused {}: {reply}", unit.class()));
        }
        Ok(driver)
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.input
            .write_all(text.as_bytes())
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("writing to the Java driver: {e}"))
    }

    fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err("the Java driver exited (see its stderr above)".into()),
            Ok(_) => Ok(line.trim_end_matches('\n').to_string()),
            Err(e) => Err(format!("reading from the Java driver: {e}")),
        }
    }

    /// Runs one test case on the JVM.
    pub fn run(&mut self, context: &TestContext, calls: &[u32]) -> Result<Trace, String> {
        let mut request = format!("seq {}\n", calls.len());
        for &call in calls {
            let decoded = context.call(call);
            let _ = write!(request, "{}", decoded.method);
            for slot in decoded.slots() {
                let _ = write!(request, " {slot}");
            }
            request.push('\n');
        }
        self.send(&request)?;
        let mut trace = Vec::with_capacity(calls.len());
        for _ in calls {
            let line = self.line()?;
            trace.push(self.parse_step(&line)?);
        }
        let done = self.line()?;
        if done != "done" {
            return Err(format!(
                "expected `done` from the Java driver, got {done:?}"
            ));
        }
        Ok(trace)
    }

    fn parse_step(&self, line: &str) -> Result<Step, String> {
        let (ni, nb, ns, no) = self.pools;
        let fields: Vec<&str> = line.split(' ').collect();
        if fields.len() != 1 + ni + nb + ns + no {
            return Err(format!("malformed driver line {line:?}"));
        }
        let bad = |f: &str| format!("bad field {f:?} in {line:?}");
        let mut rest = fields[1..].iter();
        let ints = rest
            .by_ref()
            .take(ni)
            .map(|f| match *f {
                "~" => Ok(None),
                f => f.parse().map(Some).map_err(|_| bad(f)),
            })
            .collect::<Result<_, _>>()?;
        let bools = rest
            .by_ref()
            .take(nb)
            .map(|f| f.parse().map_err(|_| bad(f)))
            .collect::<Result<_, _>>()?;
        let strings = rest
            .by_ref()
            .take(ns)
            .map(|f| decode_field(f))
            .collect::<Result<_, _>>()?;
        let objects = rest
            .map(|f| match f.strip_prefix('!') {
                Some(exception) => Ok(Some(format!("<toString threw {exception}>"))),
                None => decode_field(f),
            })
            .collect::<Result<_, _>>()?;
        Ok(Step {
            outcome: fields[0].to_string(),
            state: State {
                ints,
                bools,
                strings,
                objects,
            },
        })
    }
}

impl Drop for JavaDriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------------------------------
// Comparison and shrinking.
// ---------------------------------------------------------------------------------------

/// `toString()` text compared as [`ObjectCompare`] says.
pub fn normalize(text: &str, compare: ObjectCompare) -> String {
    match compare {
        ObjectCompare::Exact => text.to_string(),
        ObjectCompare::OrderInsensitive => {
            let (open, close) = (text.chars().next(), text.chars().last());
            let inner = match (open, close) {
                (Some('{'), Some('}')) | (Some('['), Some(']')) if text.len() >= 2 => {
                    &text[1..text.len() - 1]
                }
                _ => return text.to_string(),
            };
            let mut parts: Vec<&str> = if inner.is_empty() {
                Vec::new()
            } else {
                inner.split(", ").collect()
            };
            parts.sort_unstable();
            format!(
                "{}{}{}",
                &text[..1],
                parts.join(", "),
                &text[text.len() - 1..]
            )
        }
    }
}

/// Object renderings, and strings (which hold `toString()` results), compared by `mode`.
fn same_texts(x: &[Option<String>], y: &[Option<String>], mode: &Mode) -> bool {
    x.len() == y.len()
        && x.iter().zip(y).all(|(p, q)| match (p, q) {
            (Some(p), Some(q)) => normalize(p, mode.objects) == normalize(q, mode.objects),
            (None, None) => true,
            _ => false,
        })
}

fn same_step(a: &Step, b: &Step, mode: &Mode) -> bool {
    let (x, y) = (&a.state, &b.state);
    a.outcome == b.outcome
        && x.ints == y.ints
        && x.bools == y.bools
        && same_texts(&x.strings, &y.strings, mode)
        && same_texts(&x.objects, &y.objects, mode)
}

/// The position of the first call whose outcome or following pools differ, if any.
pub fn first_mismatch(rust: &[Step], java: &[Step], mode: &Mode) -> Option<usize> {
    let common = rust.len().min(java.len());
    (0..common)
        .find(|&i| !same_step(&rust[i], &java[i], mode))
        .or((rust.len() != java.len()).then_some(common))
}

/// Shrinks a failing test case: `fails(calls)` runs a candidate and returns the shortest
/// failing prefix of the calls it actually ran, or `None` if it passes. Starts from that
/// prefix of `calls`, then deletes single calls while the result still fails, until no
/// single deletion fails (a 1-minimal sequence, as delta debugging's last stage).
///
/// # Panics
/// If `calls` does not fail.
pub fn shrink(calls: &[u32], mut fails: impl FnMut(&[u32]) -> Option<Vec<u32>>) -> Vec<u32> {
    let mut current = fails(calls).expect("shrink needs a failing test case");
    loop {
        let mut changed = false;
        let mut position = current.len();
        while position > 0 {
            position -= 1;
            if position >= current.len() || current.len() == 1 {
                continue;
            }
            let mut candidate = current.clone();
            candidate.remove(position);
            if let Some(shorter) = fails(&candidate) {
                current = shorter;
                changed = true;
            }
        }
        if !changed {
            return current;
        }
    }
}

// ---------------------------------------------------------------------------------------
// One unit, end to end.
// ---------------------------------------------------------------------------------------

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Test cases per unit.
    pub sequences: u64,
    /// Calls per test case that run (left-out calls do not count).
    pub length: usize,
    /// Seed of the `r` strategy.
    pub seed: u64,
}

/// The result of one unit.
#[derive(Debug, Default)]
pub struct UnitReport {
    /// The unit's class.
    pub unit: String,
    /// Test cases run.
    pub sequences: u64,
    /// Calls run (on each side).
    pub calls: u64,
    /// Calls left out (see [`left_out`]).
    pub left_out: u64,
    /// Test cases shorter than `Config::length` (too many calls left out).
    pub short: u64,
    /// Test cases with a mismatch.
    pub mismatches: u64,
    /// The shrunk first mismatch, or the error that stopped the unit.
    pub details: Option<String>,
    /// The shortest test case of the first mismatch (method-call indices).
    pub shrunk: Option<Vec<u32>>,
    /// The unit could not be run at all (driver error).
    pub error: bool,
}

/// Runs `config.sequences` random test cases of `unit` in the paper's context on both
/// sides. `java_names` as in [`JavaDriver::start`].
pub fn check_unit(unit: &dyn Unit, config: &Config, java_names: &[(&str, &str)]) -> UnitReport {
    let mut report = UnitReport {
        unit: unit.class().to_string(),
        ..UnitReport::default()
    };
    if let Err(e) = check_unit_into(unit, config, java_names, &mut report) {
        report.error = true;
        report.details = Some(e);
    }
    report
}

fn check_unit_into(
    unit: &dyn Unit,
    config: &Config,
    java_names: &[(&str, &str)],
    report: &mut UnitReport,
) -> Result<(), String> {
    let context = Arc::new(TestContext::paper(unit).map_err(|e| e.to_string())?);
    let mode = mode_of(unit.class());
    let mut session = unit.session(context.clone());
    let mut java = JavaDriver::start(unit, &context, java_names)?;
    // Draw more calls than needed, so that left-out calls do not shorten a test case.
    let drawn = config.length + config.length / 4 + 4;
    let strategy = testspace::walk::WalkKind::RANDOM.build(&context, drawn, config.seed);
    let mut calls = vec![0u32; drawn];
    for k in 0..config.sequences {
        strategy.case_into(k, &mut calls);
        let RustRun {
            ran,
            trace: rust,
            left_out,
        } = run_rust(session.as_mut(), &context, &mode, &calls, config.length);
        let jvm = java.run(&context, &ran)?;
        report.sequences += 1;
        report.calls += ran.len() as u64;
        report.short += u64::from(ran.len() < config.length);
        report.left_out += left_out as u64;
        if first_mismatch(&rust, &jvm, &mode).is_none() {
            continue;
        }
        report.mismatches += 1;
        if report.details.is_none() {
            let (shortest, text) =
                explain(unit, &context, &mode, session.as_mut(), &mut java, k, &ran)?;
            report.shrunk = Some(shortest);
            report.details = Some(text);
        }
    }
    Ok(())
}

/// Runs one test case on both sides (a fresh session and JVM) and returns the position of
/// the first mismatch, if any.
pub fn mismatch_of(
    unit: &dyn Unit,
    java_names: &[(&str, &str)],
    calls: &[u32],
) -> Result<Option<usize>, String> {
    let context = Arc::new(TestContext::paper(unit).map_err(|e| e.to_string())?);
    let mode = mode_of(unit.class());
    let mut session = unit.session(context.clone());
    let rust = run_rust(session.as_mut(), &context, &mode, calls, calls.len());
    let mut java = JavaDriver::start(unit, &context, java_names)?;
    let jvm = java.run(&context, &rust.ran)?;
    Ok(first_mismatch(&rust.trace, &jvm, &mode))
}

/// Shrinks the failing test case `ran` and renders it with both sides' traces.
fn explain(
    unit: &dyn Unit,
    context: &TestContext,
    mode: &Mode,
    session: &mut dyn Session,
    java: &mut JavaDriver,
    number: u64,
    ran: &[u32],
) -> Result<(Vec<u32>, String), String> {
    let original = {
        let rust = run_rust(session, context, mode, ran, ran.len()).trace;
        let jvm = java.run(context, ran)?;
        match first_mismatch(&rust, &jvm, mode) {
            Some(i) => format!(
                "first difference in the original test case, at call {} ({}):\n  rust: {}\n  jdk:  {}\n",
                i + 1,
                context.render_call(ran[i]),
                rust.get(i).map_or("(none)".into(), |s| s.to_string()),
                jvm.get(i).map_or("(none)".into(), |s| s.to_string()),
            ),
            None => "the original test case agreed when rerun: the JVM side is not \
                     deterministic (an identity hash?)\n"
                .into(),
        }
    };
    let mut driver_error = None;
    let shortest = shrink(ran, |candidate| {
        let RustRun {
            ran, trace: rust, ..
        } = run_rust(session, context, mode, candidate, candidate.len());
        let jvm = match java.run(context, &ran) {
            Ok(trace) => trace,
            Err(e) => {
                driver_error.get_or_insert(e);
                return None;
            }
        };
        first_mismatch(&rust, &jvm, mode).map(|i| ran[..=i].to_vec())
    });
    if let Some(e) = driver_error {
        return Err(e);
    }
    let rust = run_rust(session, context, mode, &shortest, shortest.len()).trace;
    let jvm = java.run(context, &shortest)?;
    let mut text = render_mismatch(unit, context, number, &shortest, &rust, &jvm);
    if first_mismatch(&rust, &jvm, mode).is_none() {
        text.push_str(
            "(this shortest sequence agreed when rerun: the JVM side is not deterministic)\n",
        );
    }
    text.push_str(&original);
    Ok((shortest, text))
}

/// The report of one shrunk mismatch: the test case as code, then both sides call by call.
pub fn render_mismatch(
    unit: &dyn Unit,
    context: &TestContext,
    number: u64,
    calls: &[u32],
    rust: &[Step],
    java: &[Step],
) -> String {
    let mut out = String::new();
    let index = context
        .codec(calls.len())
        .encode(calls)
        .expect("calls below j");
    let _ = writeln!(
        out,
        "{} ({}): test case {number} differs; shortest sequence that shows it ({} calls):",
        unit.class(),
        unit.java_class(),
        calls.len()
    );
    out.push_str(&render_test_case(context, &index, calls));
    let _ = writeln!(out, "outcome and pools after each call (Rust port / JDK):");
    for (i, (r, j)) in rust.iter().zip(java).enumerate() {
        if r == j {
            let _ = writeln!(out, "  mc_{:<3} both: {r}", i + 1);
        } else {
            let _ = writeln!(out, "  mc_{:<3} rust: {r}", i + 1);
            let _ = writeln!(out, "  {:<7} jdk:  {j}", "");
        }
    }
    out
}

/// The summary table of all units.
pub fn render_table(reports: &[UnitReport]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<16} {:>9} {:>8} {:>8} {:>6} {:>10}",
        "unit", "sequences", "calls", "left out", "short", "mismatches"
    );
    for r in reports {
        let mismatches = if r.error {
            "ERROR".to_string()
        } else {
            r.mismatches.to_string()
        };
        let _ = writeln!(
            out,
            "{:<16} {:>9} {:>8} {:>8} {:>6} {:>10}",
            r.unit, r.sequences, r.calls, r.left_out, r.short, mismatches
        );
    }
    out
}

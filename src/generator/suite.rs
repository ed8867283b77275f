//! Suites: the test cases a generator makes for one (unit, M_C, configuration, seed), in
//! order, with the cost each one had used up by its end; stored as their derivations.
//!
//! A suite file is JSON Lines: a [`SuiteHeader`], then one line per test case in suite
//! order, `[cost, kind, parts, method, inputs]`: the cost units used by its end, `"n"`
//! (normal), `"x"` (an exception) or the contract it broke, the earlier test cases it
//! concatenates, and its last call — the method number and the inputs, each `"i<int>"`,
//! `"b0"`/`"b1"`, `"s<string>"`, `"r<statement>"` or `"null"`. Reading it rebuilds every
//! test case from its derivation and puts it in canonical form, as [`Suite::cases`] does for
//! a suite in memory (generation itself makes no canonical forms but where gold must run a
//! candidate in full).

use std::io::{BufRead, Write};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::gold::{CallWatch, GoldExecutor};
use super::sequence::{Input, Sequence, Statement};
use super::{
    CaseKind, Derivation, FeedbackGenerator, Fuzz, Generated, GeneratedCase, Generator,
    GeneratorKind,
};
use crate::context::{PoolInit, TestContext};
use crate::kernel::parameters::ParameterValues;
use crate::subject::Unit;

/// A registered generator with its parameters and its longest test case.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GeneratorConfig {
    /// The generator.
    pub kind: GeneratorKind,
    /// Its parameters (`[phase.run.params]`), every one written out.
    pub params: ParameterValues,
    /// The most calls in one test case (the run's n; Randoop's limit is 100).
    pub max_length: usize,
}

impl GeneratorConfig {
    /// `kind` with its default parameters, at most `max_length` calls per test case.
    pub fn of(kind: GeneratorKind, max_length: usize) -> Self {
        GeneratorConfig {
            kind,
            params: kind.default_parameters(),
            max_length,
        }
    }

    /// `G` with `params`, at most `max_length` calls per test case.
    pub fn with_params<G: FeedbackGenerator>(params: &G::Params, max_length: usize) -> Self {
        GeneratorConfig {
            kind: G::NAME.parse().expect("a registered generator"),
            params: crate::kernel::parameters::to_values(params),
            max_length,
        }
    }

    /// The name at the edges.
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The generator, seeded.
    pub fn build(&self, seed: u64) -> Box<dyn Generator> {
        self.kind.build(&self.params, self.max_length, seed)
    }

    /// Whether it needs the unit's branch coverage.
    pub fn needs_coverage(&self) -> bool {
        self.kind.needs_coverage(&self.params)
    }

    /// The longest test case it makes.
    pub fn max_length(&self) -> usize {
        self.max_length
    }

    /// The same configuration with at most `n` calls per test case.
    pub fn with_max_length(&self, n: usize) -> Self {
        GeneratorConfig {
            max_length: n,
            ..self.clone()
        }
    }

    /// The pools that pad a test case's empty pools of T_I: the seed values.
    pub(crate) fn padding(&self) -> PoolInit {
        let seeds = self.kind.seeds(&self.params);
        PoolInit {
            ints: seeds.ints,
            bools: seeds.bools,
            strings: seeds.strings,
            objects: 1,
        }
    }
}

/// When generation stops: after `tests` test cases or once `cost` cost units are used,
/// whichever comes first (at least one of them set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SuiteBudget {
    /// At most this many test cases.
    pub tests: Option<u64>,
    /// At most this many cost units: no test case starts once they are used up.
    pub cost: Option<u64>,
}

impl SuiteBudget {
    /// Whether a suite of `cases` test cases that has used `cost` units may go on.
    pub fn allows(&self, cases: usize, cost: u64) -> bool {
        self.tests.is_none_or(|t| (cases as u64) < t) && self.cost.is_none_or(|c| cost < c)
    }
}

/// A generated suite.
#[derive(Clone, Debug, PartialEq)]
pub struct Suite {
    /// The generator's name.
    pub generator: String,
    /// Its seed.
    pub seed: u64,
    /// The values that pad each test case's empty pools of T_I (the generator's seed
    /// values).
    pub padding: PoolInit,
    /// Per test case, the cost units used by the end of its generation (including
    /// candidates that were not kept).
    pub costs: Vec<u64>,
    /// Per test case, what it did on gold when generated.
    pub kinds: Vec<CaseKind>,
    /// Per test case, how it was built: the suite's test cases in generation order, as
    /// a suite file stores them ([`Suite::cases`] gives their canonical forms).
    pub derivations: Vec<Derivation>,
}

/// Errors generating a suite.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The generator needs branch coverage and the unit has no coverage copy.
    #[error("{generator} needs branch coverage, and {unit} has no coverage copy")]
    NoCoverage {
        /// The generator.
        generator: &'static str,
        /// The unit.
        unit: String,
    },
    /// The budget sets neither a test count nor a cost.
    #[error("a suite budget needs a number of tests or a cost")]
    Unbounded,
}

/// Generates the suite of `config` with `seed` for `unit` and `context` (M_C) on gold,
/// within `budget`.
pub fn generate_suite(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    config: &GeneratorConfig,
    seed: u64,
    budget: SuiteBudget,
) -> Result<Suite, GenerateError> {
    generate_suite_within(unit, context, config, seed, &[budget])
}

/// Generates the suite of `config` with `seed` while any of `budgets` allows more: the
/// suite of each budget is then a prefix of it ([`Suite::prefix`]), since a generator's
/// test case k never depends on the budget.
pub fn generate_suite_within(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    config: &GeneratorConfig,
    seed: u64,
    budgets: &[SuiteBudget],
) -> Result<Suite, GenerateError> {
    generate_suite_watched(unit, context, config, seed, budgets, CallWatch::default())
}

/// [`generate_suite_within`] with gold's calls watched ([`CallWatch`]): the generation of a
/// supervised worker process.
pub fn generate_suite_watched(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    config: &GeneratorConfig,
    seed: u64,
    budgets: &[SuiteBudget],
    watch: CallWatch,
) -> Result<Suite, GenerateError> {
    if budgets.is_empty()
        || budgets
            .iter()
            .any(|b| b.tests.is_none() && b.cost.is_none())
    {
        return Err(GenerateError::Unbounded);
    }
    let coverage = config.needs_coverage();
    if coverage && unit.probes().is_none() {
        return Err(GenerateError::NoCoverage {
            generator: config.name(),
            unit: unit.class().to_string(),
        });
    }
    let mut gold = GoldExecutor::new(unit, Arc::clone(context), coverage);
    gold.watch(watch);
    let mut generator = config.build(seed);
    let expected = expected_cases(budgets);
    let mut suite = Suite {
        generator: config.name().to_string(),
        seed,
        padding: config.padding(),
        costs: Vec::with_capacity(expected),
        kinds: Vec::with_capacity(expected),
        derivations: Vec::with_capacity(expected),
    };
    while budgets.iter().any(|b| b.allows(suite.len(), gold.cost)) {
        let Some(Generated { kind, derivation }) = generator.next_case(&mut gold) else {
            break;
        };
        suite.kinds.push(kind);
        suite.derivations.push(derivation);
        suite.costs.push(gold.cost);
    }
    Ok(suite)
}

/// The room a suite's lists are given at the start, so that they seldom move as they
/// grow: per budget its test count or an eighth of its cost units, whichever is smaller
/// (test cases of FDRT's pools run about ten calls each), the largest over the budgets;
/// at most 2¹⁶, so that a large budget reserves no more than a large suite grows to
/// anyway. (Every budget sets one of the two: `generate_suite_within` refuses others.)
fn expected_cases(budgets: &[SuiteBudget]) -> usize {
    const MOST: u64 = 1 << 16;
    budgets
        .iter()
        .map(|budget| {
            let by_cost = budget.cost.map_or(u64::MAX, |cost| cost / 8);
            budget.tests.unwrap_or(u64::MAX).min(by_cost)
        })
        .max()
        .unwrap_or(0)
        .min(MOST) as usize
}

impl Suite {
    /// The number of test cases.
    pub fn len(&self) -> usize {
        self.derivations.len()
    }

    /// Whether it has no test case.
    pub fn is_empty(&self) -> bool {
        self.derivations.is_empty()
    }

    /// The test cases in canonical form, in order, for `unit` and `context` (M_C, whose
    /// types of interest are padded): each rebuilt from its derivation, as
    /// [`SuiteReader`] rebuilds them from a suite file.
    pub fn cases(&self, unit: &dyn Unit, context: &TestContext) -> Vec<GeneratedCase> {
        let mut builder = CaseBuilder::new(unit, context, self.padding.clone());
        (0..self.len())
            .map(|i| builder.case(&self.derivations, i))
            .collect()
    }

    /// The number of leading test cases that generation within `budget` alone makes.
    pub fn prefix(&self, budget: SuiteBudget) -> usize {
        (0..self.len())
            .find(|&i| !budget.allows(i, i.checked_sub(1).map_or(0, |p| self.costs[p])))
            .unwrap_or(self.len())
    }

    /// Writes the suite as JSON Lines: `header`, then each test case's derivation, kind
    /// and cost.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write(&self, header: &SuiteHeader, out: &mut impl Write) -> std::io::Result<()> {
        serde_json::to_writer(&mut *out, header)?;
        out.write_all(b"\n")?;
        for ((derivation, kind), cost) in self.derivations.iter().zip(&self.kinds).zip(&self.costs)
        {
            let inputs = |call: &Statement| call.inputs.iter().cloned().map(LineInput).collect();
            let line = SuiteLine(
                *cost,
                LineKind(*kind),
                derivation.parts.clone(),
                derivation.call.method,
                inputs(&derivation.call),
                derivation
                    .fuzz
                    .iter()
                    .map(|f| (f.part, f.call.method, inputs(&f.call)))
                    .collect(),
            );
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Reads a suite written by [`Suite::write`] for `unit` and `context` (M_C): its
    /// header, and the suite with every test case rebuilt from its derivation.
    ///
    /// # Errors
    /// A malformed line, a derivation that refers forward, a method the unit lacks or a
    /// count that disagrees with the header.
    pub fn read(
        unit: &dyn Unit,
        context: &TestContext,
        input: impl BufRead + Send + 'static,
    ) -> Result<(SuiteHeader, Suite), SuiteFileError> {
        let mut reader = SuiteReader::open(unit, context, input)?;
        reader.read_to(usize::MAX)?;
        let header = reader.header.clone();
        let suite = Suite {
            generator: header.config.name().to_string(),
            seed: header.seed,
            padding: reader.builder.padding,
            costs: reader.costs,
            kinds: reader.kinds,
            derivations: reader.derivations,
        };
        Ok((header, suite))
    }
}

/// A suite file read as far as it is needed: test cases are rebuilt in order, on demand,
/// so replaying a prefix reads only that prefix (a derivation refers only to earlier test
/// cases).
pub struct SuiteReader {
    header: SuiteHeader,
    lines: std::iter::Enumerate<std::io::Lines<Box<dyn BufRead + Send>>>,
    class: String,
    builder: CaseBuilder,
    derivations: Vec<Derivation>,
    cases: Vec<Arc<GeneratedCase>>,
    costs: Vec<u64>,
    kinds: Vec<CaseKind>,
}

impl std::fmt::Debug for SuiteReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SuiteReader")
            .field("subject", &self.header.subject)
            .field("cases", &self.header.cases)
            .field("read", &self.cases.len())
            .finish()
    }
}

impl SuiteReader {
    /// Reads the header of the suite in `input` for `unit` and `context` (M_C).
    ///
    /// # Errors
    /// An empty file or a malformed header.
    pub fn open(
        unit: &dyn Unit,
        context: &TestContext,
        input: impl BufRead + Send + 'static,
    ) -> Result<Self, SuiteFileError> {
        let boxed: Box<dyn BufRead + Send> = Box::new(input);
        let mut lines = boxed.lines().enumerate();
        let header: SuiteHeader =
            match lines.next() {
                Some((i, text)) => serde_json::from_str(&text.map_err(SuiteFileError::Io)?)
                    .map_err(|e| SuiteFileError::Line {
                        line: i + 1,
                        message: e.to_string(),
                    })?,
                None => return Err(SuiteFileError::Empty),
            };
        Ok(SuiteReader {
            builder: CaseBuilder::new(unit, context, header.config.padding()),
            class: unit.class().to_string(),
            derivations: Vec::new(),
            cases: Vec::new(),
            costs: Vec::new(),
            kinds: Vec::new(),
            header,
            lines,
        })
    }

    /// The header.
    pub fn header(&self) -> &SuiteHeader {
        &self.header
    }

    /// The test cases read so far.
    pub fn cases(&self) -> &[Arc<GeneratedCase>] {
        &self.cases
    }

    /// Reads on until `count` test cases are read or the file ends; at its end, checks the
    /// count against the header.
    ///
    /// # Errors
    /// A malformed line, a derivation that refers forward, a method the unit lacks or a
    /// count that disagrees with the header.
    pub fn read_to(&mut self, count: usize) -> Result<(), SuiteFileError> {
        let bad = |line: usize, message: String| SuiteFileError::Line {
            line: line + 1,
            message,
        };
        while self.cases.len() < count {
            let Some((i, text)) = self.lines.next() else {
                if self.cases.len() != self.header.cases {
                    return Err(SuiteFileError::Count {
                        header: self.header.cases,
                        found: self.cases.len(),
                    });
                }
                return Ok(());
            };
            let line: SuiteLine = serde_json::from_str(&text.map_err(SuiteFileError::Io)?)
                .map_err(|e| bad(i, e.to_string()))?;
            let SuiteLine(cost, LineKind(kind), parts, method, inputs, fuzz) = line;
            let statement = |method, inputs: Vec<LineInput>| Statement {
                method,
                inputs: inputs.into_iter().map(|LineInput(input)| input).collect(),
            };
            let derivation = Derivation {
                fuzz: fuzz
                    .into_iter()
                    .map(|(part, method, inputs)| Fuzz {
                        part,
                        call: statement(method, inputs),
                    })
                    .collect(),
                parts,
                call: statement(method, inputs),
            };
            let position = self.derivations.len();
            if let Some(p) = derivation.parts.iter().find(|&&p| p as usize >= position) {
                return Err(bad(i, format!("test case {position} is built from {p}")));
            }
            let calls =
                std::iter::once(&derivation.call).chain(derivation.fuzz.iter().map(|f| &f.call));
            if let Some(call) = calls
                .into_iter()
                .find(|c| c.method as usize >= self.builder.methods.len())
            {
                return Err(bad(
                    i,
                    format!("{} has no method {}", self.class, call.method),
                ));
            }
            if !derivation.fuzz.is_sorted_by_key(|f| f.part)
                || derivation
                    .fuzz
                    .iter()
                    .any(|f| f.part as usize >= derivation.parts.len())
            {
                return Err(bad(i, "fuzz calls out of order or after no part".into()));
            }
            self.derivations.push(derivation);
            let case = self.builder.case(&self.derivations, position);
            self.cases.push(Arc::new(case));
            self.kinds.push(kind);
            self.costs.push(cost);
        }
        Ok(())
    }
}

/// Rebuilds test cases in canonical form from their derivations, for one unit and M_C.
struct CaseBuilder {
    methods: Vec<crate::subject::MethodInfo>,
    needed: Vec<crate::subject::PoolType>,
    padding: PoolInit,
    /// The statements of the test case being rebuilt, their room kept.
    statements: Vec<Statement>,
}

impl CaseBuilder {
    fn new(unit: &dyn Unit, context: &TestContext, padding: PoolInit) -> Self {
        CaseBuilder {
            methods: unit.methods().to_vec(),
            needed: context.types_of_interest().to_vec(),
            padding,
            statements: Vec::new(),
        }
    }

    /// Test case `i` of the suite of `derivations` in canonical form.
    fn case(&mut self, derivations: &[Derivation], i: usize) -> GeneratedCase {
        let mut statements = std::mem::take(&mut self.statements);
        statements.clear();
        expand(derivations, i, &mut statements);
        let sequence = Sequence { statements };
        let case = sequence.to_case(&self.methods, &self.needed, &self.padding);
        self.statements = sequence.statements;
        case
    }
}

/// Appends the statements of test case `i` to `out`: its parts' statements, each followed
/// by its fuzz calls, then its call, result references moved past what `out` held before.
fn expand(derivations: &[Derivation], i: usize, out: &mut Vec<Statement>) {
    let base = out.len() as u32;
    let derivation = &derivations[i];
    let mut fuzz = derivation.fuzz.iter().peekable();
    for (position, &part) in derivation.parts.iter().enumerate() {
        let part_base = out.len() as u32;
        expand(derivations, part as usize, out);
        while let Some(f) = fuzz.next_if(|f| f.part as usize == position) {
            out.push(f.call.shifted(part_base));
        }
    }
    out.push(derivation.call.shifted(base));
}

/// The first line of a suite file: what the suite is of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteHeader {
    /// The subject's class name.
    pub subject: String,
    /// The generator and its parameters.
    pub config: GeneratorConfig,
    /// The seed.
    pub seed: u64,
    /// The budgets it was generated within (it holds each one's suite as a prefix).
    pub budgets: Vec<SuiteBudget>,
    /// Per budget, the length of its prefix ([`Suite::prefix`]).
    pub prefixes: Vec<usize>,
    /// The number of test cases.
    pub cases: usize,
    /// Gold's calls that ended the process making the suite, answered as panics
    /// ([`CallWatch::skipped`]); left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<u64>,
}

/// One test case of a suite file: cost, kind, parts, method, inputs, and GRT's fuzz calls
/// as (part, method, inputs) — left out when there are none (FDRT's suites).
struct SuiteLine(u64, LineKind, Vec<u32>, u32, Vec<LineInput>, Vec<LineFuzz>);

/// A fuzz call in a suite file: the part it follows, its method and inputs.
type LineFuzz = (u32, u32, Vec<LineInput>);

impl Serialize for SuiteLine {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let fuzzed = !self.5.is_empty();
        let mut tuple = serializer.serialize_tuple(if fuzzed { 6 } else { 5 })?;
        tuple.serialize_element(&self.0)?;
        tuple.serialize_element(&self.1)?;
        tuple.serialize_element(&self.2)?;
        tuple.serialize_element(&self.3)?;
        tuple.serialize_element(&self.4)?;
        if fuzzed {
            tuple.serialize_element(&self.5)?;
        }
        tuple.end()
    }
}

impl<'de> Deserialize<'de> for SuiteLine {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Five or six elements.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Plain(u64, LineKind, Vec<u32>, u32, Vec<LineInput>),
            Fuzzed(u64, LineKind, Vec<u32>, u32, Vec<LineInput>, Vec<LineFuzz>),
        }
        Ok(match Either::deserialize(deserializer)? {
            Either::Plain(a, b, c, d, e) => SuiteLine(a, b, c, d, e, Vec::new()),
            Either::Fuzzed(a, b, c, d, e, f) => SuiteLine(a, b, c, d, e, f),
        })
    }
}

/// A kind in a suite file: `"n"`, `"x"` or the contract broken.
struct LineKind(CaseKind);

impl Serialize for LineKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            CaseKind::Normal => serializer.serialize_str("n"),
            CaseKind::Exception => serializer.serialize_str("x"),
            CaseKind::Error(violation) => violation.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for LineKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(LineKind(match text.as_str() {
            "n" => CaseKind::Normal,
            "x" => CaseKind::Exception,
            other => CaseKind::Error(
                serde_json::from_value(serde_json::Value::String(other.to_string()))
                    .map_err(serde::de::Error::custom)?,
            ),
        }))
    }
}

/// An input in a suite file: a tagged string.
struct LineInput(Input);

impl Serialize for LineInput {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = match &self.0 {
            Input::Int(v) => format!("i{v}"),
            Input::Bool(v) => format!("b{}", u8::from(*v)),
            Input::Str(v) => format!("s{v}"),
            Input::Result(r) => format!("r{r}"),
            Input::Null => "null".to_string(),
        };
        serializer.serialize_str(&text)
    }
}

impl<'de> Deserialize<'de> for LineInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let bad = || serde::de::Error::custom(format!("not an input: {text:?}"));
        let input = if text == "null" {
            Input::Null
        } else if let Some(v) = text.strip_prefix('i') {
            Input::Int(v.parse().map_err(|_| bad())?)
        } else if let Some(v) = text.strip_prefix('b') {
            match v {
                "0" => Input::Bool(false),
                "1" => Input::Bool(true),
                _ => return Err(bad()),
            }
        } else if let Some(v) = text.strip_prefix('s') {
            Input::Str(Arc::from(v))
        } else if let Some(v) = text.strip_prefix('r') {
            Input::Result(v.parse().map_err(|_| bad())?)
        } else {
            return Err(bad());
        };
        Ok(LineInput(input))
    }
}

/// A suite file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SuiteFileError {
    /// Reading failed.
    #[error(transparent)]
    Io(std::io::Error),
    /// The file is empty.
    #[error("the suite file is empty")]
    Empty,
    /// A line is malformed.
    #[error("line {line}: {message}")]
    Line {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The header's count disagrees with the lines.
    #[error("the header announces {header} test cases, the file holds {found}")]
    Count {
        /// The header's count.
        header: usize,
        /// The lines.
        found: usize,
    },
}

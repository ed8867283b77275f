//! Rendering an analysed file into the text of its mutant schemata, and the line map that
//! ties lines of that text back to mutants.
//!
//! The text is printed token by token (doc attributes dropped). Each mutant's arm sits on
//! lines of its own, so a compiler error's line identifies the mutant: [`Rendered::arms`]
//! lists the line range of every arm, [`Rendered::points`] of every point's whole
//! rewrite, [`Rendered::functions`] of every instrumented function (with the mutants in
//! it), from the innermost to the outermost attribution used by `testspace mutate`.

use std::fmt::Write as _;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::ToTokens;

use crate::analysis::Analysis;
use crate::generate::Mutant;

/// A line range (1-based, inclusive) of the rendered text.
pub type Lines = (usize, usize);

/// The rendered schemata of one file.
#[derive(Clone, Debug, Default)]
pub struct Rendered {
    /// The Rust text (a module body, to be `include!`d).
    pub text: String,
    /// Lines of each enabled mutant's arm: (id, lines).
    pub arms: Vec<(u32, Lines)>,
    /// Lines of each point's rewrite: (enabled ids of the point, lines).
    pub points: Vec<(Vec<u32>, Lines)>,
    /// Lines of each instrumented function: (enabled ids inside it, lines).
    pub functions: Vec<(Vec<u32>, Lines)>,
}

impl Rendered {
    /// The line map, one region a line: `arm ID FROM TO`, `point FROM TO ID…`,
    /// `fn FROM TO ID…`.
    pub fn map_text(&self) -> String {
        let mut out = String::new();
        for (id, (a, b)) in &self.arms {
            let _ = writeln!(out, "arm {id} {a} {b}");
        }
        for (kind, regions) in [("point", &self.points), ("fn", &self.functions)] {
            for (ids, (a, b)) in regions {
                let _ = write!(out, "{kind} {a} {b}");
                for id in ids {
                    let _ = write!(out, " {id}");
                }
                out.push('\n');
            }
        }
        out
    }

    /// The ids to exclude for an error at `line`: the arm containing it, else the point
    /// whose rewrite contains it, else the function containing it (innermost first);
    /// empty if the line lies outside every region.
    pub fn attribute(&self, line: usize) -> Vec<u32> {
        let inside = |(a, b): &Lines| *a <= line && line <= *b;
        let width = |(a, b): &Lines| b - a;
        if let Some((id, _)) = self
            .arms
            .iter()
            .filter(|(_, l)| inside(l))
            .min_by_key(|(_, l)| width(l))
        {
            return vec![*id];
        }
        for regions in [&self.points, &self.functions] {
            if let Some((ids, _)) = regions
                .iter()
                .filter(|(ids, l)| inside(l) && !ids.is_empty())
                .min_by_key(|(_, l)| width(l))
            {
                return ids.clone();
            }
        }
        Vec::new()
    }

    /// The same map for the text placed `lines` lines further down a file.
    pub fn shift(&mut self, lines: usize) {
        let move_down = |(a, b): &mut Lines| {
            *a += lines;
            *b += lines;
        };
        self.arms.iter_mut().for_each(|(_, l)| move_down(l));
        self.points.iter_mut().for_each(|(_, l)| move_down(l));
        self.functions.iter_mut().for_each(|(_, l)| move_down(l));
    }

    /// Parses [`Rendered::map_text`] back (the text is not restored).
    pub fn from_map_text(map: &str) -> Option<Rendered> {
        let mut r = Rendered::default();
        for line in map.lines() {
            let mut words = line.split_whitespace();
            let kind = words.next()?;
            let nums: Option<Vec<usize>> = words.map(|w| w.parse().ok()).collect();
            let nums = nums?;
            match kind {
                "arm" if nums.len() == 3 => r.arms.push((nums[0] as u32, (nums[1], nums[2]))),
                "point" | "fn" if nums.len() >= 2 => {
                    let ids = nums[2..].iter().map(|&i| i as u32).collect();
                    let region = (ids, (nums[0], nums[1]));
                    if kind == "point" {
                        r.points.push(region);
                    } else {
                        r.functions.push(region);
                    }
                }
                _ => return None,
            }
        }
        Some(r)
    }
}

struct Printer<'a> {
    /// The analysis whose markers the text holds (`None`: plain text, no markers).
    analysis: Option<&'a Analysis>,
    enabled: &'a dyn Fn(u32) -> bool,
    out: String,
    line: usize,
    arm_stack: Vec<(u32, usize)>,
    point_stack: Vec<(usize, usize)>,
    fn_stack: Vec<(Vec<u32>, usize)>,
    rendered: Rendered,
}

impl Printer<'_> {
    fn newline(&mut self) {
        if !self.out.ends_with('\n') {
            self.out.push('\n');
            self.line += 1;
        }
    }

    fn word(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push(' ');
    }

    /// Handles a marker identifier; `true` if `name` was one.
    fn marker(
        &mut self,
        name: &str,
        rest: &mut std::iter::Peekable<proc_macro2::token_stream::IntoIter>,
    ) -> bool {
        let point = |v: &str| -> usize { v.parse().expect("marker index") };
        let Some(analysis) = self.analysis else {
            return false;
        };
        if let Some(v) = name.strip_prefix("__TSBASE_") {
            let first = analysis.points[point(v)].first_id;
            self.word(&first.to_string());
        } else if let Some(f) = name.strip_prefix("__TSLO_") {
            let (first, _) = analysis.id_range(point(f));
            self.word(&first.to_string());
        } else if let Some(f) = name.strip_prefix("__TSSPAN_") {
            let (first, last) = analysis.id_range(point(f));
            self.word(&(last - first).to_string());
        } else if let Some(vj) = name.strip_prefix("__TSARM_") {
            let (v, j) = vj.split_once('_').expect("__TSARM_v_j");
            let id = analysis.points[point(v)].first_id + point(j) as u32;
            if (self.enabled)(id) {
                self.newline();
                self.arm_stack.push((id, self.line));
                if let Some((ids, _)) = self.fn_stack.last_mut() {
                    ids.push(id);
                }
            } else {
                for tt in rest.by_ref() {
                    if matches!(&tt, TokenTree::Ident(i) if i == "__TSEND") {
                        break;
                    }
                }
            }
        } else if name == "__TSEND" {
            let (id, start) = self.arm_stack.pop().expect("arm begin");
            self.rendered.arms.push((id, (start, self.line)));
            self.newline();
        } else if let Some(v) = name.strip_prefix("__TSPT_") {
            self.point_stack.push((point(v), self.line));
        } else if name == "__TSPTEND" {
            let (v, start) = self.point_stack.pop().expect("point begin");
            let p = &analysis.points[v];
            let ids: Vec<u32> = (0..p.replacements.len() as u32)
                .map(|j| p.first_id + j)
                .filter(|&id| (self.enabled)(id))
                .collect();
            self.rendered.points.push((ids, (start, self.line)));
        } else if name == "__TSFN" {
            self.newline();
            self.fn_stack.push((Vec::new(), self.line));
        } else if name == "__TSFNEND" {
            let (ids, start) = self.fn_stack.pop().expect("fn begin");
            if let Some((outer, _)) = self.fn_stack.last_mut() {
                outer.extend(&ids);
            }
            self.rendered.functions.push((ids, (start, self.line)));
            self.newline();
        } else {
            return false;
        }
        true
    }

    fn stream(&mut self, tokens: TokenStream) {
        let mut it = tokens.into_iter().peekable();
        while let Some(tt) = it.next() {
            match tt {
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    if !name.starts_with("__TS") || !self.marker(&name, &mut it) {
                        self.word(&name);
                    }
                }
                TokenTree::Literal(lit) => self.word(&lit.to_string()),
                TokenTree::Punct(p) => {
                    if p.as_char() == '#' && is_doc(it.peek()) {
                        it.next();
                        continue;
                    }
                    self.out.push(p.as_char());
                    if p.spacing() == Spacing::Alone {
                        self.out.push(' ');
                    }
                    if p.as_char() == ';' {
                        self.newline();
                    }
                }
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    self.out.push_str(open);
                    if g.delimiter() == Delimiter::Brace {
                        self.newline();
                    }
                    self.stream(g.stream());
                    self.out.push_str(close);
                    self.out.push(' ');
                    if g.delimiter() == Delimiter::Brace {
                        self.newline();
                    }
                }
            }
        }
    }
}

fn is_doc(next: Option<&TokenTree>) -> bool {
    match next {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
            matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc")
        }
        _ => false,
    }
}

/// Renders the schemata of `analysis` with the mutants for which `enabled` holds; the
/// others are left out (their points keep the original code in the `_` arm).
pub fn render(analysis: &Analysis, enabled: &dyn Fn(u32) -> bool) -> Rendered {
    print(Some(analysis), enabled, &analysis.rewritten)
}

/// The text of a file without markers (the coverage copy), printed as the schemata are.
pub fn render_plain(file: &syn::File) -> String {
    print(None, &|_| false, file).text
}

fn print(analysis: Option<&Analysis>, enabled: &dyn Fn(u32) -> bool, file: &syn::File) -> Rendered {
    let mut printer = Printer {
        analysis,
        enabled,
        out: String::new(),
        line: 1,
        arm_stack: Vec::new(),
        point_stack: Vec::new(),
        fn_stack: Vec::new(),
        rendered: Rendered::default(),
    };
    printer.stream(file.to_token_stream());
    printer.newline();
    let mut rendered = printer.rendered;
    rendered.text = printer.out;
    rendered
}

/// A Rust string literal of `s`.
fn literal(s: &str) -> String {
    format!("{s:?}")
}

/// The `TESTSPACE_MUTANTS` table of a schemata module: the enabled mutants, in id order,
/// as `::testspace::subject::SchemataMutant` values.
pub fn table(mutants: &[Mutant], enabled: &dyn Fn(u32) -> bool) -> String {
    let mut out = String::from(
        "/// The mutants compiled into this schemata copy, in id order.\n\
         pub static TESTSPACE_MUTANTS: &[::testspace::subject::SchemataMutant] = &[\n",
    );
    for m in mutants.iter().filter(|m| enabled(m.id)) {
        let _ = writeln!(
            out,
            "    ::testspace::subject::SchemataMutant {{ id: {}, operator: {}, location: {}, original: {}, replacement: {} }},",
            m.id,
            literal(m.operator.name()),
            literal(&m.location),
            literal(&m.original),
            literal(&m.replacement)
        );
    }
    out.push_str("];\n");
    out
}

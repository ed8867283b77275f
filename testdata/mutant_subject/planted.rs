//! A subject with deliberately planted mutation points for the guard tests
//! (`tests/mutant_guards.rs`): `build.rs` writes its schemata with every mutant compiled
//! in. Some of its mutants loop forever (`n -= 1` → `n += 1`, or deleted), recurse
//! without bound (`n - 1` → `n + 1` in `depth`) or allocate without bound (the negated
//! size check of `fill`); `toString()` loops too (`i += 1` → `i *= 1`, or deleted).

use crate::subject::{JavaException, Method, Param, Return, Subject};

/// `test.Planted`: a few cells of ints.
#[derive(Clone, Debug, Default)]
pub struct Planted {
    cells: Vec<i32>,
}

impl Planted {
    /// Counts `n` down to 0; returns the number of steps.
    pub fn count_down(&self, n: i32) -> i32 {
        let mut n = n;
        let mut steps = 0;
        while n > 0 {
            n -= 1;
            steps += 1;
        }
        steps
    }

    /// The recursion depth `n` (0 for n ≤ 0), computed recursively.
    pub fn depth(&self, n: i32) -> i32 {
        if n <= 0 { 0 } else { 1 + self.depth(n - 1) }
    }

    /// Resizes the cells to `n` ones; more than 1000 throws `IllegalArgumentException`.
    pub fn fill(&mut self, n: i32) -> Result<i32, JavaException> {
        if n > 1000 {
            return Err(JavaException::IllegalArgument);
        }
        self.cells.resize(n.max(0) as usize, 1);
        Ok(self.cells.len() as i32)
    }
}

impl Subject for Planted {
    const CLASS: &'static str = "Planted";
    const JAVA_CLASS: &'static str = "test.Planted";

    fn methods() -> Vec<Method<Self>> {
        vec![
            Method::constructor("Planted", &[], |_| Ok(Planted::default())),
            Method::instance("countDown", &[Param::Int], Return::Int, |p, a| {
                Ok(p.count_down(a.int(0)).into())
            }),
            Method::instance("depth", &[Param::Int], Return::Int, |p, a| {
                Ok(p.depth(a.int(0)).into())
            }),
            Method::instance("fill", &[Param::Int], Return::Int, |p, a| {
                Ok(p.fill(a.int(0))?.into())
            }),
        ]
    }

    fn to_java_string(&self) -> String {
        self.render()
    }
}

impl Planted {
    /// Java's `AbstractCollection.toString()`: `[1, 1, 1]`.
    pub fn render(&self) -> String {
        let mut out = String::from("[");
        let size = self.cells.len() as i32;
        let mut i = 0;
        while i < size {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&self.cells[i as usize].to_string());
            i += 1;
        }
        out.push(']');
        out
    }
}

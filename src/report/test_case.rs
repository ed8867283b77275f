//! A test case as canonical-form-3 code (Figure 1(d) of the paper, in Rust syntax): what
//! `decode` prints, `show-test` quotes and the JDK differential test reports.

use std::fmt::Write as _;

use num_bigint::BigUint;

use crate::context::TestContext;
use crate::subject::PoolType;

/// Renders test case `digits` (index `index`) of `context` as canonical-form-3 code:
/// value-pool declarations and initial values, then one statement per method call, each
/// commented with its position and method signature.
pub fn render_test_case(context: &TestContext, index: &BigUint, digits: &[u32]) -> String {
    let mut out = String::new();
    let n = digits.len();
    let _ = writeln!(
        out,
        "// {class} test case {index} of z = j^n = {j}^{n} (canonical form 3)",
        class = context.class(),
        j = context.j()
    );
    let pools = context.pools();
    for &t in context.types_of_interest() {
        let size = pools.size(t);
        let line = match t {
            PoolType::Int => {
                let init: Vec<String> = pools.ints.iter().map(|v| format!("Some({v})")).collect();
                format!(
                    "let mut int_vp: [Option<i32>; {size}] = [{}];",
                    init.join(", ")
                )
            }
            PoolType::Bool => {
                let init: Vec<String> = pools.bools.iter().map(|v| v.to_string()).collect();
                format!("let mut bool_vp: [bool; {size}] = [{}];", init.join(", "))
            }
            PoolType::Str => {
                let init: Vec<String> = pools
                    .strings
                    .iter()
                    .map(|v| format!("Some({v:?}.to_string())"))
                    .collect();
                format!(
                    "let mut string_vp: [Option<String>; {size}] = [{}];",
                    init.join(", ")
                )
            }
            PoolType::Object => {
                let init = vec!["None"; size].join(", ");
                format!(
                    "let mut object_vp: [Option<{}>; {size}] = [{init}];",
                    context.class()
                )
            }
        };
        let _ = writeln!(out, "{line}");
    }
    for (i, &d) in digits.iter().enumerate() {
        let info = &context.methods()[context.call(d).position].info;
        let _ = writeln!(
            out,
            "{}  // mc_{}: {}",
            context.render_call(d),
            i + 1,
            info.signature
        );
    }
    out
}

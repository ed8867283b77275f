//! A counter: the smallest useful subject.

use crate::subject::{JavaException, Method, Param, Return, Subject};

/// `example.Counter`: an int that can be added to and divided.
#[derive(Clone, Debug)]
pub struct Counter {
    value: i32,
}

impl Subject for Counter {
    const CLASS: &'static str = "Counter";
    const JAVA_CLASS: &'static str = "example.Counter";

    fn methods() -> Vec<Method<Self>> {
        vec![
            Method::constructor("Counter", &[], |_| Ok(Counter { value: 0 })),
            Method::instance("add", &[Param::Int], Return::Int, |c, a| {
                c.value = c.value.wrapping_add(a.int(0)); // Java ints wrap
                Ok(c.value.into())
            }),
            Method::instance("divide", &[Param::Int], Return::Void, |c, a| {
                match a.int(0) {
                    0 => Err(JavaException::Arithmetic),
                    d => {
                        c.value = c.value.wrapping_div(d);
                        Ok(().into())
                    }
                }
            }),
            Method::instance(
                "isZero",
                &[],
                Return::Bool,
                |c, _| Ok((c.value == 0).into()),
            ),
        ]
    }

    fn to_java_string(&self) -> String {
        self.value.to_string()
    }
}

//! The subjects: Rust ports of the `java.util` units of the paper's experiment.
//!
//! Adding a subject: write one file here with a type implementing
//! [`crate::subject::Subject`], then add one `module::Type` line to the
//! `register_subjects!` list below. `README.md` in this directory lists every unit with
//! its size, M_C, T_I and j.

use crate::subject::{SubjectUnit, Unit};

/// Declares each subject module and lists its type in [`all`], in the order given, with
/// the text of its file `subjects/<module>.rs` (for `Unit::source` and the SLOC count).
macro_rules! register_subjects {
    ($($module:ident :: $subject:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every registered subject, in registration order.
        pub fn all() -> Vec<Box<dyn Unit>> {
            vec![$(Box::new(
                SubjectUnit::<$module::$subject>::new()
                    .with_source(include_str!(concat!(stringify!($module), ".rs"))),
            )),*]
        }
    };
}

pub mod abstract_collection;
pub mod declarations;
pub mod java_array;

register_subjects! {
    array_list::ArrayList,
    enum_map::EnumMap,
    hash_map::HashMap,
    hash_set::HashSet,
    hashtable::Hashtable,
    identity_hash_map::IdentityHashMap,
    linked_hash_map::LinkedHashMap,
    linked_hash_set::LinkedHashSet,
    linked_list::LinkedList,
    priority_queue::PriorityQueue,
    properties::Properties,
    stack::Stack,
    tree_map::TreeMap,
    tree_set::TreeSet,
    vector::Vector,
    weak_hash_map::WeakHashMap,
}
